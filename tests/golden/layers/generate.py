#!/usr/bin/python3
"""Writes layers.golden: what PyTorch answers for the layer family (softmax and log-softmax
with a temperature, embedding, dropout with a given mask, 2-D batch norm, layer norm), forward
and backward, and the masks the core's documented dropout generator draws, computed here by an
independent Python SplitMix64.

Run with a Python that has PyTorch (on this machine:
/usr/bin/python3 tests/golden/layers/generate.py). The output is committed, so the C++ and
Node tests never need PyTorch. The format is described in README.md next to this file.

Every random tensor is drawn from a generator seeded by the case's name, so adding, removing or
reordering cases leaves the other cases' numbers unchanged.
"""

import pathlib
import sys
import zlib

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from golden_text import splitmix64_uniforms  # noqa: E402

OUTPUT_PATH = pathlib.Path(__file__).with_name("layers.golden")
INF = float("inf")

cases = []  # (name, op, [(key, words)]), in file order


def seeded(name):
    return torch.Generator().manual_seed(zlib.crc32(name.encode()))


def format_float(value):
    """Shortest text that reads back as the same float32, also through a double (as JS does)."""
    f32 = np.float32(value)
    text = str(f32)
    back = np.float32(float(text))
    assert (np.isnan(back) and np.isnan(f32)) or (back == f32 and np.signbit(back) == np.signbit(f32)), text
    return text


def floats(t):
    return [format_float(v) for v in torch.as_tensor(t).detach().reshape(-1).tolist()]


def ints(values):
    return [str(int(v)) for v in values]


def add(name, op, rows):
    assert all(c[0] != name for c in cases), "duplicate case name " + name
    cases.append((name, op, rows))


def randn(name, shape, scale=1.0, shift=0.0):
    return torch.randn(shape, generator=seeded(name), dtype=torch.float32) * scale + shift


# ---- softmax and log-softmax: softmax(input / temperature, dim) ------------------------------

def softmax_case(name, x, dim=-1, temperature=1.0):
    x = torch.as_tensor(x, dtype=torch.float32)
    g = randn(name + "/grad", x.shape)
    rows = [("shape", ints(x.shape)), ("dim", [str(dim)]),
            ("temperature", [format_float(temperature)]), ("input", floats(x)),
            ("grad_output", floats(g))]
    for op, key in ((F.softmax, "softmax"), (F.log_softmax, "log_softmax")):
        leaf = x.clone().requires_grad_(True)
        y = op(leaf / temperature, dim=dim)
        (grad,) = torch.autograd.grad(y, leaf, g) if y.numel() else (torch.zeros_like(x),)
        rows += [(key, floats(y)), (key + "_grad", floats(grad))]
    add(name, "softmax", rows)


def softmax_cases():
    softmax_case("softmax_lesson", [2.0, 1.0, 0.1])
    softmax_case("softmax_large_1000_1001", [1000.0, 1001.0])
    softmax_case("softmax_large_row", [1000.0, 1001.0, 1002.0, 999.0])
    softmax_case("softmax_minus_1e4", [-1.0e4, 0.0, 3.0])
    softmax_case("softmax_all_minus_1e4", [-1.0e4, -1.0e4 + 1, -1.0e4 - 2])
    softmax_case("softmax_minus_inf", [-INF, 0.0, 1.0])
    softmax_case("softmax_ties", [1.0, 1.0, 1.0, 1.0])
    softmax_case("softmax_ties_at_top", [5.0, 5.0, 2.0])
    for t in (0.05, 1.0, 10.0):
        softmax_case(f"softmax_temperature_{t:g}", [2.0, 1.0, 0.1, -1.0], temperature=t)
        softmax_case(f"softmax_temperature_{t:g}_large", [1000.0, 1001.0, 990.0], temperature=t)
        softmax_case(f"softmax_temperature_{t:g}_matrix", randn(f"t{t}", (3, 4), 3.0), dim=1,
                     temperature=t)
    x = randn("dims", (2, 3, 4), 2.0)
    for dim in (0, 1, 2, -1, -2, -3):
        softmax_case(f"softmax_rank3_dim_{dim}", x, dim=dim)
    softmax_case("softmax_rank4_dim_1", randn("rank4", (2, 3, 2, 2), 2.0), dim=1, temperature=0.5)
    softmax_case("softmax_single", [7.0])
    softmax_case("softmax_single_rows", randn("single_rows", (4, 1)), dim=1)
    softmax_case("softmax_scalar", torch.tensor(3.0), dim=0)
    softmax_case("softmax_empty_batch", torch.zeros(0, 3), dim=-1)
    softmax_case("softmax_empty_dim", torch.zeros(2, 0), dim=1)
    softmax_case("softmax_empty_other_dim", torch.zeros(2, 0), dim=0)
    softmax_case("softmax_random_wide", randn("wide", (3, 37), 4.0), temperature=2.0)


# ---- embedding --------------------------------------------------------------------------------

def embedding_case(name, rows_count, dim, indices, padding_idx=None):
    weight = randn(name + "/weight", (rows_count, dim))
    index = torch.tensor(indices, dtype=torch.long)
    leaf = weight.clone().requires_grad_(True)
    y = F.embedding(index, leaf, padding_idx=padding_idx)
    g = randn(name + "/grad", y.shape)
    (grad,) = torch.autograd.grad(y, leaf, g) if y.numel() else (torch.zeros_like(weight),)
    rows = [("weight_shape", ints([rows_count, dim])), ("weight", floats(weight)),
            ("indices", ints(indices))]
    if padding_idx is not None:
        rows.append(("padding_idx", [str(padding_idx)]))
    rows += [("output", floats(y)), ("grad_output", floats(g)), ("grad_weight", floats(grad))]
    add(name, "embedding", rows)


def embedding_cases():
    embedding_case("embedding_lesson", 6, 4, [1, 3, 1, 0, 5, 1])
    embedding_case("embedding_padding_0", 6, 4, [0, 2, 0, 4, 2, 2], padding_idx=0)
    embedding_case("embedding_padding_minus_1", 6, 4, [5, 1, 5, 3], padding_idx=-1)
    embedding_case("embedding_padding_unused", 5, 3, [1, 2, 3], padding_idx=4)
    embedding_case("embedding_one_row", 1, 3, [0, 0, 0])
    embedding_case("embedding_empty", 4, 2, [])


# ---- dropout with a given mask ----------------------------------------------------------------

def check_dropout_formula():
    """F.dropout's own draws keep x * (1 / (1 - p)) exactly where its mask keeps: the formula the
    cases below use with a given mask (PyTorch's generator is not the core's)."""
    x = randn("dropout_check", (4096,)) + 3.0  # never 0, so the kept elements show
    for p in (0.1, 0.5, 0.9):
        y = F.dropout(x, p, training=True)
        mask = (y != 0).to(torch.float32)
        assert torch.equal(y, x * mask.div_(1 - p)), p
    assert torch.equal(F.dropout(x, 1.0, training=True), torch.zeros_like(x))


def dropout_case(name, x, p):
    x = torch.as_tensor(x, dtype=torch.float32)
    mask = (torch.rand(x.shape, generator=seeded(name + "/mask")) >= 0.5).to(torch.uint8)
    g = randn(name + "/grad", x.shape)
    leaf = x.clone().requires_grad_(True)
    # PyTorch's _dropout_impl: noise = bernoulli(1 - p).div_(1 - p); input * noise; p = 1: zeros.
    noise = torch.zeros(x.shape) if p == 1 else mask.to(torch.float32).div_(1 - p)
    y = leaf * noise
    (grad,) = torch.autograd.grad(y, leaf, g)
    add(name, "dropout", [("p", [format_float(p)]), ("input", floats(x)), ("mask", ints(mask.tolist())),
                          ("output", floats(y)), ("grad_output", floats(g)),
                          ("grad_input", floats(grad))])


def dropout_cases():
    check_dropout_formula()
    for p in (0.0, 0.25, 0.5, 0.9, 1.0):
        dropout_case(f"dropout_p_{p:g}", randn(f"dropout_{p}", (24,), 2.0), p)
    dropout_case("dropout_edges", [INF, -INF, float("nan"), 0.0, -0.0, 1e30, -3e38, 1.0], 0.5)


# ---- the core's dropout mask generator (golden_text.splitmix64_uniforms) ----------------------

def mask_case(name, length, p, seed):
    mask = [1 if u >= p else 0 for u in splitmix64_uniforms(seed, length)]
    add(name, "dropout_mask", [("length", [str(length)]), ("p", [format_float(p)]),
                               ("seed", [str(seed)]), ("mask", ints(mask))])


def mask_cases():
    mask_case("mask_seed_0_p_0.5", 64, 0.5, 0)
    mask_case("mask_seed_42_p_0.1", 100, 0.1, 42)
    mask_case("mask_seed_7_p_0.9", 50, 0.9, 7)
    mask_case("mask_seed_max_p_0.3", 40, 0.3, 4294967295)
    mask_case("mask_p_0", 20, 0.0, 5)
    mask_case("mask_p_1", 20, 1.0, 5)
    mask_case("mask_empty", 0, 0.5, 1)


# ---- batch norm 2-D ---------------------------------------------------------------------------

def own_rounding(name, run):
    """PyTorch's float32 answers (a dict of tensors), and a "tolerance" row when they are further
    from its float64 answers than the usual 1e-5 relative or 1e-6 absolute: on ill-conditioned
    inputs (a channel near 1000, a constant row) PyTorch's float32 sums are off by their own
    rounding, and the core (which sums in double) is held to twice that distance there."""
    single, double = run(torch.float32), run(torch.float64)
    worst = 0.0
    for key, value in single.items():
        exact = double[key].to(torch.float32)
        if not torch.allclose(value, exact, rtol=1e-5, atol=1e-6):
            worst = max(worst, (value.double() - double[key]).abs().max().item())
    rows = [("tolerance", [format_float(2 * worst)])] if worst else []
    if worst:
        print(f"  {name}: PyTorch float32 is {worst:.3g} from float64; tolerance {2 * worst:.3g}")
    return single, rows


def batch_norm_case(name, x, running_mean, running_var, weight=None, bias=None, training=True,
                    momentum=0.1, eps=1e-5):
    """One call of F.batch_norm; returns the running statistics after it."""
    channels = x.shape[1]
    rows = [("shape", ints(x.shape)), ("training", ["1" if training else "0"]),
            ("momentum", [format_float(momentum)]), ("eps", [format_float(eps)])]
    for key, value in (("weight", weight), ("bias", bias)):
        if value is not None:
            rows.append((key, floats(value)))
    rows += [("running_mean", floats(running_mean)), ("running_var", floats(running_var)),
             ("input", floats(x))]
    g = randn(name + "/grad", x.shape)

    def run(dtype):
        new_mean, new_var = running_mean.to(dtype).clone(), running_var.to(dtype).clone()
        leaf = x.to(dtype).clone().requires_grad_(True)
        w = (torch.ones(channels) if weight is None else weight).to(dtype).clone().requires_grad_(True)
        b = (torch.zeros(channels) if bias is None else bias).to(dtype).clone().requires_grad_(True)
        y = F.batch_norm(leaf, new_mean, new_var, w, b, training=training, momentum=momentum,
                         eps=eps)
        out = {"output": y, "new_running_mean": new_mean, "new_running_var": new_var}
        if training:
            grads = torch.autograd.grad(y, (leaf, w, b), g.to(dtype))
            out.update(grad_input=grads[0], grad_weight=grads[1], grad_bias=grads[2])
        return {k: v.detach() for k, v in out.items()}

    result, tolerance = own_rounding(name, run)
    rows += tolerance
    rows += [(key, floats(result[key])) for key in ("output", "new_running_mean", "new_running_var")]
    if training:
        rows += [("grad_output", floats(g))]
        rows += [(key, floats(result[key])) for key in ("grad_input", "grad_weight", "grad_bias")]
    add(name, "batch_norm2d", rows)
    return result["new_running_mean"], result["new_running_var"]


def batch_norm_cases():
    # The lesson's batch: channel 0 near 1, channel 1 near 1000, three training steps, then eval.
    weight = torch.tensor([1.5, 0.5])
    bias = torch.tensor([0.1, -0.2])
    mean, var = torch.zeros(2), torch.ones(2)
    for step in range(3):
        name = f"batch_norm_scales_step_{step}"
        x = torch.cat([randn(name + "/c0", (4, 1, 3, 3), 0.2, 1.0),
                       randn(name + "/c1", (4, 1, 3, 3), 30.0, 1000.0)], dim=1)
        mean, var = batch_norm_case(name, x, mean, var, weight, bias)
    x = torch.cat([randn("eval/c0", (2, 1, 3, 3), 0.2, 1.0),
                   randn("eval/c1", (2, 1, 3, 3), 30.0, 1000.0)], dim=1)
    batch_norm_case("batch_norm_scales_eval", x, mean, var, weight, bias, training=False)
    x = randn("defaults", (2, 3, 2, 2), 2.0, 0.5)
    batch_norm_case("batch_norm_defaults", x, torch.zeros(3), torch.ones(3))
    for momentum in (0.0, 0.5, 1.0):
        batch_norm_case(f"batch_norm_momentum_{momentum:g}", randn(f"m{momentum}", (3, 2, 2, 3)),
                        randn(f"m{momentum}/mean", (2,)), randn(f"m{momentum}/var", (2,)).abs() + 0.5,
                        randn(f"m{momentum}/w", (2,)), randn(f"m{momentum}/b", (2,)), momentum=momentum)
    batch_norm_case("batch_norm_two_values_per_channel", randn("two", (2, 3, 1, 1)),
                    torch.zeros(3), torch.ones(3))
    batch_norm_case("batch_norm_one_image", randn("one_image", (1, 2, 2, 2)),
                    torch.zeros(2), torch.ones(2), eps=1e-3)
    batch_norm_case("batch_norm_constant_channel", torch.full((2, 1, 2, 2), 3.0),
                    torch.zeros(1), torch.ones(1))
    batch_norm_case("batch_norm_empty_batch", torch.zeros(0, 3, 2, 2), torch.full((3,), 0.5),
                    torch.full((3,), 2.0), randn("empty/w", (3,)), randn("empty/b", (3,)))
    batch_norm_case("batch_norm_empty_plane", torch.zeros(2, 2, 0, 2), torch.full((2,), 0.5),
                    torch.full((2,), 2.0))
    batch_norm_case("batch_norm_eval_single", randn("eval_single", (1, 3, 1, 1)),
                    randn("eval_single/mean", (3,)), torch.tensor([0.5, 2.0, 1.0]),
                    randn("eval_single/w", (3,)), randn("eval_single/b", (3,)), training=False)


# ---- layer norm -------------------------------------------------------------------------------

def layer_norm_case(name, x, weight=None, bias=None, eps=1e-5):
    cols = x.shape[-1]
    rows = [("shape", ints(x.shape)), ("eps", [format_float(eps)])]
    for key, value in (("weight", weight), ("bias", bias)):
        if value is not None:
            rows.append((key, floats(value)))
    g = randn(name + "/grad", x.shape)

    def run(dtype):
        leaf = x.to(dtype).clone().requires_grad_(True)
        w = (torch.ones(cols) if weight is None else weight).to(dtype).clone().requires_grad_(True)
        b = (torch.zeros(cols) if bias is None else bias).to(dtype).clone().requires_grad_(True)
        y = F.layer_norm(leaf, (cols,), w, b, eps)
        grads = torch.autograd.grad(y, (leaf, w, b), g.to(dtype)) if y.numel() else (
            torch.zeros_like(leaf), torch.zeros(cols, dtype=dtype), torch.zeros(cols, dtype=dtype))
        keys = ("output", "grad_input", "grad_weight", "grad_bias")
        return {k: v.detach() for k, v in zip(keys, (y,) + tuple(grads))}

    result, tolerance = own_rounding(name, run)
    rows += tolerance
    rows += [("input", floats(x)), ("output", floats(result["output"])), ("grad_output", floats(g))]
    rows += [(key, floats(result[key])) for key in ("grad_input", "grad_weight", "grad_bias")]
    add(name, "layer_norm", rows)


def layer_norm_cases():
    layer_norm_case("layer_norm_affine", randn("ln", (3, 5), 2.0), randn("ln/w", (5,)), randn("ln/b", (5,)))
    layer_norm_case("layer_norm_defaults", randn("ln_defaults", (2, 2, 4)))
    layer_norm_case("layer_norm_near_1000", randn("ln_1000", (2, 6), 5.0, 1000.0), eps=1e-3)
    layer_norm_case("layer_norm_one_column", randn("ln_one", (4, 1)), bias=randn("ln_one/b", (1,)))
    layer_norm_case("layer_norm_constant_row", torch.full((2, 3), 2.5))
    layer_norm_case("layer_norm_empty_batch", torch.zeros(0, 4))
    layer_norm_case("layer_norm_wide", randn("ln_wide", (2, 33), 3.0), randn("ln_wide/w", (33,)))


def write():
    softmax_cases()
    embedding_cases()
    dropout_cases()
    mask_cases()
    batch_norm_cases()
    layer_norm_cases()
    lines = [
        f"# Golden data for the layer family, computed by PyTorch {torch.__version__} on the CPU "
        "in float32 (dropout_mask cases: the core's SplitMix64, reimplemented in Python).",
        "# Generated by tests/golden/layers/generate.py; do not edit by hand. "
        "Format: tests/golden/layers/README.md.",
        f"# {len(cases)} cases.",
    ]
    for name, op, rows in cases:
        lines += [f"case {name}", f"op {op}"]
        lines += [" ".join([key] + words) for key, words in rows]
        lines += ["end", ""]
    OUTPUT_PATH.write_text("\n".join(lines))
    print(f"wrote {len(cases)} cases to {OUTPUT_PATH}")


if __name__ == "__main__":
    torch.set_flush_denormal(False)
    write()
