"""What PyTorch 1.13 says about the batches the <batchnorm-widget> specs set up, and every
number the batch-normalisation lesson states. For each case, nn.BatchNorm2d(2) (float32, CPU)
with the case's weight, bias and running statistics, after `press` training steps on the batch
(the widget's "Training step" button), in the case's mode: the batch's mean, biased and unbiased
variance, the normalised values (weight 1, bias 0), the output, the running statistics the next
call leaves, and the training-mode backward pass for the case's upstream gradient. The cases are
the specs' own and the widget of every lesson whose element is <batchnorm-widget> (read from its
front matter, named "lesson <file>"). Then it checks the lesson's claims (claims() below, with
the numbers its exercises' workings and likely mistakes state) and every exercise's answer under
its playground query against PyTorch, and fails if one is wrong. Writes batchnorm-expected.json beside this file; run with a
Python that has PyTorch: /usr/bin/python3 tests/e2e/batchnorm-expected.py"""
import json
import math
import pathlib
import urllib.parse

import torch
import torch.nn.functional as F

from lesson_expected import LESSONS, check_exercises, lesson_widgets

SHAPE = (2, 2, 2, 2)
DEFAULT_INPUT = [0, 1, 2, 1, 990, 1000, 1010, 1000, 2, 1, 0, 1, 1010, 1000, 990, 1000]
DEFAULTS = {
    "input": DEFAULT_INPUT, "weight": [1, 1], "bias": [0, 0], "runningMean": [0, 0], "runningVar": [1, 1],
    "training": True, "momentum": 0.1, "eps": 1e-5, "gradOutput": "ones",
}

# Each case is the widget's settings under their keys (the rest are DEFAULTS), and `press`:
# how many training steps the spec takes before reading the numbers.
CASES = [
    {"name": "defaults"},
    {"name": "three training steps", "press": 3},
    {"name": "evaluation after three steps", "press": 3, "training": False},
    {"name": "gamma, beta and an upstream gradient", "weight": [2, 0.5], "bias": [3, -1],
     "gradOutput": [1, 0, -1, 2, 0.5, 0, 0, 1, 0, 0, 3, 0, 0, -2, 0, 1]},
    {"name": "momentum 0.5, a new batch", "momentum": 0.5, "press": 2,
     "input": [1.5, 0.25, 1, 0.75, 1002, 998, 1001, 995, 0.5, 1.25, 1, 1.75, 1003, 999, 1000, 1002]},
]


def tensor(values):
    return torch.tensor(values, dtype=torch.float32)


def run(case):
    s = {**DEFAULTS, **{k: v for k, v in case.items() if k in DEFAULTS}}
    x = tensor(s["input"]).view(SHAPE)
    bn = torch.nn.BatchNorm2d(2, eps=s["eps"], momentum=s["momentum"])
    with torch.no_grad():
        bn.weight.copy_(tensor(s["weight"]))
        bn.bias.copy_(tensor(s["bias"]))
        bn.running_mean.copy_(tensor(s["runningMean"]))
        bn.running_var.copy_(tensor(s["runningVar"]))
        bn.train()
        for _ in range(case.get("press", 0)):
            bn(x)
    state_mean = bn.running_mean.clone()
    state_var = bn.running_var.clone()
    bn.train(s["training"])
    with torch.no_grad():
        output = bn(x)
        normalised = F.batch_norm(x, state_mean.clone(), state_var.clone(), None, None, s["training"], s["momentum"], s["eps"])
    # The backward pass in training mode, the one the widget (and the core) shows.
    xg = x.clone().requires_grad_(True)
    w = bn.weight.detach().clone().requires_grad_(True)
    b = bn.bias.detach().clone().requires_grad_(True)
    y = F.batch_norm(xg, None, None, w, b, True, 0.0, s["eps"])
    grad = torch.ones(SHAPE) if s["gradOutput"] == "ones" else tensor(s["gradOutput"]).view(SHAPE)
    y.backward(grad)
    dims = (0, 2, 3)
    return {
        "runningMean": state_mean.tolist(),
        "runningVar": state_var.tolist(),
        "mean": x.mean(dims).tolist(),
        "variance": x.var(dims, unbiased=False).tolist(),
        "unbiasedVariance": x.var(dims, unbiased=True).tolist(),
        "normalised": normalised.flatten().tolist(),
        "output": output.flatten().tolist(),
        "nextRunningMean": bn.running_mean.tolist(),
        "nextRunningVar": bn.running_var.tolist(),
        "gradInput": xg.grad.flatten().tolist(),
        "gradWeight": w.grad.tolist(),
        "gradBias": b.grad.tolist(),
    }


# The numbers the lesson (lessons/04-pictures/04-batch-normalisation.md and its .zh.md) states,
# each with how PyTorch computes it; main() fails if one is off by more than the lesson rounds.
def claims():
    x = tensor(DEFAULT_INPUT).view(SHAPE)
    bn = torch.nn.BatchNorm2d(2)
    steps = []
    for _ in range(3):
        bn(x)
        steps.append((bn.running_mean.tolist(), bn.running_var.tolist()))
    bn.eval()
    after_three = bn(x)
    fresh = torch.nn.BatchNorm2d(2)
    normalised = fresh(x)
    affine = torch.nn.BatchNorm2d(2)
    with torch.no_grad():
        affine.weight.copy_(tensor([1, 2]))
        affine.bias.copy_(tensor([0, 3]))
    one_step = torch.nn.BatchNorm2d(2)
    one_step(x)
    one_step.eval()
    evaluated = one_step(x)
    xg = x.clone().requires_grad_(True)
    ones = torch.nn.BatchNorm2d(2)
    ones(xg).backward(torch.ones(SHAPE))
    settle = next(k for k in range(1, 1000) if 1000 * (1 - 0.9 ** k) > 999)
    return [
        ("BatchNorm2d's default momentum", torch.nn.BatchNorm2d(2).momentum, 0.1, 0),
        ("BatchNorm2d's default eps", torch.nn.BatchNorm2d(2).eps, 1e-5, 0),
        ("initial running_mean", torch.nn.BatchNorm2d(2).running_mean.tolist(), [0, 0], 0),
        ("initial running_var", torch.nn.BatchNorm2d(2).running_var.tolist(), [1, 1], 0),
        ("channel 1 mean", x.mean((0, 2, 3))[0].item(), 1, 0),
        ("channel 2 mean", x.mean((0, 2, 3))[1].item(), 1000, 0),
        ("channel 1 biased variance", x.var((0, 2, 3), unbiased=False)[0].item(), 0.5, 1e-6),
        ("channel 2 biased variance", x.var((0, 2, 3), unbiased=False)[1].item(), 50, 1e-4),
        ("channel 1 unbiased variance", x.var((0, 2, 3))[0].item(), 0.5714, 5e-5),
        ("channel 2 unbiased variance", x.var((0, 2, 3))[1].item(), 57.14, 5e-3),
        ("x̂ of channel 1's 0", normalised[0, 0, 0, 0].item(), -1.4142, 5e-5),
        ("x̂ of channel 2's 990", normalised[0, 1, 0, 0].item(), -1.4142, 5e-5),
        ("x̂ of channel 2's four 1000s", normalised[:, 1][x[:, 1] == 1000].tolist(), [0.000006914] * 4, 5e-10),
        ("x̂ of channel 1's four 1s", normalised[:, 0][x[:, 0] == 1].tolist(), [0] * 4, 0),
        ("1000 α, α = 1/√(σ² + ε) of channel 2", 1000 / math.sqrt(50 + 1e-5), 141.42, 5e-3),
        ("float32's step near 141.42", torch.finfo(torch.float32).eps * 128, 0.000015, 3e-7),
        ("γ 2, β 3 on channel 2's 990", affine(x)[0, 1, 0, 0].item(), 0.1716, 5e-5),
        ("running_mean of channel 2 after steps 1, 2, 3", [s[0][1] for s in steps], [100, 190, 271], 1e-3),
        ("running_var of channel 1 after one step", steps[0][1][0], 0.9571, 5e-5),
        ("running_var of channel 2 after steps 1, 2, 3", [s[1][1] for s in steps], [6.614, 11.67, 16.21], 5e-3),
        ("eval output of channel 2's 1000 after three steps", after_three[0, 1, 0, 1].item(), 181.04, 5e-3),
        ("eval output of channel 2's 1000 after one step", evaluated[0, 1, 0, 1].item(), 349.9, 0.05),
        ("eval leaves running_mean as it is", one_step.running_mean.tolist(), steps[0][0], 0),
        ("gradInput for an upstream gradient of ones", max(abs(v) for v in xg.grad.flatten().tolist()), 0, 1e-6),
        ("gradWeight for ones", ones.weight.grad.tolist(), [0, 0], 1e-5),
        ("gradBias for ones", ones.bias.grad.tolist(), [8, 8], 0),
        ("steps until channel 2's running mean is within 1 of 1000", settle, 66, 0),
    ] + exercise_claims(x, steps)


def exercise_claims(x, steps):
    """The numbers the exercises state in their questions, workings and likely mistakes (their
    answers are checked by check_lesson_exercises), each as PyTorch computes it."""
    moved = x.clone()
    moved[0, 0, 0, 0] = 4  # exercises 1 and 2: channel 1's first value, 0, becomes 4
    channel = moved[:, 0].flatten()
    mean, variance, unbiased = channel.mean().item(), channel.var(unbiased=False).item(), channel.var().item()
    moved_hat = F.batch_norm(moved, None, None, None, None, True, 0.1, 1e-5)
    hat = F.batch_norm(x, None, None, None, None, True, 0.1, 1e-5)
    scaled = F.batch_norm(x, None, None, tensor([1, 0.5]), tensor([0, -1]), True, 0.1, 1e-5)
    bn = torch.nn.BatchNorm2d(2)
    for _ in range(4):
        bn(x)
    s2 = x.var((0, 2, 3))[0].item()
    one_var = steps[0][1][0]
    upstream = torch.zeros(SHAPE)
    upstream[0, 0, 0, 0] = 2  # exercise 7
    xg = x.clone().requires_grad_(True)
    gamma, beta = torch.ones(2, requires_grad=True), torch.zeros(2, requires_grad=True)
    F.batch_norm(xg, None, None, gamma, beta, True, 0.0, 1e-5).backward(upstream)
    return [
        # 1 and 2: the first 0 of channel 1 made 4.
        ("exercise 1: the sum of channel 1 with 4 for 0", channel.sum().item(), 12, 0),
        ("exercise 1: its mean", mean, 1.5, 0),
        ("exercise 1: its biased variance", variance, 1.25, 1e-6),
        ("exercise 1: the sum of the squared distances", variance * 8, 10, 1e-5),
        ("exercise 1, mistake: its unbiased variance", unbiased, 1.4286, 5e-5),
        ("exercise 1, mistake: its standard deviation", math.sqrt(variance), 1.118, 5e-4),
        ("exercise 1, mistake: the variance around the old mean 1", ((channel - 1) ** 2).mean().item(), 1.5, 1e-6),
        ("exercise 2: √(1.25 + ε)", math.sqrt(variance + 1e-5), 1.1180, 5e-5),
        ("exercise 2: x̂ of channel 1's 2 after the change", moved_hat[0, 0, 1, 0].item(), 0.4472, 5e-5),
        ("exercise 2, mistake: x̂ of the 2 before the change", hat[0, 0, 1, 0].item(), 1.4142, 5e-5),
        ("exercise 2, mistake: divided by the variance", (2 - mean) / variance, 0.4, 1e-6),
        ("exercise 2, mistake: by the unbiased variance's root", (2 - mean) / math.sqrt(unbiased + 1e-5), 0.4183, 5e-5),
        ("exercise 2, mistake: not divided", 2 - mean, 0.5, 0),
        # 3: channel 2's 1010 with γ 0.5 and β −1.
        ("exercise 3: √(50 + ε)", math.sqrt(50 + 1e-5), 7.0711, 5e-5),
        ("exercise 3: x̂ of channel 2's 1010", hat[0, 1, 1, 0].item(), 1.4142, 5e-5),
        ("exercise 3: γ 0.5, β −1 on 1010", scaled[0, 1, 1, 0].item(), -0.2929, 5e-5),
        ("exercise 3, mistake: γ (x̂ + β)", 0.5 * (hat[0, 1, 1, 0].item() - 1), 0.2071, 5e-5),
        ("exercise 3, mistake: the output of 990", scaled[0, 1, 0, 0].item(), -1.7071, 5e-5),
        ("exercise 3, mistake: γ and β swapped", -1 * hat[0, 1, 1, 0].item() + 0.5, -0.9142, 5e-5),
        # 4: channel 2's running mean after a fourth step.
        ("exercise 4: channel 2's running_mean after four steps", bn.running_mean[1].item(), 343.9, 5e-4),
        ("exercise 4: 1000 (1 − 0.9⁴)", 1000 * (1 - 0.9 ** 4), 343.9, 5e-4),
        ("exercise 4: 0.9 · 271", 0.9 * steps[2][0][1], 243.9, 5e-4),
        ("exercise 4, mistake: 0.1 · 1000 added to all of 271", steps[2][0][1] + 0.1 * 1000, 371, 5e-4),
        ("exercise 4, mistake: the weights swapped", 0.1 * steps[2][0][1] + 0.9 * 1000, 927.1, 5e-4),
        ("exercise 4, mistake: 1000 · 0.9⁴", 1000 - bn.running_mean[1].item(), 656.1, 5e-4),
        # 5: channel 1's running variance after a second step.
        ("exercise 5: channel 1's running_var after two steps", steps[1][1][0], 0.91857, 5e-6),
        ("exercise 5: 0.9 · 0.95714", 0.9 * one_var, 0.86143, 5e-6),
        ("exercise 5: 0.1 · 0.57143", 0.1 * s2, 0.05714, 5e-6),
        ("exercise 5: s² of channel 1", s2, 0.57143, 5e-6),
        ("exercise 5, mistake: the biased variance taken", 0.9 * one_var + 0.1 * 0.5, 0.9114, 5e-5),
        ("exercise 5, mistake: the batch's share left out", 0.9 * one_var, 0.8614, 5e-5),
        # 7: an upstream gradient of 2 on channel 1's first value alone.
        ("exercise 7: γ's gradient", gamma.grad[0].item(), -2.8284, 5e-5),
        ("exercise 7: β's gradient", beta.grad[0].item(), 2, 0),
        ("exercise 7, mistake: x̂ of channel 1's 0", hat[0, 0, 0, 0].item(), -1.4142, 5e-5),
    ]


def check_claims():
    for what, actual, stated, tolerance in claims():
        pairs = zip(actual, stated) if isinstance(stated, list) else [(actual, stated)]
        for a, s in pairs:
            assert math.isclose(a, s, abs_tol=tolerance, rel_tol=0), f"the lesson says {what} is {stated}, PyTorch gives {actual}"


def lesson_cases():
    """The widget of every lesson that shows one, under the same keys as CASES."""
    names = {"input": "input", "weight": "weight", "bias": "bias", "running_mean": "runningMean",
             "running_var": "runningVar", "training": "training", "momentum": "momentum", "eps": "eps",
             "grad_output": "gradOutput"}
    cases = []
    for name, url, widget in lesson_widgets("batchnorm-widget"):
        case = {"name": name, "url": url}
        case.update({key: widget[field] for field, key in names.items() if field in widget})
        cases.append(case)
    return cases


QUERY = {"input": "input", "weight": "weight", "bias": "bias", "running_mean": "runningMean",
         "running_var": "runningVar", "training": "training", "momentum": "momentum", "eps": "eps",
         "grad_output": "gradOutput"}
PER_CHANNEL = {"mean": "mean", "variance": "variance", "unbiased_variance": "unbiasedVariance",
               "running_mean": "runningMean", "running_var": "runningVar", "next_running_mean": "nextRunningMean",
               "next_running_var": "nextRunningVar", "grad_weight": "gradWeight", "grad_bias": "gradBias"}
PER_VALUE = {"normalised": "normalised", "output": "output", "grad_input": "gradInput"}


def query_case(query, base):
    """The case an exercise's playground query sets up over the lesson's (`steps`, the counter
    the widget shows, changes no number)."""
    case = dict(base)
    for name, value in urllib.parse.parse_qsl(query):
        if name == "steps":
            continue
        key = QUERY[name]
        if key == "training":
            case[key] = value == "true"
        elif key in ("momentum", "eps"):
            case[key] = float(value)
        elif key == "gradOutput" and value == "ones":
            case[key] = value
        else:
            case[key] = [float(v) for v in value.split(",")]
    return case


def exercise_value(case, spec):
    """The number an exercise's core line names, as the widget's model.js reads it: per channel
    `mean C`, ..., `grad_bias C`, or per value `input n,c,h,w`, `normalised`, `output`,
    `grad_input` (all from 1)."""
    name, where = spec.split()
    expected = run(case)
    if name in PER_CHANNEL:
        return expected[PER_CHANNEL[name]][int(where) - 1]
    n, c, h, w = (int(i) - 1 for i in where.split(","))
    index = ((n * SHAPE[1] + c) * SHAPE[2] + h) * SHAPE[3] + w
    values = {**DEFAULTS, **case}["input"] if name == "input" else expected[PER_VALUE[name]]
    return values[index]


def check_lesson_exercises(lessons):
    """Each exercise of each batch-normalisation lesson answered by PyTorch under its playground
    query: the stated answer within its tolerance, no likely mistake within it."""
    claims = []
    for case in lessons:
        path = LESSONS / case["name"].removeprefix("lesson ")
        claims += check_exercises(path, path.read_text(), case["name"],
                                  lambda exercise: exercise_value(query_case(exercise["playground"], case), exercise["core"]))
    return claims


def main():
    check_claims()
    lessons = lesson_cases()
    exercises = check_lesson_exercises(lessons)
    out = {
        "generator": "tests/e2e/batchnorm-expected.py",
        "torch": torch.__version__,
        "defaults": DEFAULTS,
        "cases": [{**case, "expected": run(case)} for case in CASES + lessons],
        "exercises": exercises,
    }
    path = pathlib.Path(__file__).with_suffix(".json")
    path.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
