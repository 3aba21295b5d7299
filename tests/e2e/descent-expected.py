"""What PyTorch says about the walks the <descent-widget> specs set up: torch.optim's SGD,
RMSprop or Adam (foreach=False) stepping one float32 parameter tensor [x, y] down a surface
whose gradient autograd gives, for `steps` steps from `start`; the point, the surface's value
and gradient after the last step, the optimiser's state (PyTorch's names), and with compare the
walk of plain SGD at the same lr. The cases are the specs' own, the widget of every lesson whose
element is a <descent-widget> (named "lesson <file>"), and every exercise of those lessons (its
playground query over the lesson's settings), whose stated answer is checked against PyTorch
before anything is written; so are the numbers the lessons' text states (CLAIMS) and those
their exercises' questions, workings and likely mistakes state (WORKINGS). Writes
descent-expected.json beside this file; run with a Python that has PyTorch:
/usr/bin/python3 tests/e2e/descent-expected.py"""
import math

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
    ("01-gradient-descent-with-momentum.md", {"steps": 20, "momentum": 0.9}, "x", "-0.758"),
    ("01-gradient-descent-with-momentum.md", {"steps": 20, "momentum": 0.9}, "y", "0.300"),
    ("01-gradient-descent-with-momentum.md", {"steps": 20, "momentum": 0.9}, "value", "1.4119"),
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




def momentum_workings(at):
    """The numbers the momentum lesson's exercises state in their questions, workings and likely
    mistakes, each from PyTorch's walk: at(overrides) runs the lesson's settings with them."""
    lr = 0.07
    start, one, two, three = (at({"steps": k}) for k in range(4))
    fast1, fast2 = at({"steps": 1, "lr": 0.1}), at({"steps": 2, "lr": 0.1})
    heavy10, heavy20 = at({"steps": 10, "momentum": 0.9}), at({"steps": 20, "momentum": 0.9})
    buffer2, buffer3 = two["state"]["momentum_buffer"][1], three["state"]["momentum_buffer"][1]
    gradient2 = two["gradient"][1]  # the gradient's y where step 2 lands, which step 3 uses
    return [
        # 1: plain gradient descent's y, (−0.75)^k.
        ("-0.75", one["plain"][1]), ("-0.421875", three["plain"][1]), ("-2.25", 3 * one["plain"][1]),
        ("0.421875", -three["plain"][1]), ("0.5625", two["plain"][1]),
        # 2: the buffer's y after step 3.
        ("-0.3125", two["point"][1]), ("-6.25", buffer2), ("-7.8125", gradient2), ("-10.9375", buffer3),
        ("-3.125", 0.5 * buffer2), ("-14.0625", buffer2 + gradient2), ("4.6875", 0.5 * buffer2 - gradient2),
        ("10.9375", -buffer3),
        # 3: y after step 3.
        ("0.453125", three["point"][1]), ("0.765625", -lr * buffer3), ("0.234375", two["point"][1] - lr * gradient2),
        ("-1.078125", two["point"][1] + lr * buffer3), ("-0.421875", three["plain"][1]),
        # 4: lr 0.1, plain gradient descent's y after 2 steps.
        ("-1.5", fast1["plain"][1]), ("2.25", fast2["plain"][1]), ("-3", 2 * fast1["plain"][1]),
        ("-4", 1 - 2 * 0.1 * start["gradient"][1]), ("0.5625", two["plain"][1]),
        # 5: momentum 0.9 after 20 steps, beside plain gradient descent and momentum 0.5.
        ("1.412", heavy20["value"]), ("9.721", heavy10["value"]), ("0.0032", heavy20["plain"][1]),
        ("0.4391", heavy20["plainValue"]), ("0.439", heavy20["plainValue"]), ("0.0069", at({"steps": 20})["value"]),
        ("0.007", at({"steps": 20})["value"]),
    ]


def adam_workings(at):
    """The numbers the Adam lesson's exercises state, each from PyTorch's walk (as momentum_workings)."""
    lr, beta1, beta2 = 0.05, 0.9, 0.999
    start, one, two = (at({"steps": k}) for k in range(3))
    gx, gy = one["gradient"]  # the gradient at (0.05, 0), which step 2 uses
    m, v = two["state"]["exp_avg"], two["state"]["exp_avg_sq"]
    m_hat = [value / (1 - beta1 ** 2) for value in m]
    v_hat = [value / (1 - beta2 ** 2) for value in v]
    x1, y1 = one["point"]
    return [
        # 1: the gradient's y at (0.05, 0).
        ("0.05", x1), ("0", y1), ("-0.5", gy), ("0", start["gradient"][1]), ("-10", 200 * (y1 - x1)), ("0.5", -gy),
        ("-0.0025", y1 - x1 ** 2), ("-0.25", 100 * (y1 - x1 ** 2)),
        # 2 and 3: the buffers' x after step 2.
        ("-1.85", gx), ("-0.2", one["state"]["exp_avg"][0]), ("0.004", one["state"]["exp_avg_sq"][0]),
        ("-0.365", m[0]), ("-0.18", beta1 * one["state"]["exp_avg"][0]), ("-0.185", (1 - beta1) * gx),
        ("-1.685", (1 - beta1) * one["state"]["exp_avg"][0] + beta1 * gx), ("-1.921", m_hat[0]),
        ("-2.05", one["state"]["exp_avg"][0] + gx),
        ("0.0074185", v[0]), ("0.003996", beta2 * one["state"]["exp_avg_sq"][0]), ("0.0034225", (1 - beta2) * gx ** 2),
        ("3.4225", gx ** 2), ("3.7111", v_hat[0]),
        # 4: x after step 2.
        ("0.19", 1 - beta1 ** 2), ("0.001999", 1 - beta2 ** 2), ("-1.9211", m_hat[0]), ("1.9264", math.sqrt(v_hat[0])),
        ("0.04986", two["point"][0] - x1), ("0.09986", two["point"][0]), ("0.9972", -m_hat[0] / math.sqrt(v_hat[0])),
        ("0.1", x1 + lr), ("0.0499", two["point"][0] - x1), ("0.2619", x1 - lr * m[0] / math.sqrt(v[0])),
        ("0.117", x1 - lr * (m[0] / (1 - beta1)) / math.sqrt(v[0] / (1 - beta2))), ("0.1425", x1 - lr * gx),
        # 5: y after step 2.
        ("-0.05", m[1]), ("0.00025", v[1]), ("0.25", gy ** 2), ("-0.2632", m_hat[1]), ("0.1251", v_hat[1]),
        ("0.3536", math.sqrt(v_hat[1])), ("0.0372", two["point"][1]), ("0.025", y1 - lr * gy),
        ("0.158", y1 - lr * m[1] / math.sqrt(v[1])), ("0.1", two["plain"][1]), ("-0.0372", -two["point"][1]),
    ]


def rmsprop_workings(at):
    """The numbers the RMSProp lesson's exercises state, each from PyTorch's walk (as momentum_workings)."""
    lr = 0.05
    start, one, two = (at({"steps": k}) for k in range(3))
    x0, y0 = start["point"]
    y1, gy = one["point"][1], one["gradient"][1]  # where step 1 lands, and the gradient step 2 uses
    s1, s2 = one["state"]["square_avg"][1], two["state"]["square_avg"][1]
    y2 = two["point"][1]
    forgetful = at({"steps": 1, "alpha": 0.9})  # alpha 0.9: the first buffer holds 0.1 g²
    gx0, sx = start["gradient"][0], forgetful["state"]["square_avg"][0]
    fast = at({"steps": 1, "lr": 0.1})
    walks = {alpha: [at({"steps": k, "alpha": alpha})["point"][0] for k in range(21)] for alpha in (0.9, 0.99)}
    ratio = {alpha: [(b - a) / lr for a, b in zip(xs, xs[1:])] for alpha, xs in walks.items()}  # x's k-th step over lr
    twenty, ten = at({"steps": 20, "alpha": 0.9}), at({"steps": 10, "alpha": 0.9})
    return [
        # 1: square_avg's y after step 2.
        ("0.5", y1), ("12.5", gy), ("6.25", s1), ("7.75", s2), ("6.1875", 0.99 * s1), ("156.25", gy ** 2),
        ("1.5625", 0.01 * gy ** 2), ("162.5", s1 + gy ** 2), ("6.3125", 0.99 * s1 + 0.01 * gy),
        # 2: y after step 2.
        ("2.7839", math.sqrt(s2)), ("0.2245", y1 - y2), ("0.2755", y2), ("4.5", (y1 - y2) / lr), ("10", (y0 - y1) / lr),
        ("0", y1 - lr * gy / math.sqrt(0.01 * gy ** 2)), ("0.25", y1 - lr * gy / math.sqrt(s1)),
        ("0.4194", y1 - lr * gy / s2), ("-0.125", y1 - lr * gy), ("0.0625", two["plain"][1]),
        # 3: x after step 1 with alpha 0.9.
        ("16", gx0 ** 2), ("1.6", sx), ("1.2649", math.sqrt(sx)), ("0.1581", forgetful["point"][0] - x0),
        ("-3.8419", forgetful["point"][0]), ("3.16", (forgetful["point"][0] - x0) / lr), ("-3.5", one["point"][0]),
        ("-3.875", x0 - lr * gx0 / sx), ("-3.9473", x0 - lr * gx0 / math.sqrt(0.9 * gx0 ** 2)),
        ("-3.8", one["plain"][0]), ("-4.1581", x0 - (forgetful["point"][0] - x0)),
        # 4: y after step 1 with lr 0.1.
        ("0", fast["point"][1]), ("-1.5", fast["plain"][1]), ("0.5", y1),
        # 5: the loss after 20 steps with alpha 0.9, beside alpha 0.99 and plain gradient descent.
        ("3.601", twenty["value"]), ("3.6013", twenty["value"]), ("-2.661", twenty["point"][0]),
        ("0.071", twenty["point"][1]), ("1.0281", twenty["plainValue"]), ("1.028", twenty["plainValue"]),
        ("0.5439", at({"steps": 20})["value"]), ("0.544", at({"steps": 20})["value"]), ("6.152", ten["value"]),
        ("3.16", ratio[0.9][0]), ("10", ratio[0.99][0]), ("1.0", ratio[0.9][14]), ("1.18", ratio[0.99][19]),
    ]


WORKINGS = {"01-gradient-descent-with-momentum.md": momentum_workings, "02-rmsprop.md": rmsprop_workings,
            "03-adam.md": adam_workings}


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
    at = lambda overrides: run({**settings, **overrides, "compare": True})
    for text, value in WORKINGS.get(path.name, lambda _: [])(at):
        decimals = len(text.split(".")[1]) if "." in text else 0
        assert f"{value:.{decimals}f}" in (text, f"-{text}" if float(text) == 0 else text), f"{path.name}'s exercises say {text}; PyTorch gives {value}"


def lesson_cases():
    return layer_lesson_cases("descent-widget", KEYS, DEFAULTS, exercise_value, check_text)


def main():
    lessons, claims = lesson_cases()
    write_expected(__file__, CASES + lessons, run, claims)


if __name__ == "__main__":
    main()
