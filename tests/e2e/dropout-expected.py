"""What PyTorch says about the dropout the <dropout-widget> specs set up: the output
input * mask / (1 - p) and the gradient autograd sends back, in float32, with the mask drawn by
the core's documented SplitMix64 generator (reimplemented in tests/golden/golden_text.py,
imported here; PyTorch's own generator draws other masks, so PyTorch is given the mask, as the
layers golden data does), and the mean output over the masks of 1000 seeds from the case's
seed on. Evaluation mode is F.dropout(training=False). The cases are the specs' own, the widget
of every lesson whose element is a <dropout-widget> (from its front matter, named "lesson
<file>"), and every exercise of those lessons (its playground query over the lesson's
settings), whose stated answer is checked against PyTorch before anything is written; so are
the numbers the lesson's text states (CLAIMS). Writes dropout-expected.json beside this file;
run with a Python that has PyTorch: /usr/bin/python3 tests/e2e/dropout-expected.py"""
import pathlib
import sys

import torch
import torch.nn.functional as F

from lesson_expected import layer_lesson_cases, write_expected

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "golden"))
from golden_text import splitmix64_uniforms  # noqa: E402

AVERAGE_MASKS = 1000
MAX_SEED = 4294967295
DEFAULTS = {"input": [1, 2, -1, 0.5, 3, -2, 1.5, 4], "p": 0.5, "seed": 0, "mode": "train", "gradOutput": "ones"}

# Each case is the widget's settings under their keys (the defaults where not given).
CASES = [
    {"name": "default"},
    {"name": "new mask once", "seed": 1},
    {"name": "p 0.25 seed 3", "p": 0.25, "seed": 3, "input": [0.5, -1.5, 2, 7, -3, 1]},
    {"name": "p 0.9 seed 7", "p": 0.9, "seed": 7},
    {"name": "p 0", "p": 0},
    {"name": "p 1", "p": 1},
    {"name": "evaluation", "mode": "eval"},
    {"name": "upstream gradient", "p": 0.3, "seed": 11, "gradOutput": [1, -2, 0.5, 3, 2, 0.25, -1, 4]},
    {"name": "the first input typed 2.5", "input": [2.5, 2, -1, 0.5, 3, -2, 1.5, 4]},
    {"name": "the largest seed wraps to 0 for its average", "seed": MAX_SEED},
]

# Numbers the lesson's text states: (settings, what, index from 1 or None, value, tolerance).
CLAIMS = [
    ({}, "mask", None, [1, 0, 0, 1, 0, 0, 0, 1], 0),
    ({}, "output", 1, 2, 0), ({}, "output", 4, 1, 0), ({}, "output", 8, 8, 0),
    ({}, "scale", None, 2, 0),
    ({}, "mean", 8, 3.896, 0.0005), ({}, "mean", 1, 1.006, 0.0005), ({}, "mean", 5, 2.982, 0.0005),
    ({}, "gradInput", 1, 2, 0), ({}, "gradInput", 4, 2, 0), ({}, "gradInput", 8, 2, 0), ({}, "gradInput", 2, 0, 0),
    ({"mode": "eval"}, "gradInput", 1, 1, 0),
]


def mask_of(n, p, seed):
    return [1 if u >= p else 0 for u in splitmix64_uniforms(seed, n)]


def forward_backward(x, p, mask, mode, grad):
    leaf = torch.tensor(x, dtype=torch.float32, requires_grad=True)
    if mode == "eval":
        y = F.dropout(leaf, p, training=False)
    else:
        # PyTorch's _dropout_impl: noise = bernoulli(1 - p).div_(1 - p); input * noise; p = 1: zeros.
        noise = torch.zeros(len(x)) if p == 1 else torch.tensor(mask, dtype=torch.float32).div_(1 - p)
        y = leaf * noise
    (g,) = torch.autograd.grad(y, leaf, torch.tensor(grad, dtype=torch.float32))
    return y.detach(), g


def run(case):
    s = {**DEFAULTS, **case}
    x, p, n = s["input"], s["p"], len(s["input"])
    grad = [1.0] * n if s["gradOutput"] == "ones" else s["gradOutput"]
    mask = [1] * n if s["mode"] == "eval" else mask_of(n, p, s["seed"])
    y, g = forward_backward(x, p, mask, s["mode"], grad)
    total = torch.zeros(n, dtype=torch.float64)
    for k in range(AVERAGE_MASKS):
        out, _ = forward_backward(x, p, mask_of(n, p, (s["seed"] + k) % (MAX_SEED + 1)), "train", grad)
        total += out.to(torch.float64)
    scale = 1.0 if s["mode"] == "eval" else (torch.zeros(1) if p == 1 else torch.ones(1).div_(1 - p)).item()
    return {
        "mask": mask, "output": y.tolist(), "gradInput": g.tolist(), "kept": sum(mask), "scale": scale,
        "mean": (total / AVERAGE_MASKS).tolist(),
    }


def query_settings(query, base):
    """The widget's settings from a link's query, over `base` (the names the links use)."""
    settings = dict(base)
    for part in query.split("&"):
        name, value = part.split("=", 1)
        if name == "input":
            settings["input"] = [float(v) for v in value.split(",")]
        elif name in ("p",):
            settings["p"] = float(value)
        elif name == "seed":
            settings["seed"] = int(value)
        elif name == "mode":
            settings["mode"] = value
        elif name == "grad_output":
            settings["gradOutput"] = "ones" if value == "ones" else [float(v) for v in value.split(",")]
        else:
            raise ValueError(f"unknown query name {name}")
    return settings


def number(expected, spec):
    """The number an exercise's core line names: output N, grad_input N, mask N, kept, scale, mean N."""
    if spec in ("kept", "scale"):
        return expected[spec]
    what, n = spec.split()
    return expected[{"grad_input": "gradInput"}.get(what, what)][int(n) - 1]


KEYS = {"input": "input", "p": "p", "seed": "seed", "mode": "mode", "grad_output": "gradOutput"}


def check_text(path, settings):
    """The numbers the lesson's prose states (CLAIMS), under its widget's settings."""
    for overrides, what, index, value, tolerance in CLAIMS:
        got = run({**settings, **overrides})[what]
        got = got if index is None else got[index - 1]
        ok = got == value if isinstance(value, list) else abs(got - value) <= tolerance
        assert ok, f"{path.name} says {what} {index or ''} is {value}; PyTorch gives {got}"


def lesson_cases():
    return layer_lesson_cases("dropout-widget", KEYS, DEFAULTS,
                              lambda exercise, settings: number(run(query_settings(exercise["playground"], settings)), exercise["core"]), check_text)


def main():
    lessons, claims = lesson_cases()
    write_expected(__file__, CASES + lessons, run, claims)


if __name__ == "__main__":
    main()
