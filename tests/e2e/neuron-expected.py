"""What PyTorch says about the neurons the <neuron-widget> specs set up: y = f(w.x + b) in
float32, and the gradients autograd sends back to each weight, input and the bias from an
upstream gradient. The cases are the specs' own neurons and the neuron of every lesson whose
widget is a <neuron-widget> (read from its front matter, named "lesson <file>"). Every exercise
of those lessons is answered under its playground settings, and no likely mistake it lists may
be right ("exercises"); so are the numbers the exercises' workings and mistakes state
(WORKINGS). Writes neuron-expected.json beside this file; run with a Python that has PyTorch:
/usr/bin/python3 tests/e2e/neuron-expected.py"""
import json
import pathlib
import urllib.parse

import torch
import torch.nn.functional as F

from lesson_expected import check_claims, check_exercises, lesson_widgets, lessons_with, name_of

ACTIVATIONS = {
    "relu": lambda z, case: F.relu(z),
    "sigmoid": lambda z, case: torch.sigmoid(z),
    "tanh": lambda z, case: torch.tanh(z),
    "gelu": lambda z, case: F.gelu(z, approximate=case.get("approximate", "none")),
    # Swish with beta: x * sigmoid(beta * x); beta = 1 is F.silu.
    "swish": lambda z, case: z * torch.sigmoid(case.get("beta", 1.0) * z),
    "elu": lambda z, case: F.elu(z, alpha=case.get("alpha", 1.0)),
}

# Each case is the widget's attributes under the settings' keys.
CASES = [
    {"name": "default relu", "activation": "relu", "inputs": [1, -2], "weights": [0.5, 0.25], "bias": 0, "gradOutput": 1},
    {"name": "relu positive", "activation": "relu", "inputs": [1.5, -2, 0.5], "weights": [0.5, 0.25, 2], "bias": 0.25, "gradOutput": 2},
    {"name": "relu negative sum", "activation": "relu", "inputs": [1, -2], "weights": [-0.5, 0.75], "bias": 0.1, "gradOutput": 3},
    {"name": "sigmoid", "activation": "sigmoid", "inputs": [1, -2], "weights": [0.5, -0.25], "bias": 0.3, "gradOutput": 1},
    {"name": "sigmoid saturated", "activation": "sigmoid", "inputs": [4, 3], "weights": [2, 1.5], "bias": 0, "gradOutput": 1},
    {"name": "tanh", "activation": "tanh", "inputs": [0.5, -1], "weights": [1.2, 0.4], "bias": -0.1, "gradOutput": -2},
    {"name": "gelu exact", "activation": "gelu", "approximate": "none", "inputs": [1, -2], "weights": [0.5, -0.25], "bias": 0.2, "gradOutput": 1},
    {"name": "gelu tanh", "activation": "gelu", "approximate": "tanh", "inputs": [1, -2], "weights": [0.5, -0.25], "bias": 0.2, "gradOutput": 1},
    {"name": "swish beta 1", "activation": "swish", "beta": 1, "inputs": [1, 2], "weights": [-0.5, 0.25], "bias": -1, "gradOutput": 1},
    {"name": "swish beta 4", "activation": "swish", "beta": 4, "inputs": [1, 2], "weights": [-0.5, 0.25], "bias": -1, "gradOutput": 1},
    {"name": "elu alpha 0.5", "activation": "elu", "alpha": 0.5, "inputs": [1, -2], "weights": [0.5, 1], "bias": 0, "gradOutput": 1},
]


def run(case):
    x = torch.tensor(case["inputs"], dtype=torch.float32, requires_grad=True)
    w = torch.tensor(case["weights"], dtype=torch.float32, requires_grad=True)
    b = torch.tensor(case["bias"], dtype=torch.float32, requires_grad=True)
    z = (w * x).sum() + b
    z.retain_grad()
    y = ACTIVATIONS[case["activation"]](z, case)
    y.backward(torch.tensor(case["gradOutput"], dtype=torch.float32))
    # f'(z) alone: the activation's gradient with an upstream gradient of 1.
    z1 = z.detach().clone().requires_grad_(True)
    ACTIVATIONS[case["activation"]](z1, case).backward()
    return {
        "sum": z.item(),
        "output": y.item(),
        "derivative": z1.grad.item(),
        "gradSum": z.grad.item(),
        "gradWeights": w.grad.tolist(),
        "gradInputs": x.grad.tolist(),
        "gradBias": b.grad.item(),
    }


def lesson_cases():
    """The neuron of every lesson that shows one, under the same keys as CASES."""
    cases = []
    for name, url, widget in lesson_widgets("neuron-widget"):
        case = {"name": name, "url": url}
        for key in ("activation", "inputs", "weights", "bias", "approximate", "beta", "alpha"):
            if key in widget:
                case[key] = widget[key]
        case["gradOutput"] = widget.get("grad_output", 1)
        cases.append(case)
    return cases


def query_case(query, base):
    """The neuron an exercise's playground query sets up over its lesson's (the links' names)."""
    case = dict(base)
    for name, value in urllib.parse.parse_qsl(query):
        if name in ("activation", "approximate"):
            case[name] = value
        elif name in ("inputs", "weights"):
            case[name] = [float(v) for v in value.split(",")]
        elif name in ("bias", "beta", "alpha"):
            case[name] = float(value)
        elif name == "grad_output":
            case["gradOutput"] = float(value)
        else:
            raise ValueError(f"unknown query name {name}")
    return case


def exercise_value(case, spec):
    """The number an exercise's core line names: sum, output, derivative, grad_bias, or
    grad_weight N and grad_input N (from 1)."""
    expected = run(case)
    what, _, index = spec.partition(" ")
    if not index:
        return expected[{"sum": "sum", "output": "output", "derivative": "derivative", "grad_bias": "gradBias"}[what]]
    return expected[{"grad_weight": "gradWeights", "grad_input": "gradInputs"}[what]][int(index) - 1]


def gelu_workings():
    """Exercise 4 of the GELU lesson: the sum 0, an upstream gradient of 3, and what each likely
    mistake takes instead of input 1's gradient."""
    at_zero = {"activation": "gelu", "approximate": "none", "inputs": [1, -2], "weights": [0.5, 0.25], "bias": 0, "gradOutput": 3}
    gelu, relu = run(at_zero), run({**at_zero, "activation": "relu"})
    return [("0", gelu["sum"]), ("0.5", gelu["derivative"]), ("0.75", gelu["gradInputs"][0]),
            ("0", relu["gradInputs"][0]), ("1.5", gelu["gradBias"]), ("0.375", gelu["gradInputs"][1])]


WORKINGS = {"01-gelu.md": gelu_workings}


def checked_exercises():
    """Every exercise of the neuron lessons against PyTorch (its answer within its tolerance, no
    likely mistake within it), and the numbers their workings state."""
    claims = []
    lessons = {case["name"]: case for case in lesson_cases()}
    for path, _, text, _ in lessons_with("neuron-widget"):
        base = lessons[name_of(path)]
        check_claims(WORKINGS.get(path.name, lambda: [])())
        claims += check_exercises(path, text, name_of(path), lambda exercise: exercise_value(query_case(exercise["playground"], base), exercise["core"]))
    return claims


def main():
    out = {
        "generator": "tests/e2e/neuron-expected.py",
        "torch": torch.__version__,
        "cases": [{**case, "expected": run(case)} for case in CASES + lesson_cases()],
        "exercises": checked_exercises(),
    }
    path = pathlib.Path(__file__).with_suffix(".json")
    path.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
