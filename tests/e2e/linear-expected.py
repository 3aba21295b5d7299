"""What PyTorch 1.13 says about the layers the <linear-widget> specs set up: F.linear's output
y = x Wᵀ + b (float32, CPU) and autograd's gradients of x, W and b for the case's upstream
gradient (y.backward(grad_output)). The cases are the specs' own and the widget of every lesson
whose element is <linear-widget> (read from its front matter, named "lesson <file>"), with
each of their exercises that names a cell in its core line (under its playground query over the
lesson's settings), whose stated answer is checked against PyTorch before anything is written;
so are the numbers the lesson's text states and those its exercises' questions, workings and
likely mistakes state (claims() below). Writes linear-expected.json beside this file; run with
a Python that has PyTorch:
/usr/bin/python3 tests/e2e/linear-expected.py"""
import torch
import torch.nn.functional as F

from lesson_expected import check_claims, lesson_cases, write_expected

DEFAULTS = {
    "batch": 2, "inFeatures": 3, "outFeatures": 2,
    "input": [1, 2, -1, 0.5, -2, 3], "weight": [0.5, -1, 2, 1, 0.25, -0.5], "bias": [0.5, -1],
    "gradOutput": "ones",
}


def fitted(values, count):
    """The widget's default list for other sizes: its numbers taken over again, in order."""
    return [values[i % len(values)] for i in range(count)]


# Each case is the widget's settings under their keys; lists the case leaves out are the
# defaults fitted to its sizes, as the widget fits them.
CASES = [
    {"name": "defaults"},
    {"name": "no bias", "bias": None},
    {"name": "a batch of one", "batch": 1, "input": [3, -1, 0.5]},
    {"name": "one input feature", "inFeatures": 1, "input": [2, -3], "weight": [1.5, -0.5]},
    {"name": "four by four by four", "batch": 4, "inFeatures": 4, "outFeatures": 4,
     "input": [1, -2, 0.5, 3, 0, 1.25, -1, 2, 4, -0.5, 1, -3, 0.75, 2, -2.5, 1],
     "weight": [0.5, 1, -1, 2, -0.25, 0.5, 1.5, -1, 1, 0, -0.5, 0.25, 2, -1.5, 0.75, -0.5],
     "bias": [1, -0.5, 0.25, 0], "gradOutput": [1, -1, 0.5, 2, 0, 1, -2, 0.5, 1.5, 0.25, -1, 1, -0.5, 2, 1, -1.5]},
    {"name": "an upstream gradient with negatives", "gradOutput": [1, -2, -0.5, 3]},
    {"name": "small values", "input": [0.1, 0.001, -0.3, 0.2, 0.7, -0.01], "weight": [0.1, 0.2, 0.3, -0.4, 0.5, 0.001],
     "bias": [0.1, -0.001], "gradOutput": [0.1, 0.001, -0.2, 0.5]},
]


def settings_of(case):
    """The case's settings over the defaults, with each list fitted to the case's sizes."""
    s = {**DEFAULTS, **{key: value for key, value in case.items() if key in DEFAULTS}}
    counts = {"input": s["batch"] * s["inFeatures"], "weight": s["outFeatures"] * s["inFeatures"], "bias": s["outFeatures"]}
    for key, count in counts.items():
        if key not in case and s[key] is not None:
            s[key] = fitted(DEFAULTS[key], count)
    return s


def run(case):
    s = settings_of(case)
    n, i, o = s["batch"], s["inFeatures"], s["outFeatures"]
    x = torch.tensor(s["input"], dtype=torch.float32).view(n, i).requires_grad_(True)
    w = torch.tensor(s["weight"], dtype=torch.float32).view(o, i).requires_grad_(True)
    b = None if s["bias"] is None else torch.tensor(s["bias"], dtype=torch.float32).requires_grad_(True)
    y = F.linear(x, w, b)
    grad = torch.ones(n, o) if s["gradOutput"] == "ones" else torch.tensor(s["gradOutput"], dtype=torch.float32).view(n, o)
    y.backward(grad)
    return {
        "settings": s,
        "output": y.detach().flatten().tolist(),
        "gradInput": x.grad.flatten().tolist(),
        "gradWeight": w.grad.flatten().tolist(),
        "gradBias": None if b is None else b.grad.tolist(),
    }


# The numbers the lesson (lessons/07-learning/01-backpropagation-through-a-layer.md and its
# .zh.md) states, each as (the text the lesson writes, PyTorch's value): lesson_expected's
# check_claims fails if a value does not round to its text.
def claims():
    ones = run({"name": "ones"})
    # "Then set the second sample's upstream gradients to 0" (Try it).
    first_only = run({"name": "first sample only", "gradOutput": [1, 1, 0, 0]})
    y, dx, dw, db = ones["output"], ones["gradInput"], ones["gradWeight"], ones["gradBias"]
    # "In PyTorch": nn.Linear's shapes, its forward as F.linear, and autograd's gradients as the
    # three products the lesson names, for an upstream gradient of no special form.
    layer = torch.nn.Linear(3, 2)
    x = torch.tensor([[1, 2, -1], [0.5, -2, 3.0]], requires_grad=True)
    out = layer(x)
    assert torch.equal(out, F.linear(x, layer.weight, layer.bias))
    assert torch.allclose(out, x @ layer.weight.T + layer.bias)
    grad = torch.tensor([[2, -1], [0.5, 3.0]])
    out.backward(grad)
    assert torch.allclose(layer.weight.grad, grad.T @ x)
    assert torch.allclose(layer.bias.grad, grad.sum(0))
    assert torch.allclose(x.grad, grad @ layer.weight)
    # "A batch of 5 samples goes through nn.Linear(3, 2)": the weight's gradient keeps its shape.
    batch = torch.nn.Linear(3, 2)
    batch(torch.randn(5, 3)).sum().backward()
    # "with reduction='mean' each g is divided by the number of terms averaged".
    prediction = torch.tensor([[1.0, 2], [3, 4]], requires_grad=True)
    target = torch.zeros(2, 2)
    F.mse_loss(prediction, target).backward()
    assert torch.allclose(prediction.grad, 2 * (prediction - target).detach() / prediction.numel())
    return [
        # The forward pass: y for the first sample, then the second.
        ("-3", y[0]), ("1", y[1]), ("8.75", y[2]), ("-2.5", y[3]),
        # Every g 1: each row of dL/dW is (1.5, 0, 2), each row of dL/dx (1.5, -0.75, 1.5), dL/db 2.
        *[(text, value) for text, value in zip(["1.5", "0", "2"] * 2, dw)],
        *[(text, value) for text, value in zip(["1.5", "-0.75", "1.5"] * 2, dx)],
        ("2", db[0]), ("2", db[1]),
        # Try it: dL/dw_{1,2} is 0; with sample 2's g at 0 each row of dL/dW is (1, 2, -1) and
        # sample 2's dL/dx is 0.
        ("0", dw[1]),
        *[(text, value) for text, value in zip(["1", "2", "-1"] * 2, first_only["gradWeight"])],
        *[("0", value) for value in first_only["gradInput"][3:]],
        # Shapes: the weight (2, 3), the bias 2 numbers, a batch of 5's weight gradient 6 numbers.
        ("2", layer.weight.shape[0]), ("3", layer.weight.shape[1]), ("2", layer.bias.numel()),
        ("6", batch.weight.grad.numel()),
    ] + exercise_claims(ones)


def exercise_claims(ones):
    """The numbers the lesson's exercises 1 and 2 state in their questions, workings and likely
    mistakes (their answers are checked under their playground by lesson_cases), each as PyTorch
    computes it: the second sample's inputs are (2, 1, -3) there."""
    moved = run({"name": "exercises 1 and 2", "input": [1, 2, -1, 2, 1, -3]})
    x, w, b = moved["settings"]["input"], moved["settings"]["weight"], moved["settings"]["bias"]
    y, dw = moved["output"], moved["gradWeight"]
    return [
        # 1: y_{2,2} for the second sample (2, 1, -3), its terms, and the outputs a slip gives.
        ("2.75", y[3]), ("2", x[3] * w[3]), ("0.25", x[4] * w[4]), ("1.5", x[5] * w[5]), ("-1", b[1]),
        ("3.75", y[3] - b[1]), ("-5.5", y[2]), ("-6", y[2] - b[0]), ("-2.5", ones["output"][3]),
        # 2: dL/dw_{1,3} with every g 1, against the lesson's inputs' and one sample's.
        ("-4", dw[2]), ("2", ones["gradWeight"][2]), ("-1", x[2]), ("-3", x[5]), ("1.5", w[2] + w[5]),
        ("3", x[0] + x[3]), ("3", x[1] + x[4]),
    ]


KEYS = {"batch": "batch", "in_features": "inFeatures", "out_features": "outFeatures", "input": "input",
        "weight": "weight", "bias": "bias", "grad_output": "gradOutput", "selected": "selected"}
GRIDS = {"output": "output", "grad_input": "gradInput", "grad_weight": "gradWeight", "grad_bias": "gradBias"}


def query_value(name, value):
    """One value of an exercise's playground query, under its settings key's form."""
    key = KEYS[name]
    if key in ("batch", "inFeatures", "outFeatures"):
        return int(value)
    if key == "selected":
        return value
    if (key == "bias" and value in ("none", "null")) or (key == "gradOutput" and value == "ones"):
        return None if key == "bias" else "ones"
    return [float(v) for v in value.split(",")]


def exercise_value(settings, spec):
    """PyTorch's number in the cell an exercise's core line names (output R,C, grad_bias C, ...)."""
    grid, place = spec.split()
    expected = run(settings)
    s = expected["settings"]
    columns = {"output": s["outFeatures"], "grad_input": s["inFeatures"], "grad_weight": s["inFeatures"], "grad_bias": s["outFeatures"]}[grid]
    row, column = (1, int(place)) if grid == "grad_bias" else map(int, place.split(","))
    return expected[GRIDS[grid]][(row - 1) * columns + column - 1]


def main():
    check_claims(claims())
    # Each lesson's case holds its exercises with a core line, answered by PyTorch under their
    # playground query (or settings), the stated answer checked.
    lessons = lesson_cases("linear-widget", KEYS, query_value, exercise_value)
    write_expected(__file__, CASES + lessons, run, [])


if __name__ == "__main__":
    main()
