#!/usr/bin/python3
"""Writes activations.golden: what PyTorch answers for the activation functions, forward and
backward (the gradient with respect to the input).

Run with a Python that has PyTorch (on this machine:
/usr/bin/python3 tests/golden/activations/generate.py). The output is committed, so the C++ and
Node tests never need PyTorch. The format is described in README.md next to this file.

Every random tensor is drawn from a generator seeded by the case's name, so adding, removing or
reordering cases leaves the other cases' numbers unchanged.
"""

import pathlib
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from golden_text import floats, format_float, seeded  # noqa: E402

OUTPUT_PATH = pathlib.Path(__file__).with_name("activations.golden")

NAN = float("nan")
INF = float("inf")

# The values where activations go wrong: both zeros, the kinks, tiny (normal and subnormal) and
# huge magnitudes, where exp overflows, the infinities and NaN.
EDGES = [-INF, -3.0e38, -1.0e20, -100.0, -88.7, -20.0, -10.0, -1.0, -0.5, -1.0e-30, -1.0e-40,
         -0.0, 0.0, 1.0e-40, 1.0e-30, 0.5, 1.0, 10.0, 20.0, 88.7, 100.0, 1.0e20, 3.0e38, INF, NAN]

cases = []  # one dict per case, in file order








def inputs(name, kind):
    """The edges, or 64 random values spread over [-8, 8] (smooth almost everywhere)."""
    if kind == "edges":
        return torch.tensor(EDGES, dtype=torch.float32)
    return torch.rand(64, generator=seeded(name), dtype=torch.float32) * 16 - 8


def autograd(x, grad_output, run):
    leaf = x.clone().requires_grad_(True)
    output = run(leaf)
    (grad_input,) = torch.autograd.grad(output, leaf, grad_output)
    # The unit gradient too, so the file shows the derivative itself at the edges.
    (derivative,) = torch.autograd.grad(run(leaf), leaf, torch.ones_like(output))
    return output, grad_input, derivative


def forward_backward(name, x, run):
    """PyTorch's answers for the whole tensor, except where PyTorch answers otherwise for the
    element alone. Its kernels take 16 elements at a time with vector code (two vectors of 8)
    and the rest with scalar code, and their tanh differs: where tanh nearly saturates (GELU's tanh form near x = -5.1)
    the vectorised tanh gives -1 and the scalar one the correctly rounded -0.99999994, so the
    same element's gradient is 0 or -1.1e-6 depending on where it sits. The core's tanh rounds
    correctly, so the file keeps the scalar answer there and says so in a note."""
    grad_output = torch.randn(x.shape, generator=seeded(name + "/grad"), dtype=torch.float32)
    whole = autograd(x, grad_output, run)
    alone = [autograd(x[i:i + 1], grad_output[i:i + 1], run) for i in range(len(x))]
    notes = []
    for row, key in enumerate(("output", "grad_input", "derivative")):
        for i, element in enumerate(alone):
            a, b = whole[row][i], element[row][0]
            if not torch.allclose(a, b, rtol=1e-5, atol=1e-6, equal_nan=True):
                notes.append(f"{key}[{i}] at x = {format_float(x[i])}: {format_float(b)} alone, "
                             f"{format_float(a)} inside a vector of {len(x)}")
                whole[row][i] = b
    output, grad_input, derivative = whole
    return output, grad_output, grad_input, derivative, notes


def add_case(name, op, fields, comment, run, kind):
    assert all(c["name"] != name for c in cases), "duplicate case name " + name
    x = inputs(name, kind)
    output, grad_output, grad_input, derivative, notes = forward_backward(name, x, run)
    cases.append(dict(name=name, op=op, fields=fields, comment=comment, x=x, output=output,
                      grad_output=grad_output, grad_input=grad_input, derivative=derivative,
                      notes=notes))


def swish_expression(beta):
    """Swish for beta other than 1: there is no native op, so PyTorch computes the expression."""
    return lambda x: x * torch.sigmoid(beta * x)


def all_cases():
    for kind in ("edges", "random"):
        add_case(f"relu_{kind}", "relu", [], "F.relu(x)", F.relu, kind)
        add_case(f"sigmoid_{kind}", "sigmoid", [], "torch.sigmoid(x)", torch.sigmoid, kind)
        add_case(f"tanh_{kind}", "tanh", [], "torch.tanh(x)", torch.tanh, kind)
        for approximate in ("none", "tanh"):
            add_case(f"gelu_{approximate}_{kind}", "gelu", [("approximate", approximate)],
                     f"F.gelu(x, approximate={approximate!r})",
                     lambda x, a=approximate: F.gelu(x, approximate=a), kind)
        # beta 1 is PyTorch's SiLU; any other beta is the expression x * sigmoid(beta * x).
        add_case(f"swish_beta_1_{kind}", "swish", [("beta", "1.0")], "F.silu(x)", F.silu, kind)
        for beta in (2.0, 0.5, 0.0, -1.0, 1.702):
            add_case(f"swish_beta_{beta:g}_{kind}", "swish", [("beta", format_float(beta))],
                     f"x * torch.sigmoid({beta!r} * x)", swish_expression(beta), kind)
        for alpha in (1.0, 2.0, 0.5, 0.0, -1.0):
            add_case(f"elu_alpha_{alpha:g}_{kind}", "elu", [("alpha", format_float(alpha))],
                     f"F.elu(x, alpha={alpha!r})", lambda x, a=alpha: F.elu(x, alpha=a), kind)


def check_silu_is_swish_with_beta_1():
    """F.silu and x * sigmoid(x) agree within the tolerance, except at the largest magnitudes.
    Their gradients differ in the last bit in general (SiLU's backward is one formula, the
    expression's is two added terms), and at |x| = 3e38 the expression's gradient can be NaN
    (g * x overflows to an infinity, which meets sigmoid's 0 or 1 - sigmoid's 0) where SiLU's is
    finite. The core's beta 1 is SiLU."""
    x = torch.cat([inputs("silu_check", "random"), inputs("silu_check", "edges")])
    silu = forward_backward("silu_check", x, F.silu)[:4]
    expression = forward_backward("silu_check", x, swish_expression(1.0))[:4]
    huge = x.abs() >= 3.0e38
    for a, b in zip(silu, expression):
        assert torch.allclose(a[~huge], b[~huge], rtol=1e-5, atol=1e-6, equal_nan=True), (a, b)


def write():
    check_silu_is_swish_with_beta_1()
    all_cases()
    lines = [
        f"# Golden data for activation functions, forward and backward, computed by PyTorch "
        f"{torch.__version__} on the CPU in float32.",
        "# Generated by tests/golden/activations/generate.py; do not edit by hand. "
        "Format: tests/golden/activations/README.md.",
        f"# {len(cases)} cases.",
    ]
    for c in cases:
        lines.append(f"# {c['comment']}")
        for note in c["notes"]:
            lines.append(f"# PyTorch's vector and scalar code differ: {note}")
        lines.append(f"case {c['name']}")
        lines.append(f"op {c['op']}")
        for key, value in c["fields"]:
            lines.append(f"{key} {value}")
        lines.append(f"input {floats(c['x'])}")
        lines.append(f"output {floats(c['output'])}")
        lines.append(f"grad_output {floats(c['grad_output'])}")
        lines.append(f"grad_input {floats(c['grad_input'])}")
        lines.append(f"derivative {floats(c['derivative'])}")
        lines.append("end")
        lines.append("")
    OUTPUT_PATH.write_text("\n".join(lines))
    print(f"wrote {len(cases)} cases to {OUTPUT_PATH}")
    for c in cases:
        for note in c["notes"]:
            print(f"  {c['name']}: {note}")


if __name__ == "__main__":
    torch.set_flush_denormal(False)
    write()
