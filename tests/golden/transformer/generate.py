#!/usr/bin/python3
"""Writes transformer.golden: what PyTorch answers for the transformer family: the sinusoidal
positional encoding of PyTorch's tutorial (its frequencies and its table), one
torch.nn.TransformerEncoderLayer (dropout 0, eval mode) on an unbatched sequence, forward with
its inside and backward with autograd's gradients of the input and every parameter, and the
layer's parameter count (sum(p.numel())).

Run with a Python that has PyTorch (on this machine:
/usr/bin/python3 tests/golden/transformer/generate.py). The output is committed, so the C++ and
Node tests never need PyTorch. The format is described in README.md next to this file.

The layer's output and gradients come from the module itself. Its unbatched input takes the
standard path (the fast path, torch._transformer_encoder_layer_fwd, needs a batched input and no
gradient), and so does its MultiheadAttention. `trace` runs the same steps with the module's own
submodules to keep what a lesson shows of the inside, and each case asserts that they give the
module's output bit for bit before it writes anything.

The parameters are drawn from the course's SplitMix64 generator (golden_text.py), so that the
file holds a seed, not 66000 weights: every parameter in state_dict order, each value
float32(offset + (2u - 1) * scale) for the next draw u, offset 1 for the norms' weights and 0
for the rest. The inputs and output gradients are drawn from a torch generator seeded by the
case's name, so adding or reordering cases leaves the other cases' numbers unchanged.
"""

import copy
import math
import pathlib
import sys

import numpy as np
import torch

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from golden_text import (  # noqa: E402
    Cases, floats, own_rounding, same_bits, seeded, splitmix64_uniforms, write_golden)

OUTPUT_PATH = pathlib.Path(__file__).with_name("transformer.golden")
NAN = float("nan")

cases = Cases()
add = cases.add

PARAM_NAMES = ["self_attn.in_proj_weight", "self_attn.in_proj_bias", "self_attn.out_proj.weight",
               "self_attn.out_proj.bias", "linear1.weight", "linear1.bias", "linear2.weight",
               "linear2.bias", "norm1.weight", "norm1.bias", "norm2.weight", "norm2.bias"]
# The file's key for each: in_proj_weight, ..., norm2_bias.
KEYS = [name.replace("self_attn.", "").replace(".", "_") for name in PARAM_NAMES]
TRACE_KEYS = ["attention_weights", "attention_output", "residual1", "norm1", "norm2", "hidden",
              "feed_forward", "residual2"]


# ---- Positional encoding ----

def tutorial_encoding(length, d_model):
    """PositionalEncoding.__init__ of PyTorch's tutorial ("Language modeling with nn.Transformer
    and torchtext"), for an unbatched table [length, d_model]. The tutorial's cos line fails for an
    odd d_model (ceil(d/2) frequencies, floor(d/2) odd columns); the core, as the usual fix, gives
    the odd columns the first floor(d/2) frequencies."""
    position = torch.arange(length).unsqueeze(1)
    div_term = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
    pe = torch.zeros(length, d_model)
    pe[:, 0::2] = torch.sin(position * div_term)
    pe[:, 1::2] = torch.cos(position * div_term[: d_model // 2])
    return div_term, pe


def positional_case(name, length, d_model):
    frequencies, table = tutorial_encoding(length, d_model)
    add(name, f"PositionalEncoding table [{length}, {d_model}]",
        ["op positional", f"length {length}", f"d_model {d_model}",
         f"frequencies {floats(frequencies)}", f"table {floats(table)}"])


def frequencies_case(d_models):
    """div_term alone for many d_model: exp's bits, which the table's later positions magnify."""
    lines = ["op frequencies", "d_models " + " ".join(str(d) for d in d_models)]
    values = [tutorial_encoding(1, d)[0] for d in d_models]
    lines.append(f"frequencies {floats(torch.cat(values))}")
    add("frequencies_many", "div_term for each d_model, one after another", lines)


def positional_cases():
    positional_case("positional_1x1", 1, 1)
    positional_case("positional_4x6", 4, 6)
    positional_case("positional_odd", 50, 7)
    positional_case("positional_long", 512, 4)
    positional_case("positional_wide", 3, 512)
    positional_case("positional_40x64", 40, 64)
    frequencies_case([1, 2, 3, 5, 6, 7, 13, 16, 24, 32, 64, 100, 127, 128, 255, 256, 300, 511, 512])


# ---- Encoder layer ----

def draw_params(layer, seed, scale):
    """Every parameter from SplitMix64(seed), in state_dict order (the module docstring)."""
    params = dict(layer.named_parameters())
    count = sum(params[name].numel() for name in PARAM_NAMES)
    draws = iter(splitmix64_uniforms(seed, count))
    with torch.no_grad():
        for name in PARAM_NAMES:
            p = params[name]
            offset = 1.0 if name.startswith("norm") and name.endswith("weight") else 0.0
            values = [np.float32(offset + (2 * next(draws) - 1) * scale) for _ in range(p.numel())]
            p.copy_(torch.tensor(np.array(values, dtype=np.float32)).reshape(p.shape))


def trace(layer, x):
    """The module's steps (TransformerEncoderLayer.forward, _sa_block, _ff_block) with what is
    inside kept; self_attn asked for each head's weights (the same computation)."""
    with torch.no_grad():
        attn_in = layer.norm1(x) if layer.norm_first else x
        attention, weights = layer.self_attn(attn_in, attn_in, attn_in, need_weights=True,
                                             average_attn_weights=False)
        residual1 = x + attention
        if layer.norm_first:
            norm1, norm2 = attn_in, layer.norm2(residual1)
            ff_in = norm2
        else:
            norm1 = layer.norm1(residual1)
            ff_in = norm1
        hidden = layer.activation(layer.linear1(ff_in))
        feed_forward = layer.linear2(hidden)
        residual2 = (residual1 if layer.norm_first else norm1) + feed_forward
        output = residual2 if layer.norm_first else layer.norm2(residual2)
        if not layer.norm_first:
            norm2 = output
    return {"attention_weights": weights, "attention_output": attention, "residual1": residual1,
            "norm1": norm1, "norm2": norm2, "hidden": hidden, "feed_forward": feed_forward,
            "residual2": residual2, "output": output}


def run_layer(layer, x, grad_output, dtype):
    """The module's output, its inside and autograd's gradients in `dtype`, by key."""
    layer = copy.deepcopy(layer).to(dtype)
    x = x.detach().to(dtype).requires_grad_(True)
    output = layer(x)
    output.backward(grad_output.to(dtype))
    out = trace(layer, x.detach())
    assert same_bits(out["output"], output), "the traced steps differ from the module"
    out["grad_input"] = x.grad
    params = dict(layer.named_parameters())
    for name, key in zip(PARAM_NAMES, KEYS):
        out["grad_" + key] = params[name].grad
    return out


def encoder_case(name, comment, L, d, nhead, ff, activation="relu", norm_first=False, eps=1e-5,
                 scale=0.3, input_scale=1.0, stride=1, make=None):
    g = seeded(name)
    layer = torch.nn.TransformerEncoderLayer(d, nhead, ff, dropout=0.0, activation=activation,
                                             layer_norm_eps=eps, norm_first=norm_first).eval()
    seed = 1000 + len(cases)
    draw_params(layer, seed, scale)
    x = torch.randn(L, d, generator=g) * input_scale
    grad_output = torch.randn(L, d, generator=g)
    if make:
        make(x)
    out = run_layer(layer, x, grad_output, torch.float32)
    lines = ["op encoder", f"input_shape {L} {d}", f"nhead {nhead}", f"dim_feedforward {ff}",
             f"activation {activation}", f"norm_first {int(norm_first)}",
             f"layer_norm_eps {eps!r}", f"params_seed {seed}", f"params_scale {scale!r}"]
    if stride != 1:
        lines.append(f"sample_stride {stride}")
    # The core's softmax, layer norm and GELU round otherwise than PyTorch's (as
    # tests/golden/sequence and tests/golden/layers hold theirs).
    lines += own_rounding(name, out, run_layer(layer, x, grad_output, torch.float64))
    lines.append(f"input {floats(x)}")
    lines += [f"{key} {floats(out[key])}" for key in ["output"] + TRACE_KEYS]
    lines.append(f"grad_output {floats(grad_output)}")
    lines.append(f"grad_input {floats(out['grad_input'])}")
    for key in KEYS:
        lines.append(f"grad_{key} {floats(out['grad_' + key].reshape(-1)[::stride])}")
    add(name, comment, lines)


def nonfinite(x):
    x[1, 2] = NAN


def encoder_cases():
    encoder_case("encoder_l1_d1", "L 1, d 1, one head, ff 1: layer norm of one value", 1, 1, 1, 1)
    encoder_case("encoder_l1_d4_gelu_pre", "L 1, d 4, 2 heads, gelu, norm_first", 1, 4, 2, 8,
                 activation="gelu", norm_first=True)
    encoder_case("encoder_basic", "L 5, d 8, 2 heads, ff 16, relu, post-norm", 5, 8, 2, 16)
    encoder_case("encoder_basic_pre_gelu", "L 5, d 8, 2 heads, ff 16, gelu, norm_first", 5, 8, 2,
                 16, activation="gelu", norm_first=True)
    encoder_case("encoder_heads8_pre", "L 6, d 16, 8 heads of 2, ff 24, norm_first, eps 1e-6", 6,
                 16, 8, 24, norm_first=True, eps=1e-6)
    encoder_case("encoder_heads8_gelu", "L 4, d 24, 8 heads of 3, ff 32, gelu", 4, 24, 8, 32,
                 activation="gelu")
    encoder_case("encoder_l64", "L 64, d 8, one head, ff 8", 64, 8, 1, 8)
    encoder_case("encoder_l64_pre_gelu", "L 64, d 4, one head, ff 8, gelu, norm_first", 64, 4, 1,
                 8, activation="gelu", norm_first=True)
    encoder_case("encoder_d128", "L 3, d 128, 8 heads, ff 16, gelu (every 31st weight gradient)",
                 3, 128, 8, 16, activation="gelu", stride=31)
    encoder_case("encoder_d128_pre", "L 2, d 128, one head, ff 8, norm_first (every 37th weight "
                 "gradient)", 2, 128, 1, 8, norm_first=True, stride=37)
    encoder_case("encoder_ff512", "L 2, d 2, 2 heads, ff 512", 2, 2, 2, 512)
    encoder_case("encoder_large_values", "inputs near 1000 and weights of 3: saturated softmax",
                 5, 8, 2, 16, scale=3.0, input_scale=1000.0)
    encoder_case("encoder_large_values_pre", "inputs near 1000, norm_first: the residual keeps "
                 "them", 5, 8, 2, 16, norm_first=True, input_scale=1000.0, activation="gelu")
    encoder_case("encoder_nonfinite", "NaN in the input: its row's norm, then every key", 3, 4, 2,
                 4, norm_first=True, make=nonfinite)


# ---- Seeded start ----

def torch_bounds(layer):
    """Each parameter's bound as PyTorch 1.13's own initialisation computes it (None: a constant
    tensor): MultiheadAttention._reset_parameters draws in_proj_weight by xavier_uniform_ and sets
    both attention biases to 0; nn.Linear.reset_parameters draws its weight by
    kaiming_uniform_(a=sqrt(5)) and its bias within 1/sqrt(fan_in); nn.LayerNorm sets 1 and 0."""
    init = torch.nn.init
    bounds = {}
    for name, p in layer.named_parameters():
        if name == "self_attn.in_proj_weight":
            fan_in, fan_out = init._calculate_fan_in_and_fan_out(p)
            bounds[name] = math.sqrt(3.0) * math.sqrt(2.0 / float(fan_in + fan_out))
        elif name.endswith("weight") and not name.startswith("norm"):
            fan_in, _ = init._calculate_fan_in_and_fan_out(p)
            bounds[name] = math.sqrt(3.0) * init.calculate_gain("leaky_relu", math.sqrt(5)) / math.sqrt(fan_in)
        elif name.startswith("linear"):
            weight = dict(layer.named_parameters())[name.replace("bias", "weight")]
            bounds[name] = 1 / math.sqrt(init._calculate_fan_in_and_fan_out(weight)[0])
        else:
            bounds[name] = None
    return bounds


def encoder_init(d, ff, seed):
    """The core's encoderInit, reimplemented: every parameter in state_dict order, a drawn one
    float32((2u - 1) * bound) for the next draw u of SplitMix64(seed), the bound and the product in
    double: in_proj_weight sqrt(6 / (d + 3d)), out_proj.weight and linear1's 1 / sqrt(d), linear2's
    1 / sqrt(ff); the attention's biases and the norms' biases 0, the norms' weights 1, no draw."""
    shapes = {"self_attn.in_proj_weight": (3 * d, d), "self_attn.in_proj_bias": (3 * d,),
              "self_attn.out_proj.weight": (d, d), "self_attn.out_proj.bias": (d,),
              "linear1.weight": (ff, d), "linear1.bias": (ff,), "linear2.weight": (d, ff),
              "linear2.bias": (d,), "norm1.weight": (d,), "norm1.bias": (d,), "norm2.weight": (d,),
              "norm2.bias": (d,)}
    bounds = {"self_attn.in_proj_weight": math.sqrt(6.0 / (d + 3 * d)),
              "self_attn.out_proj.weight": 1 / math.sqrt(d), "linear1.weight": 1 / math.sqrt(d),
              "linear1.bias": 1 / math.sqrt(d), "linear2.weight": 1 / math.sqrt(ff),
              "linear2.bias": 1 / math.sqrt(ff)}
    draws = splitmix64_uniforms(seed, sum(math.prod(shapes[n]) for n in bounds))
    start = {}
    for name in PARAM_NAMES:
        shape = shapes[name]
        if name in bounds:
            values = [(2 * next(draws) - 1) * bounds[name] for _ in range(math.prod(shape))]
            start[name] = torch.tensor(values, dtype=torch.float64).to(torch.float32).reshape(shape)
        else:
            start[name] = torch.full(shape, 1.0 if name.startswith("norm") and name.endswith("weight") else 0.0)
    return start, bounds


def check_bounds(d, nhead, ff):
    """The bounds encoder_init uses are PyTorch's (to rounding), and a layer PyTorch starts itself
    lies within them and holds the same constants."""
    torch.manual_seed(d * 1000 + ff)
    layer = torch.nn.TransformerEncoderLayer(d, nhead, ff, dropout=0.0)
    _, bounds = encoder_init(d, ff, 0)
    for name, bound in torch_bounds(layer).items():
        p = dict(layer.named_parameters())[name].detach()
        if bound is None:
            assert name not in bounds, name
            expected = 1.0 if name.startswith("norm") and name.endswith("weight") else 0.0
            assert bool((p == expected).all()), name
        else:
            assert abs(bounds[name] - bound) <= 1e-15 * bound, (name, bounds[name], bound)
            assert float(p.abs().max()) <= bound, name


def init_case(name, d, nhead, ff, seed):
    start, _ = encoder_init(d, ff, seed)
    layer = torch.nn.TransformerEncoderLayer(d, nhead, ff, dropout=0.0)
    layer.load_state_dict(start)  # the start fits the module PyTorch builds for these sizes
    lines = ["op init", f"d_model {d}", f"nhead {nhead}", f"dim_feedforward {ff}", f"seed {seed}"]
    lines += [f"{key} {floats(start[name])}" for name, key in zip(PARAM_NAMES, KEYS)]
    add(name, f"encoder_init: TransformerEncoderLayer({d}, {nhead}, {ff})'s start within PyTorch's "
              f"bounds, drawn from SplitMix64 seeded with {seed}", lines)


def init_cases():
    for d, nhead, ff in ((1, 1, 1), (4, 2, 8), (8, 4, 32), (128, 8, 512)):
        check_bounds(d, nhead, ff)
    init_case("init_lesson", 4, 2, 8, 0)  # lesson 9.2's widget at its defaults
    init_case("init_lesson_seed1", 4, 2, 8, 1)
    init_case("init_one", 1, 1, 1, 42)
    init_case("init_d6_ff3", 6, 3, 3, 2026)
    init_case("init_d8_ff32", 8, 4, 32, 4294967295)


# ---- Parameter count ----

def count_case(name, d_model, nhead, ff):
    layer = torch.nn.TransformerEncoderLayer(d_model, nhead, ff)
    params = dict(layer.named_parameters())
    attention = sum(p.numel() for n, p in params.items() if n.startswith("self_attn."))
    feed_forward = sum(p.numel() for n, p in params.items() if n.startswith("linear"))
    norms = sum(p.numel() for n, p in params.items() if n.startswith("norm"))
    total = sum(p.numel() for p in layer.parameters())
    assert attention + feed_forward + norms == total
    add(name, f"sum(p.numel()) of TransformerEncoderLayer({d_model}, {nhead}, {ff})",
        ["op count", f"d_model {d_model}", f"nhead {nhead}", f"dim_feedforward {ff}",
         f"attention {attention}", f"feed_forward {feed_forward}", f"norms {norms}",
         f"total {total}"])


def count_cases():
    count_case("count_lesson", 512, 8, 2048)  # lesson 9.2: 2.1 million and 1.05 million
    count_case("count_small", 8, 2, 16)
    count_case("count_one", 1, 1, 1)
    count_case("count_base", 768, 12, 3072)


def write():
    positional_cases()
    encoder_cases()
    init_cases()
    count_cases()
    write_golden(OUTPUT_PATH, "transformer",
                 "transformer family: the positional encoding, an encoder layer forward and "
                 "backward, its seeded start and its parameter count", cases)


if __name__ == "__main__":
    torch.set_flush_denormal(False)
    torch.set_num_threads(1)
    write()
