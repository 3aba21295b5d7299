#!/usr/bin/python3
"""Checks, with PyTorch, every number the activation lessons print, every exercise answer and every
likely mistake an exercise lists (the number its story gives).

Run with a Python that has PyTorch (on this machine: /usr/bin/python3, PyTorch 1.13, CPU):

    /usr/bin/python3 tests/golden/activations/lesson_claims.py

Everything runs in float32 on the CPU. Each check asserts one claim and prints it with the numbers
PyTorch gave; a claim that PyTorch contradicts stops the script with the claim's name. The lessons
are lessons/01-one-neuron/ (ReLU, the sigmoid, tanh) and lessons/02-new-bends/ (GELU, Swish, ELU);
tests/node/activation-lesson-claims.test.mjs checks the same numbers with the course's own core.

A neuron here is what the lessons' widget shows: sum = w . x + b, output = f(sum), and for an
upstream gradient g the backward pass gives g f'(sum) to the bias, g f'(sum) x_i to weight i and
g f'(sum) w_i to input i.
"""

import math
import pathlib
import re

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_default_dtype(torch.float32)
CHECKED = []


def claim(text):
    def run(check):
        shown = check()
        CHECKED.append(text)
        print(f"ok  {text}" + (f"   [{shown}]" if shown else ""))
        return check
    return run


def activation(name, **params):
    """The activation as PyTorch computes it; swish has no PyTorch op of its own for beta != 1."""
    if name == "relu":
        return F.relu
    if name == "sigmoid":
        return torch.sigmoid
    if name == "tanh":
        return torch.tanh
    if name == "gelu":
        return lambda z: F.gelu(z, approximate=params.get("approximate", "none"))
    if name == "swish":
        beta = params.get("beta", 1.0)
        return lambda z: z * torch.sigmoid(beta * z)
    if name == "elu":
        return lambda z: F.elu(z, alpha=params.get("alpha", 1.0))
    raise ValueError(name)


def at(name, x, **params):
    """f(x) and f'(x) at one point, by autograd."""
    t = torch.tensor(float(x), requires_grad=True)
    y = activation(name, **params)(t)
    y.backward()
    return y.item(), t.grad.item()


def neuron(name, inputs, weights, bias, grad_output=1.0, **params):
    """One neuron, forward and backward, as the widget shows it."""
    x = torch.tensor([float(v) for v in inputs], requires_grad=True)
    w = torch.tensor([float(v) for v in weights], requires_grad=True)
    b = torch.tensor(float(bias), requires_grad=True)
    z = (w * x).sum() + b
    z.retain_grad()
    y = activation(name, **params)(z)
    y.backward(torch.tensor(float(grad_output)))
    return {
        "sum": z.item(),
        "output": y.item(),
        "derivative": z.grad.item() / grad_output if grad_output else None,
        "grad_bias": b.grad.item(),
        "grad_weight": w.grad.tolist(),
        "grad_input": x.grad.tolist(),
    }


def near(actual, expected, tolerance, what=""):
    assert abs(actual - expected) <= tolerance, f"{what}: PyTorch {actual}, lesson {expected}"


def exercise(n, expected, tolerance=0.005):
    """An exercise's answer: right when within its tolerance of PyTorch's number."""
    near(n, expected, tolerance, "exercise")
    return f"PyTorch {n:.6g}, answer {expected}"


GRID = torch.linspace(-5, 5, 100001)  # step 0.0001


# --- ReLU ------------------------------------------------------------------------------------

@claim("relu: max(0, x): relu(-1) = 0, relu(1.5) = 1.5; gradient 1 for x > 0, 0 for x < 0")
def _():
    assert at("relu", -1) == (0.0, 0.0)
    assert at("relu", 1.5) == (1.5, 1.0)
    assert at("relu", 0.001)[1] == 1.0 and at("relu", -0.001)[1] == 0.0


@claim("relu: at exactly 0 PyTorch's gradient is 0 (slopes 0 on the left, 1 on the right)")
def _():
    assert at("relu", 0.0) == (0.0, 0.0)


@claim("relu widget: inputs 2, 1, weights 0.5, -0.25, bias 0.75: sum 1.5, output 1.5; with g = 1 "
       "bias 1, weights 2 and 1, inputs 0.5 and -0.25")
def _():
    n = neuron("relu", [2, 1], [0.5, -0.25], 0.75)
    assert n["sum"] == 1.5 and n["output"] == 1.5 and n["grad_bias"] == 1.0
    assert n["grad_weight"] == [2.0, 1.0] and n["grad_input"] == [0.5, -0.25], n


@claim("relu: inputs 1, -2, weights 0.5, 0.25, bias -1: sum -1, output 0, every gradient 0")
def _():
    n = neuron("relu", [1, -2], [0.5, 0.25], -1)
    assert n["sum"] == -1 and n["output"] == 0
    assert n["grad_bias"] == 0 and n["grad_weight"] == [0, 0] and n["grad_input"] == [0, 0], n


@claim("relu: the widget's neuron with bias -2: sum -1.25, output 0, every gradient 0")
def _():
    n = neuron("relu", [2, 1], [0.5, -0.25], -2)
    assert n["sum"] == -1.25 and n["output"] == 0
    assert n["grad_bias"] == 0 and n["grad_weight"] == [0, 0] and n["grad_input"] == [0, 0], n


@claim("relu: a dead neuron (sum < 0 on every example) keeps its weights through SGD steps")
def _():
    torch.manual_seed(0)
    layer = nn.Linear(2, 1)
    with torch.no_grad():
        layer.weight.copy_(torch.tensor([[0.5, 0.25]]))
        layer.bias.fill_(-10.0)
    before = [p.detach().clone() for p in layer.parameters()]
    optimizer = torch.optim.SGD(layer.parameters(), lr=0.1)
    x = torch.rand(100, 2) * 4 - 2  # inputs in [-2, 2): sum at most 1.5 - 10 < 0
    target = torch.ones(100, 1)
    for _ in range(10):
        optimizer.zero_grad()
        loss = ((F.relu(layer(x)) - target) ** 2).mean()
        loss.backward()
        optimizer.step()
    assert all(torch.equal(a, b.detach()) for a, b in zip(before, layer.parameters()))


@claim("relu exercise 1: inputs 1, -2, weights 0.5, 0.25, bias -1: output 0")
def _():
    return exercise(neuron("relu", [1, -2], [0.5, 0.25], -1)["output"], 0)


@claim("relu exercise 2: same neuron, gradient reaching weight 1: 0")
def _():
    return exercise(neuron("relu", [1, -2], [0.5, 0.25], -1)["grad_weight"][0], 0)


@claim("relu exercise 3: bias 1 instead (sum 1): gradient reaching weight 2 is -2")
def _():
    n = neuron("relu", [1, -2], [0.5, 0.25], 1)
    assert n["sum"] == 1
    return exercise(n["grad_weight"][1], -2)


@claim("relu exercise 4: bias 1, upstream gradient 3: gradient reaching input 1 is 1.5")
def _():
    return exercise(neuron("relu", [1, -2], [0.5, 0.25], 1, grad_output=3)["grad_input"][0], 1.5)


@claim("relu exercise 5: bias 0 (sum exactly 0): PyTorch's derivative is 0")
def _():
    n = neuron("relu", [1, -2], [0.5, 0.25], 0)
    assert n["sum"] == 0
    return exercise(n["derivative"], 0)


@claim("relu exercise 6: inputs 3, 1, weights -1, 2, bias 0.5 (sum -0.5), upstream 5: bias gets 0")
def _():
    n = neuron("relu", [3, 1], [-1, 2], 0.5, grad_output=5)
    assert n["sum"] == -0.5
    return exercise(n["grad_bias"], 0)


# --- The sigmoid -----------------------------------------------------------------------------

@claim("sigmoid: every output in (0, 1) for sums in [-5, 5]; sigmoid(0) = 0.5")
def _():
    y = torch.sigmoid(GRID)
    assert (y > 0).all() and (y < 1).all()
    assert at("sigmoid", 0)[0] == 0.5


@claim("relu: at exactly 0 torch.relu sends back 0, while x.clamp(min=0), the same curve, sends 1")
def _():
    for write, want in ((torch.relu, 0.0), (lambda x: x.clamp(min=0), 1.0)):
        x = torch.zeros(1, requires_grad=True)
        write(x).sum().backward()
        assert x.grad.item() == want, (want, x.grad)


@claim("gelu: given several sums at once, PyTorch's CPU kernel sends back exactly 0 from about x = -6.2 "
       "(-6.15: not 0; -6.2: 0), where one sum alone at -7 still gets -6.4e-11")
def _():
    def grad(values):
        x = torch.tensor(values, requires_grad=True)
        F.gelu(x).sum().backward()
        return x.grad[0].item()
    assert grad([-6.15, 1.0]) != 0 and grad([-6.2, 1.0]) == 0 and grad([-7.0]) != 0


@claim("sigmoid: in float32 the output rounds to exactly 1 from a sum of about 16.64 (16.63: below 1; 16.64: 1, "
       "with slope exactly 0)")
def _():
    x = torch.linspace(10, 20, 100001)
    first = x[(torch.sigmoid(x) == 1).nonzero()[0]].item()
    near(first, 16.64, 0.005)
    assert at("sigmoid", 16.63)[0] < 1 and at("sigmoid", 16.64) == (1.0, 0.0)
    return f"first sum on a 0.0001 grid with output 1: {first:.4f}"


@claim("sigmoid: gradient sigmoid(x) (1 - sigmoid(x)), largest at 0 where it is 0.25")
def _():
    x = GRID.clone().requires_grad_(True)
    y = torch.sigmoid(x)
    y.sum().backward()
    assert torch.allclose(x.grad, (y * (1 - y)).detach(), atol=1e-7)
    assert x.grad.max().item() == 0.25 and abs(GRID[x.grad.argmax()].item()) < 0.001
    assert (x.grad <= 0.25).all() and at("sigmoid", 0)[1] == 0.25


@claim("sigmoid: sigmoid(2) = 0.881, sigmoid(-2) = 0.119, gradient at 2 is 0.105")
def _():
    y, d = at("sigmoid", 2)
    near(y, 0.881, 0.0005)
    near(at("sigmoid", -2)[0], 0.119, 0.0005)
    near(d, 0.105, 0.0005)
    return f"{y:.6f}, {d:.6f}"


@claim("sigmoid: gradient 0.00665 at |x| = 5, below 0.0067 for every |x| > 5 (it only falls), 0.0025 at 6, "
       "0.000045 at 10")
def _():
    near(at("sigmoid", 5)[1], 0.00665, 0.000005)
    near(at("sigmoid", -5)[1], 0.00665, 0.000005)
    x = torch.linspace(5, 30, 100001).requires_grad_(True)
    torch.sigmoid(x).sum().backward()
    assert (x.grad < 0.0067).all() and (x.grad[1:] <= x.grad[:-1]).all()
    near(at("sigmoid", 6)[1], 0.0025, 0.00005)
    near(at("sigmoid", 10)[1], 0.000045, 0.0000005)
    return f"{at('sigmoid', 5)[1]:.7f}, {at('sigmoid', 6)[1]:.7f}, {at('sigmoid', 10)[1]:.3g}"


@claim("sigmoid: the table: sigmoid(5) = 0.9933, slope 0.0066; sigmoid(10) = 0.99995, slope 0.000045, "
       "less than 1/20000")
def _():
    y5, d5 = at("sigmoid", 5)
    y10, d10 = at("sigmoid", 10)
    near(y5, 0.9933, 0.00005)
    near(d5, 0.0066, 0.00005)
    near(y10, 0.99995, 0.000005)
    near(d10, 0.000045, 0.0000005)
    assert d10 < 1 / 20000
    return f"{y5:.6f}, {d5:.6f}, {y10:.7f}, {d10:.3g}"


@claim("sigmoid: ten sigmoids in a row can pass back at most 0.25^10 = 0.00000095 of a gradient "
       "(weights of 1, the best case of every sum at 0)")
def _():
    t = torch.tensor(0.0, requires_grad=True)
    y = t
    for _ in range(10):
        y = torch.sigmoid(y) - 0.5  # keep every sum at 0: the sigmoid's best case
    y.backward()
    near(t.grad.item(), 0.25 ** 10, 1e-12)
    near(0.25 ** 10, 0.00000095, 0.000000005)


@claim("sigmoid widget: inputs 2, 1, weights 0.5, -0.25, bias -0.75: sum 0, output 0.5, derivative 0.25, "
       "weights get 0.5 and 0.25")
def _():
    n = neuron("sigmoid", [2, 1], [0.5, -0.25], -0.75)
    assert n["sum"] == 0 and n["output"] == 0.5 and n["derivative"] == 0.25
    assert n["grad_bias"] == 0.25 and n["grad_weight"] == [0.5, 0.25], n


@claim("sigmoid exercise 1: gradient at x = 2 is 0.105 (the hint's 0.881 x 0.119 is within 0.001)")
def _():
    near(0.881 * (1 - 0.881), 0.105, 0.001)
    return exercise(neuron("sigmoid", [1, -2], [0.5, 0.25], 2)["derivative"], 0.105, 0.001)


@claim("sigmoid exercise 2: sigmoid(-2) = 0.119 (1 - sigmoid(2))")
def _():
    return exercise(neuron("sigmoid", [1, -2], [0.5, 0.25], -2)["output"], 0.119, 0.001)


@claim("sigmoid exercise 3: inputs 4, 2, weights 0.5, -1, bias 0 (sum 0): weight 1 gets 1")
def _():
    n = neuron("sigmoid", [4, 2], [0.5, -1], 0)
    assert n["sum"] == 0
    return exercise(n["grad_weight"][0], 1)


@claim("sigmoid exercise 4: sum 0, upstream gradient 4: the bias gets 1")
def _():
    return exercise(neuron("sigmoid", [4, 2], [0.5, -1], 0, grad_output=4)["grad_bias"], 1)


@claim("sigmoid exercise 5: gradient at x = -6 is 0.0025 (tolerance 0.0001); sigmoid(-6) = 0.0025 as the hint says")
def _():
    near(at("sigmoid", -6)[0], 0.0025, 0.0001)
    return exercise(neuron("sigmoid", [1, -2], [0.5, 0.25], -6)["derivative"], 0.0025, 0.0001)


@claim("sigmoid exercise 6: sum 6, upstream 4: weight 1 (input 1) gets 0.0099 (tolerance 0.0002; "
       "4 x 0.0025 from exercise 5 is within it); slope at 6 = slope at -6")
def _():
    near(at("sigmoid", 6)[1], at("sigmoid", -6)[1], 1e-6, "slope at 6 and at -6 (float32 loses digits in 1 - y near 1)")
    near(4 * 0.0025 * 1, at("sigmoid", 6)[1] * 4, 0.0002)
    return exercise(neuron("sigmoid", [1, -2], [0.5, 0.25], 6, grad_output=4)["grad_weight"][0], 0.0099, 0.0002)


# --- tanh ------------------------------------------------------------------------------------

@claim("tanh: outputs in (-1, 1) on [-5, 5], tanh(0) = 0, tanh(-x) = -tanh(x), gradient 1 at 0")
def _():
    y = torch.tanh(GRID)
    assert (y > -1).all() and (y < 1).all()
    assert torch.equal(torch.tanh(-GRID), -y)
    assert at("tanh", 0) == (0.0, 1.0)


@claim("tanh: in float32 the output rounds to exactly 1 from a sum of about 8.6643, and to -1 below about -8.6643 "
       "(the first float32 with output 1 is 8.664341, and every one above it too; 8.6643: inside; 8.6644: 1, "
       "with slope exactly 0), sooner than the sigmoid's 16.64")
def _():
    # every float32 from 8.5 to 9 (their bit patterns in order), in one tensor and one at a time
    every = torch.arange(torch.tensor(8.5).view(torch.int32).item(), torch.tensor(9.0).view(torch.int32).item() + 1,
                         dtype=torch.int32).view(torch.float32)
    ones = torch.tanh(every) == 1
    i = ones.nonzero()[0].item()
    first = every[i].item()
    assert ones[i:].all() and not ones[:i].any()
    assert torch.equal(torch.tanh(-every) == -1, ones)
    near(first, 8.6643, 0.00005)
    # one sum at a time (PyTorch's scalar path) gives the same edge
    assert [torch.tanh(every[k].clone()).item() == 1 for k in (i - 1, i)] == [False, True]
    assert at("tanh", 8.6643)[0] < 1 and at("tanh", 8.6644) == (1.0, 0.0)
    assert at("tanh", -8.6643)[0] > -1 and at("tanh", -8.6644) == (-1.0, 0.0)
    assert first < 16.64
    return f"first float32 with output 1: {first:.7f} (the one before it gives {torch.tanh(every[i - 1]).item():.8f})"


@claim("tanh: gradient 1 - tanh(x)^2: 0.420 at 1, 0.0707 at 2, 0.0099 at 3; tanh(1) = 0.762")
def _():
    y1, d1 = at("tanh", 1)
    near(y1, 0.762, 0.0005)
    near(d1, 1 - y1 * y1, 1e-6)
    near(d1, 0.420, 0.0005)
    near(at("tanh", 2)[1], 0.0707, 0.00005)
    near(at("tanh", 3)[1], 0.0099, 0.00005)
    return f"{y1:.6f}, {d1:.6f}, {at('tanh', 2)[1]:.6f}, {at('tanh', 3)[1]:.6f}"


@claim("tanh: tanh(x) = 2 sigmoid(2x) - 1, to 2e-7 in float32 on [-5, 5]; so tanh'(x) = 4 sigmoid'(2x)")
def _():
    gap = (torch.tanh(GRID) - (2 * torch.sigmoid(2 * GRID) - 1)).abs().max().item()
    assert gap < 2e-7, gap
    near(at("tanh", 0.5)[1], 4 * at("sigmoid", 1.0)[1], 1e-6)
    return f"largest float32 gap {gap:.2g}"


@claim("tanh: from |x| = 3 on, the slope is below 0.01 (less than 1% of the gradient passes)")
def _():
    x = torch.linspace(3, 20, 100001).requires_grad_(True)
    torch.tanh(x).sum().backward()
    assert (x.grad < 0.01).all()
    assert at("tanh", -3)[1] < 0.01


@claim("tanh: for the sums -2, -1, 0, 1, 2 tanh's outputs average 0, the sigmoid's 0.5")
def _():
    sums = torch.tensor([-2.0, -1, 0, 1, 2])
    near(torch.tanh(sums).mean().item(), 0.0, 1e-7)
    near(torch.sigmoid(sums).mean().item(), 0.5, 1e-7)


@claim("tanh: when every input of a neuron is positive, all its weights' gradients share one sign")
def _():
    n = neuron("tanh", [0.2, 0.9], [1.0, -0.5], 0.1, grad_output=-1)
    assert all(g < 0 for g in n["grad_weight"]), n
    n = neuron("tanh", [0.2, 0.9], [1.0, -0.5], 0.1, grad_output=1)
    assert all(g > 0 for g in n["grad_weight"]), n


@claim("tanh widget: inputs 2, 1, weights 0.5, -0.25, bias -0.75: sum 0, output 0, derivative 1, "
       "weights get 2 and 1 (the sigmoid: 0.5 and 0.25)")
def _():
    n = neuron("tanh", [2, 1], [0.5, -0.25], -0.75)
    assert n["sum"] == 0 and n["output"] == 0 and n["derivative"] == 1 and n["grad_weight"] == [2.0, 1.0], n
    assert neuron("sigmoid", [2, 1], [0.5, -0.25], -0.75)["grad_weight"] == [0.5, 0.25]


@claim("tanh exercise 1: tanh(1) = 2 sigmoid(2) - 1 = 2 x 0.881 - 1 = 0.762")
def _():
    near(2 * 0.881 - 1, 0.762, 1e-9)
    return exercise(neuron("tanh", [1, -2], [0.5, 0.25], 1)["output"], 0.762, 0.001)


@claim("tanh exercise 2: tanh'(1) = 0.42 within 0.002 (1 - 0.762^2 = 0.4194 and the 0.419 it rounds to are well within)")
def _():
    near(1 - 0.762 ** 2, 0.42, 0.001)
    near(0.419, 0.42, 0.002 - 0.0005)
    return exercise(neuron("tanh", [1, -2], [0.5, 0.25], 1)["derivative"], 0.42, 0.002)


@claim("tanh exercise 3: inputs 3, -1, weights 0.5, 1.5, bias 0 (sum 0): weight 1 gets 3 through tanh")
def _():
    n = neuron("tanh", [3, -1], [0.5, 1.5], 0)
    assert n["sum"] == 0
    return exercise(n["grad_weight"][0], 3)


@claim("tanh exercise 4: the same neuron through the sigmoid: weight 1 gets 0.75")
def _():
    return exercise(neuron("sigmoid", [3, -1], [0.5, 1.5], 0)["grad_weight"][0], 0.75)


@claim("tanh exercise 5: the same neuron through tanh, upstream -3: input 2 gets -4.5")
def _():
    return exercise(neuron("tanh", [3, -1], [0.5, 1.5], 0, grad_output=-3)["grad_input"][1], -4.5)


@claim("tanh exercise 6: sum 3, upstream 10: the bias gets 0.099; the hint's tanh(3) = 0.99505 gives "
       "10 (1 - 0.99505^2) within 0.001")
def _():
    near(at("tanh", 3)[0], 0.99505, 0.000005)
    near(10 * (1 - 0.99505 ** 2), 0.099, 0.001)
    return exercise(neuron("tanh", [1, -2], [0.5, 0.25], 3, grad_output=10)["grad_bias"], 0.099, 0.001)


# --- GELU ------------------------------------------------------------------------------------

PHI = lambda x: 0.5 * (1 + math.erf(x / math.sqrt(2)))  # noqa: E731  standard normal CDF


@claim("gelu: gelu(x) = x Phi(x): Phi(1) = 0.841, gelu(1) = 0.841, gelu(-1) = -0.159, gelu(0) = 0, slope 0.5 at 0")
def _():
    x = GRID
    assert torch.allclose(F.gelu(x), x * 0.5 * (1 + torch.erf(x / math.sqrt(2))), atol=1e-6)
    near(PHI(1), 0.841, 0.0005)
    near(at("gelu", 1)[0], 0.841, 0.0005)
    near(at("gelu", -1)[0], -0.159, 0.0005)
    assert at("gelu", 0) == (0.0, 0.5)
    return f"{at('gelu', 1)[0]:.6f}, {at('gelu', -1)[0]:.6f}"


@claim("gelu: gelu(x) - gelu(-x) = x; gelu(2) = 1.954, gelu(3) = 2.996, gelu(-3) = -0.004")
def _():
    assert (F.gelu(GRID) - F.gelu(-GRID) - GRID).abs().max().item() < 1e-6
    near(at("gelu", 2)[0], 1.954, 0.0005)
    near(at("gelu", 3)[0], 2.996, 0.0005)
    near(at("gelu", -3)[0], -0.004, 0.0005)


@claim("gelu: the dip's bottom is -0.170 at x = -0.752 (float64: -0.169971 at -0.751792); "
       "slope 0 there, negative left of it: -0.083 at x = -1")
def _():
    y = F.gelu(GRID)
    i = y.argmin()
    near(GRID[i].item(), -0.752, 0.0011)
    near(y[i].item(), -0.170, 0.0005)
    fine = torch.linspace(-1, -0.5, 500001, dtype=torch.float64)
    y64 = F.gelu(fine)
    j = y64.argmin()
    near(fine[j].item(), -0.751792, 0.000002)
    near(y64[j].item(), -0.169971, 0.0000005)
    near(at("gelu", -0.752)[1], 0.0, 0.0005)
    near(at("gelu", -1)[1], -0.083, 0.0005)
    assert at("gelu", -2)[1] < 0 and at("gelu", -0.5)[1] > 0
    return f"float32 grid: {y[i].item():.6f} at {GRID[i].item():.4f}; float64: {y64[j].item():.7f} at {fine[j].item():.6f}"


@claim("gelu: the slope passes 1: gelu'(1) = 1.083, largest 1.129 at x = sqrt(2)")
def _():
    near(at("gelu", 1)[1], 1.083, 0.0005)
    x = GRID.clone().requires_grad_(True)
    F.gelu(x).sum().backward()
    i = x.grad.argmax()
    near(GRID[i].item(), math.sqrt(2), 0.001)
    near(x.grad[i].item(), 1.129, 0.0005)
    return f"{x.grad[i].item():.6f} at {GRID[i].item():.4f}"


@claim("gelu: far left the slope fades: gelu'(-3) = -0.012; far right it settles towards 1 (gelu'(5) = 1.000)")
def _():
    near(at("gelu", -3)[1], -0.012, 0.0005)
    near(at("gelu", 5)[1], 1.0, 0.0005)


@claim("gelu: relu(x) - relu(-x) = x too (on [-5, 5])")
def _():
    assert torch.equal(F.relu(GRID) - F.relu(-GRID), GRID)


@claim("gelu: nn.GELU(approximate='tanh') is the tanh form in PyTorch 1.13")
def _():
    assert torch.equal(nn.GELU(approximate="tanh")(GRID), F.gelu(GRID, approximate="tanh"))
    assert torch.equal(nn.GELU()(GRID), F.gelu(GRID))


@claim("gelu: the tanh form is 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))); gelu_tanh(1) = 0.8412 vs 0.8413")
def _():
    x = GRID
    formula = 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))
    assert torch.allclose(F.gelu(x, approximate="tanh"), formula, atol=1e-6)
    near(at("gelu", 1, approximate="tanh")[0], 0.8412, 0.00005)
    near(at("gelu", 1)[0], 0.8413, 0.00005)


@claim("gelu: on [-5, 5] the tanh form is never more than 0.00048 from the exact one; the largest gap, "
       "about 0.00047, is near x = +-2.7 (float32: 0.000473 at 2.687; float64: 0.000473 at 2.699; "
       "every float32 with 2 <= |x| <= 3.5: at most 0.000474)")
def _():
    gap = (F.gelu(GRID) - F.gelu(GRID, approximate="tanh")).abs()
    i = gap.argmax()
    assert gap[i].item() < 0.00048
    # every float32 from 2 to 3.5 (their bit patterns in order), and their negatives
    every = torch.arange(0x40000000, 0x40600001, dtype=torch.int32).view(torch.float32)
    every = torch.cat([every, -every])
    widest = (F.gelu(every) - F.gelu(every, approximate="tanh")).abs().max().item()
    assert widest < 0.00048
    near(gap[i].item(), 0.00047, 0.000005)
    near(abs(GRID[i].item()), 2.7, 0.02)
    x64 = torch.linspace(-5, 5, 1000001, dtype=torch.float64)
    gap64 = (F.gelu(x64) - F.gelu(x64, approximate="tanh")).abs()
    j = gap64.argmax()
    near(gap64[j].item(), 0.000473, 0.0000005)
    assert gap64[j].item() < 0.00048
    near(abs(x64[j].item()), 2.699, 0.001)
    # the gap is even: both forms satisfy f(x) - f(-x) = x
    near(gap64[j].item(), (F.gelu(-x64[j]) - F.gelu(-x64[j], approximate="tanh")).abs().item(), 1e-12)
    return (f"float32 {gap[i].item():.7f} at {GRID[i].item():.4f} (every float32 near the peak: {widest:.7f}); "
            f"float64 {gap64[j].item():.7f} at {x64[j].item():.4f}")


@claim("gelu widget: inputs 1, -2, weights 0.5, 0.25, bias -0.75: sum -0.75, output -0.170, derivative 0.0008")
def _():
    n = neuron("gelu", [1, -2], [0.5, 0.25], -0.75)
    assert n["sum"] == -0.75
    near(n["output"], -0.170, 0.0005)
    near(n["derivative"], 0.0008, 0.00005)
    return f"{n['output']:.6f}, {n['derivative']:.6f}"


PDF = lambda x: math.exp(-x * x / 2) / math.sqrt(2 * math.pi)  # noqa: E731  standard normal density


@claim("gelu exercise 1: gelu(1) = 0.841 (hint: Phi(1) = 0.841)")
def _():
    near(PHI(1), 0.841, 0.0005)
    return exercise(neuron("gelu", [1, -2], [0.5, 0.25], 1)["output"], 0.841, 0.001)


@claim("gelu exercise 2: gelu(-1) = -0.159 = 0.841 - 1")
def _():
    near(0.841 - 1, -0.159, 1e-9)
    return exercise(neuron("gelu", [1, -2], [0.5, 0.25], -1)["output"], -0.159, 0.001)


@claim("gelu exercise 3: gelu'(-1) = -0.083 (hint: Phi(-1) = 0.159, phi(-1) = 0.242; 0.159 - 0.242)")
def _():
    near(PHI(-1), 0.159, 0.0005)
    near(PDF(-1), 0.242, 0.0005)
    near(0.159 - 0.242, -0.083, 1e-9)
    return exercise(neuron("gelu", [1, -2], [0.5, 0.25], -1)["derivative"], -0.083, 0.001)


@claim("gelu exercise 4: sum 0, upstream 3, weight 0.5: input 1 gets 3 x 0.5 x 0.5 = 0.75 (working: Phi(0) = 0.5)")
def _():
    near(PHI(0), 0.5, 0)
    near(3 * 0.5 * 0.5, 0.75, 1e-9)
    return exercise(neuron("gelu", [1, -2], [0.5, 0.25], 0, grad_output=3)["grad_input"][0], 0.75)


@claim("gelu exercise 5: tanh form, bias -1: weight 2 gets 0.166 within 0.002; both forms' slopes at -1 round to "
       "-0.083, and the exact form's gradient, 0.1666, and the 0.167 it rounds to are well within")
def _():
    assert round(at("gelu", -1, approximate="tanh")[1], 3) == round(at("gelu", -1)[1], 3) == -0.083
    exact = neuron("gelu", [1, -2], [0.5, 0.25], -1)["grad_weight"][1]
    near(exact, 0.1666, 0.00005)
    near(round(exact, 3), 0.166, 0.002 - 0.0005)
    return exercise(neuron("gelu", [1, -2], [0.5, 0.25], -1, approximate="tanh")["grad_weight"][1], 0.166, 0.002)


@claim("gelu exercise 6: gelu(2) = 1.954 within 0.002 (hint: Phi(2) = 0.977; 2 x 0.977); 2 x 0.97725 = 1.9545, "
       "and the 1.955 it rounds to half up, are well within")
def _():
    near(PHI(2), 0.977, 0.0005)
    near(2 * 0.977, 1.954, 1e-9)
    near(2 * PHI(2), 1.9545, 0.00005)
    near(1.955, 1.954, 0.002 - 0.0005)
    return exercise(neuron("gelu", [1, -2], [0.5, 0.25], 2)["output"], 1.954, 0.002)


# --- Swish -----------------------------------------------------------------------------------

def swish(x, beta):
    return x * torch.sigmoid(beta * x)


@claim("swish: SiLU's dip (-0.278) is deeper than GELU's (-0.170)")
def _():
    assert swish(GRID, 1.0).min().item() < F.gelu(GRID).min().item()


@claim("swish: beta 1 is nn.SiLU (to 1e-6 on [-5, 5]); silu(1) = 0.731, silu(-1) = -0.269, silu(-2) = -0.238")
def _():
    assert torch.allclose(nn.SiLU()(GRID), swish(GRID, 1.0), atol=1e-6)
    near(at("swish", 1, beta=1.0)[0], 0.731, 0.0005)
    near(at("swish", -1, beta=1.0)[0], -0.269, 0.0005)
    near(at("swish", -2, beta=1.0)[0], -0.238, 0.0005)


@claim("swish: beta 0 gives x / 2 with slope 0.5 everywhere")
def _():
    assert torch.equal(swish(GRID, 0.0), GRID / 2)
    assert at("swish", 3, beta=0.0) == (1.5, 0.5) and at("swish", -4, beta=0.0) == (-2.0, 0.5)


@claim("swish: the slope at 0 is 0.5 for every beta")
def _():
    for beta in (0.0, 0.5, 1.0, 5.0, 10.0):
        assert at("swish", 0, beta=beta) == (0.0, 0.5), beta


@claim("swish beta 1: minimum -0.278 at x = -1.278 (float64: -0.278465 at -1.278465); falls from -0.238 at -2 "
       "to there: slope -0.091 at -2, +0.072 at -1")
def _():
    y = swish(GRID, 1.0)
    i = y.argmin()
    near(GRID[i].item(), -1.278, 0.001)
    near(y[i].item(), -0.278, 0.0005)
    fine = torch.linspace(-2, -1, 1000001, dtype=torch.float64)
    y64 = fine * torch.sigmoid(fine)
    j = y64.argmin()
    near(fine[j].item(), -1.278465, 0.000002)
    near(y64[j].item(), -0.278465, 0.0000005)
    near(at("swish", -2, beta=1.0)[1], -0.091, 0.0005)
    near(at("swish", -1, beta=1.0)[1], 0.072, 0.0005)
    return f"{y64[j].item():.7f} at {fine[j].item():.6f}"


@claim("swish: the minimum is -0.278 / beta at x = -1.278 / beta, and the largest distance from ReLU anywhere "
       "(checked on [-5, 5], and on [-100, 100] for beta 0.1) is 0.278 / beta: 0.557 (beta 0.5), 0.139 (beta 2), "
       "0.028 (beta 10)")
def _():
    wide = torch.linspace(-100, 100, 2000001)
    near((swish(wide, 0.1) - F.relu(wide)).abs().max().item(), 2.78465, 0.0005)
    relu = F.relu(GRID)
    for beta, distance in ((0.5, 0.557), (1.0, 0.278), (2.0, 0.139), (10.0, 0.028)):
        y = swish(GRID, beta)
        near((y - relu).abs().max().item(), distance, 0.0005)
        near(y.min().item(), -0.278465 / beta, 0.0001)
        near(GRID[y.argmin()].item(), -1.278465 / beta, 0.001)


@claim("swish widget: inputs 1, -2, weights 0.5, 0.25, bias -1, beta 1: sum -1, output -0.269, derivative 0.072")
def _():
    n = neuron("swish", [1, -2], [0.5, 0.25], -1, beta=1.0)
    assert n["sum"] == -1
    near(n["output"], -0.269, 0.0005)
    near(n["derivative"], 0.072, 0.0005)


@claim("swish exercise 1: beta 1, x = 1: 0.731 (hint: e^-1 = 0.368, 1 / 1.368)")
def _():
    near(math.exp(-1), 0.368, 0.0005)
    near(1 / 1.368, 0.731, 0.001)
    return exercise(neuron("swish", [1, -2], [0.5, 0.25], 1, beta=1.0)["output"], 0.731, 0.001)


@claim("swish exercise 2: beta 0, sum 3: 1.5")
def _():
    return exercise(neuron("swish", [1, -2], [0.5, 0.25], 3, beta=0.0)["output"], 1.5)


@claim("swish exercise 3: beta 1, derivative at -2: -0.091 (hint: sigmoid(-2) = 0.119)")
def _():
    near(0.119 + (-2) * 0.119 * (1 - 0.119), -0.091, 0.001)
    return exercise(neuron("swish", [1, -2], [0.5, 0.25], -2, beta=1.0)["derivative"], -0.091, 0.001)


@claim("swish exercise 4: beta 5, sum 0, upstream 2: the bias gets 1")
def _():
    return exercise(neuron("swish", [1, -2], [0.5, 0.25], 0, grad_output=2, beta=5.0)["grad_bias"], 1)


@claim("swish exercise 5: beta 10, sum -1: output 0 to within 0.001 (ReLU gives 0); sigmoid(-10) is about 0.00005")
def _():
    near(at("sigmoid", -10)[0], 0.00005, 0.000005)
    return exercise(neuron("swish", [1, -2], [0.5, 0.25], -1, beta=10.0)["output"], 0, 0.001)


@claim("swish exercise 6: beta 1, sum -1, weight 2 (input -2) gets -0.145 (the hint's 0.0723 x -2 is within 0.001)")
def _():
    near(at("swish", -1, beta=1.0)[1], 0.0723, 0.00005)
    near(0.0723 * -2, -0.145, 0.001)
    return exercise(neuron("swish", [1, -2], [0.5, 0.25], -1, beta=1.0)["grad_weight"][1], -0.145, 0.001)


# --- ELU -------------------------------------------------------------------------------------

@claim("elu: x for x > 0, alpha (e^x - 1) for x <= 0; elu(-1) = -0.632, elu(-5) = -0.993, floor -alpha")
def _():
    for alpha in (0.5, 1.0, 2.0):
        y = F.elu(GRID, alpha=alpha)
        ref = torch.where(GRID > 0, GRID, alpha * (torch.exp(GRID) - 1))
        assert torch.allclose(y, ref, atol=1e-6) and (y > -alpha).all()
    near(at("elu", -1)[0], -0.632, 0.0005)
    near(at("elu", -5)[0], -0.993, 0.0005)
    near(at("elu", -20)[0], -1.0, 1e-6)


@claim("elu: gradient for x < 0 is elu(x) + alpha = alpha e^x: 0.368 at -1 (alpha 1), 0.736 at -1 (alpha 2)")
def _():
    for alpha in (1.0, 2.0):
        for x in (-0.01, -0.5, -1.0, -3.0):
            y, d = at("elu", x, alpha=alpha)
            near(d, y + alpha, 1e-6)
    near(at("elu", -1)[1], 0.368, 0.0005)
    near(at("elu", -1, alpha=2.0)[1], 0.736, 0.0005)


@claim("elu: just left of 0 the gradient is about alpha (0.990 at -0.01), far left it fades (0.0067 at -5); "
       "ReLU's is 0 at both")
def _():
    near(at("elu", -0.01)[1], 0.990, 0.0005)
    near(at("elu", -5)[1], 0.0067, 0.00005)
    near(at("elu", -0.01, alpha=2.0)[1], 1.980, 0.0005)
    assert at("relu", -0.01)[1] == 0 and at("relu", -5)[1] == 0
    return f"{at('elu', -0.01)[1]:.6f}, {at('elu', -5)[1]:.6f}"


@claim("elu: at exactly 0 PyTorch's gradient is alpha (1 for alpha 1, 2 for alpha 2); right of 0 it is 1")
def _():
    assert at("elu", 0.0)[1] == 1.0 and at("elu", 0.0, alpha=2.0)[1] == 2.0
    assert at("elu", 0.001, alpha=2.0)[1] == 1.0


@claim("elu: for the sums -2, -1, 0, 1, 2 ReLU's outputs average 0.6, ELU's 0.301")
def _():
    sums = torch.tensor([-2.0, -1, 0, 1, 2])
    near(F.relu(sums).mean().item(), 0.6, 1e-6)
    near(F.elu(sums).mean().item(), 0.301, 0.0005)
    near(F.elu(sums).mean().item() / F.relu(sums).mean().item(), 0.5, 0.005)  # "half as far from 0"
    near(F.elu(sums)[0].item(), -0.865, 0.0005)
    return f"ELU outputs {[round(v, 4) for v in F.elu(sums).tolist()]}"


@claim("elu widget: inputs 1, -2, weights 0.5, 0.25, bias -0.5, alpha 1: sum -0.5, output -0.393, "
       "slope 0.607 = -0.393 + 1; ReLU gives 0 and slope 0")
def _():
    n = neuron("elu", [1, -2], [0.5, 0.25], -0.5)
    assert n["sum"] == -0.5
    near(n["output"], -0.393, 0.0005)
    near(n["derivative"], 0.607, 0.0005)
    near(-0.393 + 1, 0.607, 1e-9)
    r = neuron("relu", [1, -2], [0.5, 0.25], -0.5)
    assert r["output"] == 0 and r["derivative"] == 0


@claim("elu: the ReLU lesson's neuron with output 0 and no gradient: inputs 1, -2, weights 0.5, 0.25, bias -1, alpha 1: sum -1, output -0.632, bias gets 0.368 "
       "(ReLU: 0), weights 0.368 and -0.736")
def _():
    n = neuron("elu", [1, -2], [0.5, 0.25], -1, alpha=1.0)
    assert n["sum"] == -1
    near(n["output"], -0.632, 0.0005)
    near(n["grad_bias"], 0.368, 0.0005)
    near(n["grad_weight"][0], 0.368, 0.0005)
    near(n["grad_weight"][1], -0.736, 0.0005)


@claim("elu exercise 1: alpha 3, sum -1: output -1.896 (3 x -0.632)")
def _():
    near(3 * -0.632, -1.896, 1e-9)
    return exercise(neuron("elu", [1, -2], [0.5, 0.25], -1, alpha=3.0)["output"], -1.896, 0.002)


@claim("elu exercise 2: alpha 1, derivative at -1: 0.368 (-0.632 + 1)")
def _():
    return exercise(neuron("elu", [1, -2], [0.5, 0.25], -1)["derivative"], 0.368, 0.001)


@claim("elu exercise 3: alpha 2, derivative at -1: 0.736")
def _():
    return exercise(neuron("elu", [1, -2], [0.5, 0.25], -1, alpha=2.0)["derivative"], 0.736, 0.001)


@claim("elu exercise 4: alpha 1, sum -1: weight 2 gets -0.736 (ReLU gave 0)")
def _():
    assert neuron("relu", [1, -2], [0.5, 0.25], -1)["grad_weight"][1] == 0
    return exercise(neuron("elu", [1, -2], [0.5, 0.25], -1)["grad_weight"][1], -0.736, 0.001)


@claim("elu exercise 5: alpha 1, sum -1, upstream 2: input 1 gets 0.368")
def _():
    return exercise(neuron("elu", [1, -2], [0.5, 0.25], -1, grad_output=2)["grad_input"][0], 0.368, 0.001)


@claim("elu exercise 6: alpha 1.5, sum -10: output -1.5 (e^-10 is about 0.00005)")
def _():
    near(math.exp(-10), 0.00005, 0.000005)
    return exercise(neuron("elu", [1, -2], [0.5, 0.25], -10, alpha=1.5)["output"], -1.5, 0.001)



# --- Likely mistakes -------------------------------------------------------------------------

LESSONS = pathlib.Path(__file__).resolve().parents[3] / "lessons"
FILES = {"relu": "01-one-neuron/01-relu", "sigmoid": "01-one-neuron/02-the-sigmoid", "tanh": "01-one-neuron/03-tanh",
         "gelu": "02-new-bends/01-gelu", "swish": "02-new-bends/02-swish", "elu": "02-new-bends/03-elu"}


def listed(path):
    """Each exercise's answer, tolerance and listed mistakes' values, as the lesson writes them."""
    out = []
    for block in re.findall(r"```exercise\n(.*?)```", path.read_text(), re.S):
        tolerance = re.search(r"^tolerance: (\S+)$", block, re.M)
        out.append({"answer": float(re.search(r"^answer: (\S+)$", block, re.M).group(1)),
                    "tolerance": float(tolerance.group(1)) if tolerance else 0.005,
                    "mistakes": re.findall(r"^  (-?[\d.]+):", block, re.M)})
    return out


def clamp_slope_at_0():
    x = torch.zeros((), requires_grad=True)
    x.clamp(min=0).backward()
    return x.grad.item()


def gelu_parts_at(x):
    """Phi(x) and phi(x), the normal's cumulative probability and density, in float32."""
    t = torch.tensor(float(x))
    return (0.5 * (1 + torch.erf(t / math.sqrt(2)))).item(), (torch.exp(-t * t / 2) / math.sqrt(2 * math.pi)).item()


N = lambda name, bias, **kw: neuron(name, [1, -2], [0.5, 0.25], bias, **kw)  # noqa: E731  the lessons' neuron
# (lesson, exercise from 1): PyTorch's answer, and each likely mistake as written with the number its story gives.
MISTAKES = {
    ("relu", 1): (N("relu", -1)["output"], [("-1", N("relu", -1)["sum"])]),  # the sum, not the output
    ("relu", 5): (N("relu", 0)["derivative"], [("1", clamp_slope_at_0())]),  # x.clamp(min=0)'s slope at 0
    ("sigmoid", 1): (at("sigmoid", 2)[1], [("0.881", at("sigmoid", 2)[0]),  # the output, not the slope
                                           ("0.25", at("sigmoid", 0)[1])]),  # the slope at 0
    ("sigmoid", 2): (at("sigmoid", -2)[0], [("-0.881", -at("sigmoid", 2)[0])]),  # as if odd
    ("sigmoid", 6): (N("sigmoid", 6, grad_output=4)["grad_weight"][0], [("0.0025", at("sigmoid", 6)[1])]),  # slope alone
    ("tanh", 2): (at("tanh", 1)[1], [("0.238", 1 - at("tanh", 1)[0])]),  # 1 - tanh, not 1 - tanh^2
    ("tanh", 4): (neuron("sigmoid", [3, -1], [0.5, 1.5], 0)["grad_weight"][0],
                  [("3", neuron("tanh", [3, -1], [0.5, 1.5], 0)["grad_weight"][0])]),  # tanh's slope 1
    ("tanh", 6): (N("tanh", 3, grad_output=10)["grad_bias"], [("10", 10.0),  # the upstream gradient passed on whole
                                                              ("0.0099", at("tanh", 3)[1])]),  # the slope alone
    ("gelu", 2): (at("gelu", -1)[0], [("-0.841", -at("gelu", 1)[0])]),  # as if odd
    ("gelu", 3): (at("gelu", -1)[1], [("0.401", sum(gelu_parts_at(-1)))]),  # Phi + phi, not Phi + x phi
    ("gelu", 4): (N("gelu", 0, grad_output=3)["grad_input"][0], [("0", N("relu", 0, grad_output=3)["grad_input"][0]),  # ReLU's
                  ("0.5", at("gelu", 0)[1]),  # the slope alone
                  ("1.5", N("gelu", 0, grad_output=3)["grad_bias"]),  # g f'(0), the bias's: no weight
                  ("0.375", N("gelu", 0, grad_output=3)["grad_input"][1])]),  # input 2's, weight 0.25
    ("swish", 4): (N("swish", 0, grad_output=2, beta=5.0)["grad_bias"], [("0", N("relu", 0, grad_output=2)["grad_bias"])]),
    ("swish", 6): (N("swish", -1, beta=1.0)["grad_weight"][1], [("0.018", N("swish", -1, beta=1.0)["grad_input"][1])]),
    ("elu", 3): (N("elu", -1, alpha=2.0)["derivative"], [("0.368", N("elu", -1, alpha=1.0)["derivative"])]),  # alpha 1's
    ("elu", 5): (N("elu", -1, grad_output=2)["grad_input"][0], [("0.736", N("elu", -1, grad_output=2)["grad_bias"])]),
    ("elu", 6): (N("elu", -10, alpha=1.5)["output"], [("-1", at("elu", -100)[0])]),  # alpha 1's floor
}


@claim("likely mistakes: each one the activation lessons list (in English and in Chinese) is one of these, whose "
       "story PyTorch gives to the digits written, outside its exercise's tolerance of PyTorch's answer")
def _():
    for lesson, stem in FILES.items():
        english, chinese = listed(LESSONS / f"{stem}.md"), listed(LESSONS / f"{stem}.zh.md")
        assert [e["mistakes"] for e in english] == [e["mistakes"] for e in chinese], lesson
        for i, exercise in enumerate(english, 1):
            answer, mistakes = MISTAKES.get((lesson, i), (None, []))
            assert exercise["mistakes"] == [text for text, _ in mistakes], (lesson, i, exercise["mistakes"])
            if answer is not None:
                near(answer, exercise["answer"], exercise["tolerance"], f"{lesson} exercise {i}")
            for text, value in mistakes:
                decimals = len(text.split(".")[1]) if "." in text else 0
                assert f"{value + 0.0:.{decimals}f}" == text, (lesson, i, text, value)  # + 0.0: -0.0 is written 0
                tolerance = exercise["tolerance"]
                assert abs(value - answer) > tolerance and abs(float(text) - exercise["answer"]) > tolerance, (lesson, i, text)
    return f"{sum(len(m) for _, m in MISTAKES.values())} mistakes in {len(MISTAKES)} exercises"


print(f"\n{len(CHECKED)} claims hold with PyTorch {torch.__version__}")
