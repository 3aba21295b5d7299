"""What PyTorch 1.13 says about the cross-entropy the <cross-entropy-widget> specs and lessons
set up: F.cross_entropy of one sample's logits [1, C] with its true class and label smoothing
(reduction 'sum'), the softmax probabilities, the smoothed target, and autograd's gradient with
respect to the logits. The cases are the specs' own and the widget of every lesson that shows a
<cross-entropy-widget> (with every exercise answered under its playground settings, and no
likely mistake it lists may be right: "exercises"); the numbers the lesson's prose and its
exercises' hints, workings and mistakes state are checked here (claims). Writes cross-entropy-expected.json
beside this file; run with a Python that has PyTorch: /usr/bin/python3 tests/e2e/cross-entropy-expected.py"""
import json
import math
import pathlib

import torch
import torch.nn.functional as F

from lesson_expected import check_claims, check_lesson_exercises, lesson_cases

CASES = [
    {"name": "default", "logits": [2, 1, 0.1], "target": 0, "labelSmoothing": 0},
    {"name": "wrong class", "logits": [2, 1, 0.1], "target": 2, "labelSmoothing": 0},
    {"name": "smoothed", "logits": [2, 1, 0.1], "target": 0, "labelSmoothing": 0.1},
    {"name": "large logits", "logits": [1000, 1001, 999], "target": 1, "labelSmoothing": 0},
    {"name": "sure and smoothed", "logits": [10, 0, 0, -2], "target": 0, "labelSmoothing": 0.1},
]


def run(case):
    x = torch.tensor(case["logits"], dtype=torch.float32, requires_grad=True)
    eps = case.get("labelSmoothing", 0)
    loss = F.cross_entropy(x.unsqueeze(0), torch.tensor([case.get("target", 0)]), label_smoothing=eps, reduction="sum")
    loss.backward()
    c = len(case["logits"])
    target = [(1 - eps) * (j == case.get("target", 0)) + eps / c for j in range(c)]
    return {
        "loss": loss.item(),
        "probabilities": F.softmax(x.detach(), dim=0).tolist(),
        "target": target,
        "gradient": x.grad.tolist(),
    }


def claims():
    default = run({"logits": [2, 1, 0.1], "target": 0})
    wrong = run({"logits": [2, 1, 0.1], "target": 2})
    smooth = run({"logits": [2, 1, 0.1], "target": 0, "labelSmoothing": 0.1})
    sure = run({"logits": [10, 0, 0], "target": 0})
    sure_smooth = run({"logits": [10, 0, 0], "target": 0, "labelSmoothing": 0.1})
    uniform = run({"logits": [0, 0, 0], "target": 0})
    return [
        ("0.659", default["probabilities"][0]), ("0.4170", default["loss"]), ("-0.341", default["gradient"][0]),
        ("0.2424", default["gradient"][1]), ("0.0986", default["gradient"][2]), ("0.0986", wrong["probabilities"][2]),
        ("2.317", wrong["loss"]), ("1.0986", uniform["loss"]), ("1.0986", math.log(3)),
        ("0.9333", smooth["target"][0]), ("0.0333", smooth["target"][1]), ("0.5137", smooth["loss"]), ("-0.2743", smooth["gradient"][0]),
        ("0.00009", sure["loss"]), ("0.6668", sure_smooth["loss"]), ("0.0666", sure_smooth["gradient"][0]),
        ("0.99991", sure["probabilities"][0]),
    ] + exercise_claims()


def exercise_claims():
    """The numbers the exercises state in their hints, workings and likely mistakes (their
    answers are checked under their playground settings), each as PyTorch computes it."""
    four = run({"logits": [0, 0, 0, 0], "target": 0})
    three = run({"logits": [0, 0, 0], "target": 0})
    smooth_four = run({"logits": [2, 1, 0.1, 0], "target": 0, "labelSmoothing": 0.1})
    smooth_three = run({"logits": [2, 1, 0.1], "target": 0, "labelSmoothing": 0.1})
    nearly = run({"logits": [3, 0, 0], "target": 0, "labelSmoothing": 0.1})
    nearly_plain = run({"logits": [3, 0, 0], "target": 0})
    sure_smooth = run({"logits": [10, 0, 0], "target": 0, "labelSmoothing": 0.1})
    e3 = torch.exp(torch.tensor(3.0)).item()
    return [
        # 3: four logits of 0.
        ("1.3863", four["loss"]), ("1.3863", math.log(4)), ("1.0986", three["loss"]), ("0.25", four["probabilities"][0]),
        # 5: a fourth class, label smoothing 0.1.
        ("0.925", smooth_four["target"][0]), ("0.025", smooth_four["target"][1]), ("0.9", 1 - 0.1),
        ("0.9333", smooth_three["target"][0]), ("1", sum(smooth_four["target"])),
        # 6: logits 3, 0, 0, label smoothing 0.1.
        ("20.09", e3), ("22.09", e3 + 2), ("0.9094", nearly["probabilities"][0]), ("0.9333", nearly["target"][0]),
        ("-0.0239", nearly["gradient"][0]), ("-0.0906", nearly_plain["gradient"][0]), ("0.0239", -nearly["gradient"][0]),
        ("0.0094", nearly["probabilities"][0] - 0.9), ("0.0666", sure_smooth["gradient"][0]),
    ]


KEYS = {"logits": "logits", "target": "target", "label_smoothing": "labelSmoothing"}


def parse(name, value):
    return [float(v) for v in value.split(",")] if name == "logits" else int(value) if name == "target" else float(value)


def answer(settings, core):
    result = run(settings)
    if core == "loss":
        return result["loss"]
    kind, k = core.split()
    return {"probability": result["probabilities"], "target": result["target"], "gradient": result["gradient"]}[kind][int(k)]


def main():
    out = {
        "generator": "tests/e2e/cross-entropy-expected.py",
        "torch": torch.__version__,
        "claims": check_claims(claims()),
        "cases": [{**case, "expected": run(case)} for case in CASES + lesson_cases("cross-entropy-widget", KEYS, parse, answer)],
        "exercises": check_lesson_exercises("cross-entropy-widget", KEYS, parse, answer),
    }
    pathlib.Path(__file__).with_suffix(".json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
