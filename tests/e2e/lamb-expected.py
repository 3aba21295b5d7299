"""What LAMB answers for the layers the <lamb-widget> specs set up: each layer (a float32
parameter and its gradient) takes `steps` steps from a fresh state, the same gradient every
step, through `lamb_step` of tests/golden/learning/generate.py, which defines LAMB in plain
torch float32 operations (PyTorch 1.13 has none; core/learning/README.md states the same
definition). For each layer it records the parameter before the last step, the last step's
result (the parameter after it, exp_avg, exp_avg_sq, the update, the trust ratio) and every
step's ratio and the parameter after it. The cases are the specs' own and the widget of every
lesson whose element is <lamb-widget> (read from its front matter, named "lesson <file>"), with
each of their exercises that names a number in its core line (under its playground query over
the lesson's settings), whose stated answer is checked before anything is written; so are the
numbers the lesson's text states and those its exercises' questions, workings and likely
mistakes state, with the answer of the exercise without a core line (claims() below). Writes
lamb-expected.json beside this file; run with a Python that has PyTorch:
/usr/bin/python3 tests/e2e/lamb-expected.py"""
import torch

from lesson_expected import check_claims, golden_generator, lesson_cases, python_code, write_expected


lamb_step = golden_generator("learning").lamb_step

DEFAULT_GRAD = [0.5, -0.5]
DEFAULTS = {
    "param1": [3, 4], "param2": [0.03, 0.04], "lr": 0.01, "betas": [0.9, 0.999], "eps": 1e-6,
    "weightDecay": 0, "steps": 1,
}
LAYERS = (1, 2)

# Each case is the widget's settings under their keys; the defaults where not given, and a
# gradient left out is the default's numbers taken over again to its parameter's length.
CASES = [
    {"name": "defaults"},
    {"name": "ten steps", "steps": 10},
    {"name": "a hundred steps", "steps": 100},
    {"name": "weight decay", "weightDecay": 0.1, "steps": 20},
    {"name": "every option", "lr": 0.1, "betas": [0.8, 0.99], "eps": 1e-4, "weightDecay": 0.01, "steps": 5},
    {"name": "eight values and one", "param1": [1, -2, 0.5, 3, -0.25, 4, 2, -1],
     "grad1": [0.1, -0.2, 0.3, 1, -1, 0.05, 2, -0.5], "param2": [0.7], "grad2": [-2], "lr": 0.05, "steps": 30},
    {"name": "a layer that starts at zero (a ratio of 1 on its first step)", "param2": [0, 0], "steps": 3},
    {"name": "a zero gradient leaves a layer where it is", "grad1": [0, 0], "steps": 4},
    {"name": "a large weight decay", "weightDecay": 2, "lr": 0.1, "steps": 50},
    {"name": "a value of 0 added to layer 2", "param2": [0.03, 0.04, 0], "grad2": [0.5, -0.5, 0]},
]


def fitted(values, count):
    """The widget's default gradient for another length: its numbers taken over again, in order."""
    return [values[i % len(values)] for i in range(count)]


def settings_of(case):
    """The case's settings over the defaults, each missing gradient fitted to its parameter."""
    s = {**DEFAULTS, **{key: value for key, value in case.items() if key in DEFAULTS}}
    for layer in LAYERS:
        s[f"grad{layer}"] = case.get(f"grad{layer}", fitted(DEFAULT_GRAD, len(s[f"param{layer}"])))
    return s


def walk(s, layer, steps):
    """One layer's `steps` steps: the numbers the widget shows after the last, and every step's."""
    p = torch.tensor(s[f"param{layer}"], dtype=torch.float32)
    grad = torch.tensor(s[f"grad{layer}"], dtype=torch.float32)
    state = {"step": 0, "exp_avg": torch.zeros_like(p), "exp_avg_sq": torch.zeros_like(p)}
    options = {"lr": s["lr"], "betas": tuple(s["betas"]), "eps": s["eps"], "weight_decay": s["weightDecay"]}
    history = []
    for _ in range(steps):
        before = p.clone()
        trust_ratio, update = lamb_step(p, grad, state, **options)
        history.append({"trustRatio": trust_ratio.item(), "param": p.tolist()})
    return {
        "before": before.tolist(), "grad": grad.tolist(), "param": p.tolist(), "update": update.tolist(),
        "trustRatio": trust_ratio.item(), "expAvg": state["exp_avg"].tolist(), "expAvgSq": state["exp_avg_sq"].tolist(),
        "history": history,
    }


def run(case):
    s = settings_of(case)
    return {"settings": s, "layers": [walk(s, layer, s["steps"]) for layer in LAYERS]}


# The numbers the lesson (lessons/07-learning/03-lamb.md and its .zh.md) states, each as (the
# text the lesson writes, the value computed here): lesson_expected's check_claims fails if a
# value does not round to its text. Statements without a number of their own are asserted.
def norm(values):
    return torch.tensor(values).norm().item()


def lesson_code_step():
    """The lesson's "In PyTorch" function."""
    scope = {}
    exec(python_code("07-learning/03-lamb.md"), scope)
    return scope["lamb_step"]


def claims():
    lesson = run({"name": "the lesson's"})["layers"]
    big, tiny = lesson
    out = []
    # Try it: each layer after one step, 1 % of its size; weight decay's update.
    out += [(text, value) for text, value in zip(["2.965", "4.035"], big["param"])]
    out += [(text, value) for text, value in zip(["0.02965", "0.04035"], tiny["param"])]
    for layer in lesson:
        moved = norm([a - b for a, b in zip(layer["param"], layer["before"])]) / norm(layer["before"])
        out.append(("1", 100 * moved))
    decay = run({"name": "weight decay", "weightDecay": 0.01})["layers"][0]
    out += [(text, value) for text, value in zip(["1.03", "-0.96"], decay["update"])]
    # Adam's step ignores a layer's size: u is the gradient's sign; lr |u| against each norm.
    for layer in lesson:
        out += [(text, value) for text, value in zip(["1.000", "-1.000"], layer["update"])]
    adam = 0.01 * norm(big["update"])
    out += [("0.014", adam), ("5", norm(big["before"])), ("0.05", norm(tiny["before"])),
            ("0.28", 100 * adam / norm(big["before"])), ("28", 100 * adam / norm(tiny["before"]))]
    # The trust ratio, and how it follows the weights over 100 steps of the same gradient.
    out += [("3.536", big["trustRatio"]), ("0.0354", tiny["trustRatio"])]
    hundred = run({"name": "a hundred steps", "steps": 100})["layers"]
    out += [("3.541", hundred[0]["history"][1]["trustRatio"]), ("5.982", hundred[0]["history"][99]["trustRatio"])]
    for one, other in zip(hundred[0]["history"], hundred[1]["history"]):
        assert f"{one['trustRatio']:.4g}" == f"{100 * other['trustRatio']:.4g}", (one, other)
    walked = [step["param"] for step in hundred[0]["history"]]
    assert all(b[0] < a[0] and b[1] > a[1] for a, b in zip([big["before"]] + walked, walked))
    assert all(norm(b) > norm(a) for a, b in zip(walked, walked[1:]))
    # In PyTorch: torch.optim has no LAMB; the lesson's function takes the widget's steps.
    assert not any(name.lower() == "lamb" for name in dir(torch.optim))
    step = lesson_code_step()
    for layer, settings in zip(hundred, ([3.0, 4.0], [0.03, 0.04])):
        p = torch.tensor(settings)
        state = {"step": 0, "exp_avg": torch.zeros(2), "exp_avg_sq": torch.zeros(2)}
        for expected in layer["history"]:
            step(p, torch.tensor([0.5, -0.5]), state, lr=0.01)
            assert torch.allclose(p, torch.tensor(expected["param"]), rtol=1e-5, atol=0), (p, expected)
    return out + exercise_claims(lesson)


def moved(layer):
    """The length of a layer's last step: the norm of the change in its weights."""
    return norm([a - b for a, b in zip(layer["param"], layer["before"])])


def exercise_claims(lesson):
    """The numbers the exercises state in their questions, workings and likely mistakes (the
    answers with a core line are checked by lesson_cases; exercise 5 has none, so its answer is
    here too), each as the lesson's LAMB computes it."""
    big, tiny = lesson
    # 1: layer 1 made (1, 2, 2) with the gradient (0.1, -0.2, 0.3).
    three = run({"name": "exercise 1", "param1": [1, 2, 2], "grad1": [0.1, -0.2, 0.3]})["layers"][0]
    p_norm, g_norm = norm(three["before"]), norm(three["grad"])
    out = [("3", p_norm), ("1.732", three["trustRatio"]), ("1.732", p_norm / norm(three["update"])),
           *[(text, value) for text, value in zip(["1", "-1", "1"], three["update"])],
           ("0.577", 1 / three["trustRatio"]), ("1", p_norm / sum(abs(u) for u in three["update"])),
           ("0.14", g_norm ** 2), ("0.374", g_norm), ("8.018", p_norm / g_norm), ("2.121", p_norm / 2 ** 0.5)]
    # 3: layer 2's first weight after step 2.
    second = run({"name": "exercise 3", "steps": 2})["layers"][1]
    start = second["before"]
    out += [("0.029646", start[0]), ("0.040354", start[1]), ("0.050073", norm(start)),
            ("0.035407", second["trustRatio"]), ("0.035407", norm(start) / norm(second["update"])),
            ("0.035355", second["history"][0]["trustRatio"]), ("1.000", second["update"][0]), ("-1.000", second["update"][1]),
            ("0.029292", second["param"][0]), ("0.019646", start[0] - 0.01 * second["update"][0]),
            ("0.03", 2 * start[0] - second["param"][0])]
    # 4: weight decay 0.1, layer 1's update.
    decay = run({"name": "exercise 4", "weightDecay": 0.1})["layers"]
    light = run({"name": "exercise 4, weight decay 0.01", "weightDecay": 0.01})["layers"][0]
    out += [("-0.6", decay[0]["update"][1]), ("1.3", decay[0]["update"][0]), ("-1", big["update"][1]),
            ("-1.4", big["update"][1] - 0.1 * big["before"][1]), ("-0.96", light["update"][1]),
            ("-0.996", decay[1]["update"][1])]
    # 5: lr 0.02, the length of layer 1's first step.
    fast = run({"name": "exercise 5", "lr": 0.02})["layers"][0]
    out += [("0.1", moved(fast)), ("0.1", 0.02 * norm(fast["before"])), ("0.0707", fast["before"][0] - fast["param"][0]),
            ("0.0707", fast["param"][1] - fast["before"][1]), ("0.02", moved(fast) / norm(fast["before"])),
            ("0.0283", 0.02 * norm(fast["update"])), ("0.05", moved(big)), ("5", norm(fast["before"]))]
    return out


KEYS = {"param1": "param1", "grad1": "grad1", "param2": "param2", "grad2": "grad2", "lr": "lr", "betas": "betas",
        "eps": "eps", "weight_decay": "weightDecay", "steps": "steps"}
LISTS = {"param1", "grad1", "param2", "grad2", "betas"}
# The per-value numbers an exercise may name, by their name in a core line.
VALUES = {"param": "param", "update": "update", "exp_avg": "expAvg", "exp_avg_sq": "expAvgSq"}


def query_value(name, value):
    """One value of an exercise's playground query, under its settings key's form."""
    key = KEYS[name]
    if key in LISTS:
        return [float(v) for v in value.split(",")]
    return int(value) if key == "steps" else float(value)


def exercise_value(settings, spec):
    """The number an exercise's core line names: trust_ratio L N, or param, update, exp_avg or
    exp_avg_sq L I N (layer L, value I from 1, after step N)."""
    name, *numbers = spec.split()
    numbers = [int(n) for n in numbers]
    layer, steps = numbers[0], numbers[-1]
    result = walk(settings_of(settings), layer, steps)
    return result["trustRatio"] if name == "trust_ratio" else result[VALUES[name]][numbers[1] - 1]


def main():
    torch.set_flush_denormal(False)
    torch.set_num_threads(1)
    check_claims(claims())
    lessons = lesson_cases("lamb-widget", KEYS, query_value, exercise_value)
    write_expected(__file__, CASES + lessons, run, [])


if __name__ == "__main__":
    main()
