#!/usr/bin/python3
"""Writes losses.golden: what PyTorch answers for mean squared error, the Huber loss and
cross-entropy, forward and backward (the gradient with respect to the input or the logits).

Run with a Python that has PyTorch (on this machine:
/usr/bin/python3 tests/golden/losses/generate.py). The output is committed, so the C++ and Node
tests never need PyTorch. The format is described in README.md next to this file.

Every random tensor is drawn from a generator seeded by the case's name, so adding, removing or
reordering cases leaves the other cases' numbers unchanged.
"""

import pathlib
import sys

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from golden_text import floats, format_float, ints, seeded  # noqa: E402

OUTPUT_PATH = pathlib.Path(__file__).with_name("losses.golden")
REDUCTIONS = ("mean", "sum", "none")

cases = []  # one dict per case, in file order










def f32(values):
    return torch.tensor(values, dtype=torch.float32)


def grad_output_for(name, output):
    """A reduced loss's gradient is one number other than 1; 'none' gets one random value per term."""
    if output.dim() == 0 and not name.startswith("cross_entropy_unbatched_none"):
        return torch.tensor(-1.75 if "sum" in name else 0.625, dtype=torch.float32)
    return torch.randn(output.shape, generator=seeded(name + "/grad"), dtype=torch.float32)


def add_case(name, op, reduction, fields, comment, run, x, target, shape=None):
    assert all(c["name"] != name for c in cases), "duplicate case name " + name
    leaf = x.clone().requires_grad_(True)
    output = run(leaf)
    grad_output = grad_output_for(name, output)
    (grad_input,) = torch.autograd.grad(output, leaf, grad_output)
    cases.append(dict(name=name, op=op, reduction=reduction, fields=fields, comment=comment,
                      shape=shape, x=x, target=target, output=output, grad_output=grad_output,
                      grad_input=grad_input))


def pointwise(op, name, x, y, reduction, delta=None):
    if op == "mse":
        run = lambda a: F.mse_loss(a, y, reduction=reduction)
        add_case(name, op, reduction, [], f"F.mse_loss(x, y, reduction={reduction!r})", run, x, y)
    else:
        run = lambda a: F.huber_loss(a, y, reduction=reduction, delta=delta)
        add_case(name, op, reduction, [("delta", format_float(delta))],
                 f"F.huber_loss(x, y, reduction={reduction!r}, delta={delta!r})", run, x, y)


def random_pair(name, n, scale=3.0):
    g = seeded(name)
    x = (torch.rand(n, generator=g, dtype=torch.float32) * 2 - 1) * scale
    y = (torch.rand(n, generator=g, dtype=torch.float32) * 2 - 1) * scale
    return x, y


def pointwise_cases():
    for reduction in REDUCTIONS:
        for op, deltas in (("mse", [None]), ("huber", [1.0, 0.5, 2.5])):
            for delta in deltas:
                tag = f"{op}_{reduction}" + ("" if delta is None else f"_delta_{delta:g}")
                x, y = random_pair(tag + "_random", 23)
                pointwise(op, tag + "_random", x, y, reduction, delta)
                # One outlier among small differences: MSE's pull grows with it, Huber's is capped.
                x = f32([0.1, -0.2, 0.3, 0.05, 12.0])
                y = f32([0.0, 0.0, 0.25, 0.0, 0.0])
                pointwise(op, tag + "_outlier", x, y, reduction, delta)
                # Predictions equal to their targets (differences 0), and ties between elements.
                pointwise(op, tag + "_ties", f32([1.5, 1.5, -2.0, 0.0]),
                          f32([1.5, 0.5, -2.0, 1.0]), reduction, delta)
                pointwise(op, tag + "_single", f32([2.5]), f32([-1.0]), reduction, delta)
                pointwise(op, tag + "_empty", f32([]), f32([]), reduction, delta)
        # |d| == delta exactly, a float32 step either side, and d = 0.3 - (-0.7), which rounds to 1.
        for delta in (1.0, 0.5):
            below = float(np.nextafter(np.float32(delta), np.float32(0)))
            above = float(np.nextafter(np.float32(delta), np.float32(np.inf)))
            x = f32([delta, -delta, below, above, -below, -above, 0.3, 2.0 + delta])
            y = f32([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.7, 2.0])
            pointwise("huber", f"huber_{reduction}_delta_{delta:g}_at_delta", x, y, reduction, delta)


def cross_entropy(name, logits, target, reduction, eps, shape):
    run = lambda a: F.cross_entropy(a, target, reduction=reduction, label_smoothing=eps)
    add_case(name, "cross_entropy", reduction, [("label_smoothing", format_float(eps))],
             f"F.cross_entropy(x, target, reduction={reduction!r}, label_smoothing={eps!r})",
             run, logits, target, shape)


def cross_entropy_cases():
    for reduction in REDUCTIONS:
        for eps in (0.0, 0.1, 1.0):
            tag = f"cross_entropy_{reduction}_eps_{eps:g}"
            g = seeded(tag + "_random")
            logits = torch.randn(6, 5, generator=g, dtype=torch.float32) * 3
            target = torch.randint(0, 5, (6,), generator=g)
            cross_entropy(tag + "_random", logits, target, reduction, eps, [6, 5])
            # Extreme logits: exp(1000) overflows unless the largest is subtracted first.
            logits = f32([[1000.0, 1001.0], [1001.0, 1000.0], [-1000.0, 1000.0], [1000.0, -1000.0]])
            target = torch.tensor([1, 1, 0, 0])
            cross_entropy(tag + "_extreme", logits, target, reduction, eps, [4, 2])
            # Ties: equal logits (uniform probabilities) and a tie for the largest.
            logits = f32([[2.0, 2.0, 2.0], [0.0, 0.0, 0.0], [3.0, 3.0, -1.0]])
            target = torch.tensor([0, 2, 1])
            cross_entropy(tag + "_ties", logits, target, reduction, eps, [3, 3])
            cross_entropy(tag + "_single", f32([[1.5]]), torch.tensor([0]), reduction, eps, [1, 1])
            cross_entropy(tag + "_one_row", f32([[2.0, 1.0, 0.1]]), torch.tensor([0]), reduction,
                          eps, [1, 3])
            # One sample without a batch dimension: logits [C], a single class index.
            cross_entropy(f"cross_entropy_unbatched_{reduction}_eps_{eps:g}", f32([2.0, 1.0, 0.1]),
                          torch.tensor(2), reduction, eps, [3])
            cross_entropy(tag + "_empty", torch.zeros(0, 3), torch.zeros(0, dtype=torch.long),
                          reduction, eps, [0, 3])


def write():
    pointwise_cases()
    cross_entropy_cases()
    lines = [
        f"# Golden data for losses, forward and backward, computed by PyTorch "
        f"{torch.__version__} on the CPU in float32.",
        "# Generated by tests/golden/losses/generate.py; do not edit by hand. "
        "Format: tests/golden/losses/README.md.",
        f"# {len(cases)} cases.",
    ]
    for c in cases:
        lines.append(f"# {c['comment']}")
        lines.append(f"case {c['name']}")
        lines.append(f"op {c['op']}")
        lines.append(f"reduction {c['reduction']}")
        for key, value in c["fields"]:
            lines.append(f"{key} {value}")
        if c["shape"] is not None:
            lines.append("shape " + " ".join(str(d) for d in c["shape"]))
        lines.append(f"input {floats(c['x'])}".rstrip())
        is_index = c["op"] == "cross_entropy"
        lines.append(f"target {ints(c['target'].reshape(-1).tolist()) if is_index else floats(c['target'])}".rstrip())
        lines.append(f"output {floats(c['output'])}".rstrip())
        lines.append(f"grad_output {floats(c['grad_output'])}".rstrip())
        lines.append(f"grad_input {floats(c['grad_input'])}".rstrip())
        lines.append("end")
        lines.append("")
    OUTPUT_PATH.write_text("\n".join(lines))
    print(f"wrote {len(cases)} cases to {OUTPUT_PATH}")


if __name__ == "__main__":
    torch.set_flush_denormal(False)
    write()
