"""What PyTorch 1.13 says about the softmax the <softmax-widget> specs and lessons set up:
F.softmax(x / T, dim=0) in float32, the scores divided by T and shifted by their largest value,
and autograd's gradient of one class's probability with respect to every score (backward with a
one-hot gradient). The cases are the specs' own and the widget of every lesson that shows a
<softmax-widget> (read from its front matter, named "lesson <file>"); every exercise of those
lessons is answered under its playground settings (each case's "exercises", and no likely mistake
it lists may be right: "exercises" at the top), and the numbers the lesson's prose and its
exercises' hints, workings and mistakes state are checked against PyTorch here (claims(): the
text as written, and the value it rounds). Writes softmax-expected.json beside this file; run with a Python that has PyTorch:
/usr/bin/python3 tests/e2e/softmax-expected.py"""
import json
import pathlib

import torch
import torch.nn.functional as F

from lesson_expected import check_claims, check_lesson_exercises, lesson_cases

# Each case is the widget's settings under its keys.
CASES = [
    {"name": "default", "scores": [2, 1, 0.1], "temperature": 1, "gradClass": 0},
    # 1000 and 1001 as the lesson has them, with a third score far below (e^-2001 is 0 in float32).
    {"name": "1000 and 1001", "scores": [1000, 1001, -1000], "temperature": 1, "gradClass": 0},
    {"name": "large scores", "scores": [1000, 1001, 1000.5], "temperature": 1, "gradClass": 1},
    {"name": "near argmax", "scores": [2, 1, 0.1], "temperature": 0.05, "gradClass": 0},
    {"name": "near uniform", "scores": [2, 1, 0.1], "temperature": 20, "gradClass": 2},
    {"name": "five scores", "scores": [0.5, -1, 3, 2.5, 0], "temperature": 0.5, "gradClass": 3},
]


def run(case):
    x = torch.tensor(case["scores"], dtype=torch.float32, requires_grad=True)
    t = case.get("temperature", 1)
    scaled = x.detach() / t
    p = F.softmax(x / t, dim=0)
    one_hot = torch.zeros_like(p)
    one_hot[case.get("gradClass", 0)] = 1
    p.backward(one_hot)
    return {
        "probabilities": p.tolist(),
        "shifted": (scaled - scaled.max()).tolist(),
        "gradient": x.grad.tolist(),
    }


# The lesson's prose, number by number: (what the text says, the PyTorch value, the case).
def claims():
    default = run({"scores": [2, 1, 0.1]})
    large = run({"scores": [1000, 1001]})
    sharp = run({"scores": [2, 1, 0.1], "temperature": 0.05})
    flat = run({"scores": [2, 1, 0.1], "temperature": 20})
    e = [torch.exp(torch.tensor(v, dtype=torch.float32)).item() for v in (2.0, 1.0, 0.1)]
    return [
        ("0.659", default["probabilities"][0]), ("0.242", default["probabilities"][1]), ("0.099", default["probabilities"][2]),
        ("7.389", e[0]), ("2.718", e[1]), ("1.105", e[2]), ("11.21", sum(e)),
        ("0.2247", default["gradient"][0]), ("-0.1598", default["gradient"][1]), ("-0.0650", default["gradient"][2]),
        ("0.2689", large["probabilities"][0]), ("0.7311", large["probabilities"][1]),
        ("1.0000", sharp["probabilities"][0]), ("0.0000", sharp["probabilities"][1]),
        ("0.3496", flat["probabilities"][0]), ("0.3325", flat["probabilities"][1]), ("0.3179", flat["probabilities"][2]),
        ("88.72", torch.log(torch.tensor(torch.finfo(torch.float32).max)).item()),
    ] + exercise_claims()


def exercise_claims():
    """The numbers the exercises state in their hints, workings and likely mistakes (their
    answers are checked under their playground settings), each as PyTorch computes it."""
    default = run({"scores": [2, 1, 0.1]})
    raised = run({"scores": [3, 1, 0.1]})
    doubled = run({"scores": [4, 2, 0.2]})
    warm = run({"scores": [2, 1, 0.1], "temperature": 2})
    e = lambda v: torch.exp(torch.tensor(v, dtype=torch.float32)).item()  # noqa: E731
    raised_scores = torch.tensor([3, 1, 0.1], dtype=torch.float32)
    p0, p1 = warm["probabilities"][:2]
    return [
        # 1: class 0's score raised from 2 to 3; class 1's probability.
        ("20.09", e(3.0)), ("2.718", e(1.0)), ("1.105", e(0.1)), ("23.91", e(3.0) + e(1.0) + e(0.1)),
        ("0.114", raised["probabilities"][1]), ("0.242", default["probabilities"][1]),
        ("0.84", raised["probabilities"][0]), ("0.244", (raised_scores[1] / raised_scores.sum()).item()),
        # 2: every score doubled; class 0's probability.
        ("1.9", 2 - 0.1), ("3.8", 4 - 0.2), ("54.60", e(4.0)), ("7.389", e(2.0)), ("1.221", e(0.2)),
        ("63.21", e(4.0) + e(2.0) + e(0.2)), ("0.864", doubled["probabilities"][0]), ("0.659", default["probabilities"][0]),
        # 6: ∂p₀/∂x₁ at temperature 2, after exercise 5's p₀ there.
        ("0.502", p0), ("0.304", p1), ("0.304", e(0.5) / (e(1.0) + e(0.5) + e(0.05))), ("0.50169", p0), ("0.30429", p1),
        ("-0.15266", -p0 * p1), ("-0.07633", warm["gradient"][1]), ("-0.1527", -p0 * p1),
        ("-0.0799", default["gradient"][1] / 2), ("0.0763", -warm["gradient"][1]), ("-0.1598", default["gradient"][1]),
    ]


KEYS = {"scores": "scores", "temperature": "temperature", "grad_class": "gradClass"}


def parse(name, value):
    return [float(v) for v in value.split(",")] if name == "scores" else int(value) if name == "grad_class" else float(value)


def answer(settings, core):
    kind, k = core.split()
    result = run(settings)
    return {"probability": result["probabilities"], "shifted": result["shifted"], "gradient": result["gradient"]}[kind][int(k)]


def main():
    out = {
        "generator": "tests/e2e/softmax-expected.py",
        "torch": torch.__version__,
        "claims": check_claims(claims()),
        "cases": [{**case, "expected": run(case)} for case in CASES + lesson_cases("softmax-widget", KEYS, parse, answer)],
        "exercises": check_lesson_exercises("softmax-widget", KEYS, parse, answer),
    }
    path = pathlib.Path(__file__).with_suffix(".json")
    path.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
