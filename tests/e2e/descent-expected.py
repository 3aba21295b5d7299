"""What PyTorch says about the walks the <descent-widget> specs set up: torch.optim's SGD,
RMSprop or Adam (foreach=False) stepping one float32 parameter tensor [x, y] down a surface
whose gradient autograd gives, for `steps` steps from `start`; the point, the surface's value
and gradient after the last step, the optimiser's state (PyTorch's names), and with compare the
walk of plain SGD at the same lr. The cases are the specs' own, the widget of every lesson whose
element is a <descent-widget> (named "lesson <file>"), and every exercise of those lessons (its
playground query over the lesson's settings), whose stated answer is checked against PyTorch
before anything is written; so are the numbers the lessons' text states (CLAIMS). Writes
descent-expected.json beside this file; run with a Python that has PyTorch:
/usr/bin/python3 tests/e2e/descent-expected.py"""
import torch

from lesson_expected import layer_lesson_cases, write_expected

DEFAULTS = {"surface": "ravine", "optimizer": "sgd", "lr": 0.02, "momentum": 0, "alpha": 0.99, "betas": [0.9, 0.999],
            "eps": 1e-8, "start": [-4, 1], "steps": 20, "compare": False}

# Each case is the widget's settings under their keys (the defaults where not given).
CASES = [
    {"name": "default"},
    {"name": "momentum 0.5 on the ravine, with plain gradient descent", "lr": 0.07, "momentum": 0.5, "compare": True},
    {"name": "momentum 0.9 overshoots", "lr": 0.07, "momentum": 0.9, "steps": 10},
    {"name": "rmsprop", "optimizer": "rmsprop", "lr": 0.05, "steps": 10, "compare": True},
    {"name": "rmsprop with momentum on the bowl", "optimizer": "rmsprop", "surface": "bowl", "lr": 0.01, "momentum": 0.5, "alpha": 0.9, "steps": 15},
    {"name": "adam on rosenbrock", "optimizer": "adam", "surface": "rosenbrock", "lr": 0.05, "start": [-1.5, 2], "steps": 30},
    {"name": "adam with other betas", "optimizer": "adam", "lr": 0.3, "betas": [0.5, 0.9], "eps": 0.001, "steps": 7},
    {"name": "no steps", "steps": 0, "compare": True},
    {"name": "too large a learning rate", "lr": 0.1, "steps": 12},
]

# Numbers the lessons' text states: (lesson file, settings over the lesson's, what, value as written).
CLAIMS = [
    ("01-gradient-descent-with-momentum.md", {"steps": 0}, "value", "20.5"),
    ("01-gradient-descent-with-momentum.md", {"steps": 1}, "x", "-3.72"),
    ("01-gradient-descent-with-momentum.md", {"steps": 1}, "y", "-0.75"),
    ("01-gradient-descent-with-momentum.md", {"steps": 20}, "value", "0.0069"),
    ("01-gradient-descent-with-momentum.md", {"steps": 20}, "plainValue", "0.4391"),
    ("01-gradient-descent-with-momentum.md", {"steps": 20}, "plainX", "-0.937"),
    ("01-gradient-descent-with-momentum.md", {"steps": 20}, "plainY", "0.0032"),
    ("01-gradient-descent-with-momentum.md", {"steps": 2}, "stateY", "-6.25"),
    ("01-gradient-descent-with-momentum.md", {"steps": 2}, "stateX", "-5.72"),
    ("01-gradient-descent-with-momentum.md", {"steps": 2}, "x", "-3.3196"),
    ("01-gradient-descent-with-momentum.md", {"steps": 2}, "y", "-0.3125"),
    ("01-gradient-descent-with-momentum.md", {"steps": 20}, "x", "-0.117"),
    ("01-gradient-descent-with-momentum.md", {"steps": 20}, "y", "-0.0005"),
    ("01-gradient-descent-with-momentum.md", {"steps": 10, "momentum": 0.9}, "x", "2.04"),
    ("01-gradient-descent-with-momentum.md", {"steps": 10, "momentum": 0.9}, "y", "-0.78"),
    ("01-gradient-descent-with-momentum.md", {"steps": 10, "momentum": 0.9}, "value", "9.72"),
    ("01-gradient-descent-with-momentum.md", {"steps": 29, "momentum": 0.9}, "value", "1.0467"),
    ("01-gradient-descent-with-momentum.md", {"steps": 30, "momentum": 0.9}, "value", "0.0106"),
    ("01-gradient-descent-with-momentum.md", {"steps": 31, "momentum": 0.9}, "value", "0.8575"),
    ("01-gradient-descent-with-momentum.md", {"steps": 60, "momentum": 0.9}, "value", "0.0291"),
    ("02-rmsprop.md", {"steps": 0}, "value", "20.5"),
    ("02-rmsprop.md", {"steps": 1}, "x", "-3.5"),
    ("02-rmsprop.md", {"steps": 1}, "y", "0.5"),
    ("02-rmsprop.md", {"steps": 1}, "stateX", "0.16"),
    ("02-rmsprop.md", {"steps": 1}, "stateY", "6.25"),
    ("02-rmsprop.md", {"steps": 1}, "plainX", "-3.8"),
    ("02-rmsprop.md", {"steps": 1}, "plainY", "-0.25"),
    ("02-rmsprop.md", {"steps": 20}, "value", "0.5439"),
    ("02-rmsprop.md", {"steps": 20}, "plainValue", "1.0281"),
    ("02-rmsprop.md", {"steps": 20}, "x", "-1.04"),
    ("02-rmsprop.md", {"steps": 20}, "x", "-1.043"),
    ("02-rmsprop.md", {"steps": 20}, "y", "0.000006"),
    ("02-rmsprop.md", {"steps": 20}, "plainX", "-1.43"),
    ("03-adam.md", {"steps": 0}, "value", "1"),
    ("03-adam.md", {"steps": 1}, "x", "0.05"),
    ("03-adam.md", {"steps": 1}, "y", "0"),
    ("03-adam.md", {"steps": 1}, "stateX", "-0.2"),
    ("03-adam.md", {"steps": 1}, "stateSqX", "0.004"),
    ("03-adam.md", {"steps": 2}, "plainX", "0.17"),
    ("03-adam.md", {"steps": 2}, "plainY", "0.1"),
    ("03-adam.md", {"steps": 2}, "plainGradX", "-6.5"),
    ("03-adam.md", {"steps": 2}, "plainGradY", "14.2"),
    ("03-adam.md", {"steps": 3}, "plainX", "0.49"),
    ("03-adam.md", {"steps": 3}, "plainY", "-0.61"),
    ("03-adam.md", {"steps": 4}, "plainX", "-7.9"),
    ("03-adam.md", {"steps": 4}, "plainY", "7.9"),
    ("03-adam.md", {"steps": 6}, "plainValue", "inf"),
    ("03-adam.md", {"steps": 8}, "plainValue", "nan"),
    ("03-adam.md", {"steps": 200}, "x", "0.981"),
    ("03-adam.md", {"steps": 200}, "y", "0.960"),
    ("03-adam.md", {"steps": 200}, "value", "0.0005"),
]


def surface(name, p):
    x, y = p[0], p[1]
    if name == "bowl":
        return 0.5 * (x * x + y * y)
    if name == "ravine":
        return 0.5 * (x * x + 25 * (y * y))
    return (1 - x) ** 2 + 100 * (y - x * x) ** 2


def optimizer(settings, params, plain=False):
    lr = settings["lr"]
    if plain or settings["optimizer"] == "sgd":
        return torch.optim.SGD(params, lr=lr, momentum=0 if plain else settings["momentum"], foreach=False)
    if settings["optimizer"] == "rmsprop":
        return torch.optim.RMSprop(params, lr=lr, alpha=settings["alpha"], eps=settings["eps"], momentum=settings["momentum"], foreach=False)
    return torch.optim.Adam(params, lr=lr, betas=tuple(settings["betas"]), eps=settings["eps"], foreach=False)


def walk(settings, plain=False):
    p = torch.tensor(settings["start"], dtype=torch.float32, requires_grad=True)
    opt = optimizer(settings, [p], plain)
    for _ in range(settings["steps"]):
        opt.zero_grad()
        surface(settings["surface"], p).backward()
        opt.step()
    opt.zero_grad()
    value = surface(settings["surface"], p)
    value.backward()
    state = {name: tensor.tolist() for name, tensor in opt.state[p].items() if torch.is_tensor(tensor) and tensor.dim() == 1}
    return p.detach().tolist(), value.item(), p.grad.tolist(), state


STATE = {"sgd": "momentum_buffer", "rmsprop": "square_avg", "adam": "exp_avg"}


def run(case):
    s = {**DEFAULTS, **case}
    point, value, gradient, state = walk(s)
    out = {"point": point, "value": value, "gradient": gradient, "state": state}
    if s["compare"]:
        out["plain"], out["plainValue"], out["plainGradient"], _ = walk(s, plain=True)
    return out


def number(expected, spec):
    """The number an exercise's core line names (the widget's model.js): x N, value N, grad_y N,
    plain_x N, plain_value N, momentum_buffer_y N, ..."""
    name, _ = spec.split()
    axis = {"x": 0, "y": 1}
    if name in ("x", "y"):
        return expected["point"][axis[name]]
    if name == "value":
        return expected["value"]
    if name == "plain_value":
        return expected["plainValue"]
    stem, coordinate = name.rsplit("_", 1)
    if stem == "grad":
        return expected["gradient"][axis[coordinate]]
    if stem == "plain":
        return expected["plain"][axis[coordinate]]
    return expected["state"][stem][axis[coordinate]]


def query_settings(query, base):
    """The widget's settings from a link's query, over `base` (the names the links use)."""
    settings = dict(base)
    for part in filter(None, query.split("&")):
        name, value = part.split("=", 1)
        if name in ("lr", "momentum", "alpha", "eps"):
            settings[name] = float(value)
        elif name == "steps":
            settings["steps"] = int(value)
        elif name in ("surface", "optimizer"):
            settings[name] = value
        elif name in ("start", "betas"):
            settings[name] = [float(v) for v in value.split(",")]
        elif name == "compare":
            settings["compare"] = value == "true"
        else:
            raise ValueError(f"unknown query name {name}")
    return settings


def exercise_value(exercise, settings):
    spec = exercise["core"]
    steps = int(spec.split()[1])
    s = query_settings(exercise.get("playground") or "", settings)
    return number(run({**s, "steps": steps, "compare": True}), spec)


KEYS = {name: name for name in ("surface", "optimizer", "lr", "momentum", "alpha", "betas", "eps", "start", "steps", "compare")}


def check_text(path, settings):
    """The numbers the lesson's prose states (CLAIMS), under its widget's settings."""
    for lesson, overrides, what, text in CLAIMS:
        if lesson != path.name:
            continue
        got = run({**settings, **overrides, "compare": True})
        value = {
            "x": got["point"][0], "y": got["point"][1], "value": got["value"], "plainValue": got["plainValue"],
            "plainX": got["plain"][0], "plainY": got["plain"][1],
            "stateX": got["state"].get(STATE[settings["optimizer"]], [None, None])[0],
            "stateY": got["state"].get(STATE[settings["optimizer"]], [None, None])[1],
            "stateSqX": got["state"].get("exp_avg_sq", [None, None])[0],
            "plainGradX": got.get("plainGradient", [None, None])[0],
            "plainGradY": got.get("plainGradient", [None, None])[1],
        }[what]
        if text in ("inf", "nan"):
            assert str(value) == text, f"{path.name} says {what} is {text} ({overrides}); PyTorch gives {value}"
            continue
        decimals = len(text.split(".")[1]) if "." in text else 0
        assert f"{value:.{decimals}f}" == text.replace("−", "-"), f"{path.name} says {what} is {text} ({overrides}); PyTorch gives {value}"


def lesson_cases():
    return layer_lesson_cases("descent-widget", KEYS, DEFAULTS, exercise_value, check_text)


def main():
    lessons, claims = lesson_cases()
    write_expected(__file__, CASES + lessons, run, claims)


if __name__ == "__main__":
    main()
