"""What PyTorch 1.13 says about the softmax the <softmax-widget> specs and lessons set up:
F.softmax(x / T, dim=0) in float32, the scores divided by T and shifted by their largest value,
and autograd's gradient of one class's probability with respect to every score (backward with a
one-hot gradient). The cases are the specs' own and the widget of every lesson that shows a
<softmax-widget> (read from its front matter, named "lesson <file>"); every exercise of those
lessons is answered under its playground settings ("exercises"), and the numbers the lesson's
prose states are checked against PyTorch here (CLAIMS: the text as written, and the value it
rounds). Writes softmax-expected.json beside this file; run with a Python that has PyTorch:
/usr/bin/python3 tests/e2e/softmax-expected.py"""
import json
import pathlib

import torch
import torch.nn.functional as F

from lesson_expected import check_claims, lesson_cases

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
    }
    path = pathlib.Path(__file__).with_suffix(".json")
    path.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
