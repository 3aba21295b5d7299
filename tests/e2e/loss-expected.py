"""What PyTorch says about the losses the <loss-widget> specs and lessons show: F.mse_loss and
F.huber_loss in float32 with each reduction, and the gradient autograd sends to each prediction
(for a gradient of 1, or of ones with reduction 'none'). The cases are the specs' own and the
widget of every lesson whose element is a <loss-widget> (read from its front matter, named
"lesson <file>"), plus the numbers the two loss lessons state in their text (CLAIMS: the script
stops if PyTorch disagrees with one), every exercise of those lessons answered under its
playground settings with no likely mistake it lists right ("exercises"), and the other numbers
the exercises' workings and mistakes state (workings()). Writes loss-expected.json beside this
file; run with a Python that has PyTorch: /usr/bin/python3 tests/e2e/loss-expected.py"""
import json
import pathlib
import urllib.parse

import torch
import torch.nn.functional as F

from lesson_expected import check_claims as check_texts
from lesson_expected import check_exercises, lesson_widgets, lessons_with, name_of, widget_settings

# Each case is the widget's attributes under the settings' keys.
CASES = [
    {"name": "default mse", "loss": "mse", "predictions": [2.5, 0, 2], "targets": [3, -0.5, 2], "reduction": "mean"},
    {"name": "mse sum", "loss": "mse", "predictions": [3, 1, 4], "targets": [2, 1.5, 1], "reduction": "sum"},
    {"name": "mse none", "loss": "mse", "predictions": [3, 1, 4], "targets": [2, 1.5, 1], "reduction": "none"},
    {"name": "huber delta 1", "loss": "huber", "predictions": [0.5, 3, -12], "targets": [0, 0, 0], "reduction": "mean", "delta": 1},
    {"name": "huber compared with mse", "loss": "huber", "predictions": [1.5, 0.5, 8], "targets": [1, 1, 0], "reduction": "mean", "delta": 1, "compare": True},
    {"name": "mse compared with huber, none", "loss": "mse", "predictions": [1.5, 0.5, 8], "targets": [1, 1, 0], "reduction": "none", "delta": 2, "compare": True},
    {"name": "huber delta 2 sum", "loss": "huber", "predictions": [0.5, 3, -12, 2], "targets": [0, 0, 0, 0], "reduction": "sum", "delta": 2},
]


def run(case, loss=None):
    loss = loss or case["loss"]
    x = torch.tensor(case["predictions"], dtype=torch.float32, requires_grad=True)
    y = torch.tensor(case["targets"], dtype=torch.float32)
    reduction = case.get("reduction", "mean")
    if loss == "mse":
        value = F.mse_loss(x, y, reduction=reduction)
        terms = F.mse_loss(x.detach(), y, reduction="none")
    else:
        delta = float(case.get("delta", 1))
        value = F.huber_loss(x, y, reduction=reduction, delta=delta)
        terms = F.huber_loss(x.detach(), y, reduction="none", delta=delta)
    value.backward(torch.ones_like(value))
    return {
        "loss": None if reduction == "none" else value.item(),
        "terms": terms.tolist(),
        "gradients": x.grad.tolist(),
    }


def expected(case):
    out = run(case)
    if case.get("compare"):
        out["compared"] = run(case, "huber" if case["loss"] == "mse" else "mse")
    return out


KEYS = {"loss": "loss", "predictions": "predictions", "targets": "targets", "reduction": "reduction", "delta": "delta", "compare": "compare"}


def lesson_cases():
    """The widget of every lesson that shows a <loss-widget>, under the same keys as CASES."""
    return [{"name": name, "url": url, "loss": "mse", "reduction": "mean", **widget_settings(widget, KEYS)}
            for name, url, widget in lesson_widgets("loss-widget")]


# The numbers the lessons' text states: (where, settings, what, the value written).
# what is "loss", "term N" or "grad N", as the exercises' core lines.
MSE = "lessons/05-the-error/01-mean-squared-error.md"
HUBER = "lessons/05-the-error/03-the-huber-loss.md"
CLAIMS = [
    (MSE, {"loss": "mse", "predictions": [3, 1, 4], "targets": [2, 1.5, 1]}, "loss", 3.4167),
    (MSE, {"loss": "mse", "predictions": [3, 1, 4], "targets": [2, 1.5, 1]}, "grad 1", 0.6667),
    (MSE, {"loss": "mse", "predictions": [3, 1, 4], "targets": [2, 1.5, 1]}, "grad 2", -0.3333),
    (MSE, {"loss": "mse", "predictions": [3, 1, 4], "targets": [2, 1.5, 1]}, "grad 3", 2),
    (MSE, {"loss": "mse", "predictions": [3, 1, 4], "targets": [2, 1.5, 1]}, "term 3", 9),
    (MSE, {"loss": "mse", "predictions": [3, 1, 1], "targets": [2, 1.5, 1]}, "loss", 0.4167),
    (MSE, {"loss": "mse", "predictions": [3, 1, 4], "targets": [2, 1.5, 1], "reduction": "sum"}, "loss", 10.25),
    (MSE, {"loss": "mse", "predictions": [3, 1, 4], "targets": [2, 1.5, 1], "reduction": "sum"}, "grad 3", 6),
    (MSE, {"loss": "mse", "predictions": [1, 1, 1, 1], "targets": [0, 0, 0, 0]}, "loss", 1),
    (MSE, {"loss": "mse", "predictions": [4, 0, 0, 0], "targets": [0, 0, 0, 0]}, "loss", 4),
    (HUBER, {"loss": "huber", "predictions": [1.5, 0.5, 8], "targets": [1, 1, 0], "delta": 1}, "loss", 2.5833),
    (HUBER, {"loss": "huber", "predictions": [1.5, 0.5, 8], "targets": [1, 1, 0], "delta": 1}, "grad 1", 0.1667),
    (HUBER, {"loss": "huber", "predictions": [1.5, 0.5, 8], "targets": [1, 1, 0], "delta": 1}, "grad 3", 0.3333),
    (HUBER, {"loss": "huber", "predictions": [1.5, 0.5, 8], "targets": [1, 1, 0], "delta": 1}, "term 3", 7.5),
    (HUBER, {"loss": "mse", "predictions": [1.5, 0.5, 8], "targets": [1, 1, 0]}, "grad 1", 0.3333),
    (HUBER, {"loss": "mse", "predictions": [1.5, 0.5, 8], "targets": [1, 1, 0]}, "grad 3", 5.3333),
    (HUBER, {"loss": "mse", "predictions": [1.5, 0.5, 8], "targets": [1, 1, 0]}, "loss", 21.5),
    (HUBER, {"loss": "huber", "predictions": [1.5, 0.5, 8], "targets": [1, 1, 0], "delta": 1}, "term 1", 0.125),
    (HUBER, {"loss": "mse", "predictions": [1.5, 0.5, 3], "targets": [1, 1, 0]}, "grad 3", 2),
    (HUBER, {"loss": "huber", "predictions": [1.5, 0.5, 3], "targets": [1, 1, 0], "delta": 1}, "grad 3", 0.3333),
    (HUBER, {"loss": "huber", "predictions": [0.6, 3], "targets": [0, 0], "delta": 1, "reduction": "sum"}, "term 1", 0.18),
    (HUBER, {"loss": "huber", "predictions": [0.6, 3], "targets": [0, 0], "delta": 1, "reduction": "sum"}, "term 2", 2.5),
    (HUBER, {"loss": "huber", "predictions": [0.6, 3], "targets": [0, 0], "delta": 1, "reduction": "sum"}, "grad 1", 0.6),
    (HUBER, {"loss": "huber", "predictions": [0.6, 3], "targets": [0, 0], "delta": 1, "reduction": "sum"}, "grad 2", 1),
    (HUBER, {"loss": "mse", "predictions": [0.6, 3], "targets": [0, 0], "reduction": "sum"}, "term 1", 0.36),
    (HUBER, {"loss": "huber", "predictions": [0.6, 3], "targets": [0, 0], "delta": 4, "reduction": "sum"}, "grad 2", 3),
    (HUBER, {"loss": "huber", "predictions": [0.6, 3], "targets": [0, 0], "delta": 4, "reduction": "sum"}, "term 2", 4.5),
    # Exercise 5: δ = 10, above every gap; after the δ = 1 claims, which the specs find first.
    (HUBER, {"loss": "huber", "predictions": [1.5, 0.5, 8], "targets": [1, 1, 0], "delta": 10}, "grad 3", 2.6667),
    (HUBER, {"loss": "huber", "predictions": [1.5, 0.5, 8], "targets": [1, 1, 0], "delta": 10, "reduction": "sum"}, "grad 3", 8),
]


def claim_value(settings, what):
    numbers = run(settings)
    if what == "loss":
        return numbers["loss"]
    kind, n = what.split()
    return numbers["terms" if kind == "term" else "gradients"][int(n) - 1]


def check_claims():
    for where, settings, what, written in CLAIMS:
        value = claim_value(settings, what)
        # The lessons write 4 decimals (format-number.js).
        if abs(value - written) > 5e-5 + 1e-6 * abs(written):
            raise SystemExit(f"{where}: {what} of {settings} is {value} in PyTorch, the lesson says {written}")
    return [{"where": w, "settings": s, "what": what, "written": v, "pytorch": claim_value(s, what)} for w, s, what, v in CLAIMS]


def workings():
    """The numbers the Huber lesson's exercises state that are not a widget's number (a piece
    of the formula taken where it does not apply, a cap that no longer holds), each as PyTorch
    computes it: (the text as written, the value)."""
    gap = torch.tensor(0.6)
    return [
        ("0.1", (1.0 * (gap.abs() - 0.5 * 1.0)).item()),  # exercise 1: the straight line inside δ
        ("3.3333", (torch.tensor(10.0) / 3).item()),  # exercise 5: capped at δ / n with δ = 10
    ]


def query_settings(query, base):
    """The widget's settings from a link's query, over `base` (the names the links use)."""
    settings = dict(base)
    for name, value in urllib.parse.parse_qsl(query):
        if name in ("predictions", "targets"):
            settings[name] = [float(v) for v in value.split(",")]
        elif name == "delta":
            settings[name] = float(value)
        elif name == "compare":
            settings[name] = value == "true"
        elif name in ("loss", "reduction"):
            settings[name] = value
        else:
            raise ValueError(f"unknown query name {name}")
    return settings


def exercise_value(settings, core):
    """The number a core line names: loss, term N or grad N, of the other loss after mse or huber."""
    words = core.split(None, 1)
    if words[0] in ("mse", "huber"):
        return claim_value({**settings, "loss": words[0]}, words[1])
    return claim_value(settings, core)


def checked_exercises():
    """Every exercise of the loss lessons against PyTorch: its answer within its tolerance, no
    likely mistake it lists within it."""
    claims = []
    for path, widget, text, _ in lessons_with("loss-widget"):
        base = {"loss": "mse", "reduction": "mean", **widget_settings(widget, KEYS)}
        claims += check_exercises(path, text, name_of(path), lambda exercise: exercise_value(query_settings(exercise["playground"], base), exercise["core"]))
    return claims


def main():
    out = {
        "generator": "tests/e2e/loss-expected.py",
        "torch": torch.__version__,
        "cases": [{**case, "expected": expected(case)} for case in CASES + lesson_cases()],
        "claims": check_claims(),
        "workings": check_texts(workings()),
        "exercises": checked_exercises(),
    }
    path = pathlib.Path(__file__).with_suffix(".json")
    path.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
