"""What PyTorch 1.13 says about the networks the <xor-widget> specs set up: a 2 -> H -> 1 network
on the four XOR points from the core's seeded start (xorInit, reimplemented in Python by
tests/golden/learning/generate.py's xor_init, from the course's SplitMix64: PyTorch's generator
draws other numbers, so PyTorch is given the start), trained by torch.optim.SGD on
F.binary_cross_entropy_with_logits as core/learning/README.md describes (generate.py's
xor_train, imported here). For each case: the loss after its steps, the final parameters, the
four points' hidden features and probabilities. The cases are the specs' own and the widget of
every lesson whose element is <xor-widget> (read from its front matter, named "lesson <file>"),
with each of their exercises that names a number in its core line (under its playground query
over the lesson's settings), whose stated answer is checked against PyTorch before anything is
written; so are the numbers the lesson's text states and those its exercises' questions,
workings and likely mistakes state, with the answers of the exercises without a core line
(claims() below). Writes xor-expected.json beside this file; run with a Python that has PyTorch:
/usr/bin/python3 tests/e2e/xor-expected.py"""
import math

import torch
import torch.nn.functional as F

from lesson_expected import check_claims, golden_generator, lesson_cases, python_code, write_expected

_golden = golden_generator("learning")
xor_init, xor_train = _golden.xor_init, _golden.xor_train
XOR_X, XOR_T = _golden.XOR_POINTS, _golden.XOR_TARGETS

# The widget's defaults (web/components/xor-widget/settings.js).
DEFAULTS = {"activation": "tanh", "hidden": 2, "lr": 0.5, "momentum": 0.0, "seed": 0, "steps": 0}

# Each case is the widget's settings under their keys (the defaults where not given).
CASES = [
    {"name": "defaults"},
    {"name": "one step", "seed": 0, "steps": 1},
    {"name": "tanh, seed 0, 300 steps", "seed": 0, "steps": 300},
    {"name": "tanh, seed 0, 2000 steps", "seed": 0, "steps": 2000},
    {"name": "tanh, seed 1, stuck after 2000 steps", "seed": 1, "steps": 2000},
    {"name": "relu, seed 0, a dead unit after 2000 steps", "activation": "relu", "seed": 0, "steps": 2000},
    {"name": "sigmoid, seed 0, 1300 steps", "activation": "sigmoid", "seed": 0, "steps": 1300},
    {"name": "three hidden units, 300 steps", "hidden": 3, "seed": 0, "steps": 300},
    {"name": "momentum 0.9, 60 steps", "seed": 0, "momentum": 0.9, "steps": 60},
    {"name": "momentum 0.5 and lr 0.3, relu with four units, 250 steps", "activation": "relu", "hidden": 4, "lr": 0.3,
     "momentum": 0.5, "seed": 7, "steps": 250},
    {"name": "sixteen units, lr 1, the largest seed, 500 steps", "hidden": 16, "lr": 1.0, "seed": 4294967295, "steps": 500},
    {"name": "one hidden unit, 1000 steps", "hidden": 1, "seed": 3, "steps": 1000},
]


def settings_of(case):
    """The case's settings over the defaults."""
    return {key: case.get(key, value) for key, value in DEFAULTS.items()}


def run(case):
    s = settings_of(case)
    start = xor_init(s["hidden"], s["seed"])
    losses, p, hidden, probabilities = xor_train(start, s["activation"], s["steps"], s["lr"], s["momentum"])
    flat = lambda t: t.detach().reshape(-1).tolist()  # noqa: E731
    return {
        "settings": s,
        "start": {key: flat(value) for key, value in start.items()},
        "loss": losses[-1].item(),
        "params": {key: flat(value) for key, value in p.items()},
        "hidden": flat(hidden),
        "probabilities": flat(probabilities),
    }


# The numbers the lesson (lessons/07-learning/02-a-network-that-learns-xor.md and its .zh.md)
# states, each as (the text the lesson writes, PyTorch's value): lesson_expected's check_claims
# fails if a value does not round to its text. Statements without a number of their own are
# asserted.
def first_below(losses, level):
    """The number of steps after which the loss first falls below `level`."""
    return next(i for i, loss in enumerate(losses.tolist()) if loss < level)


def pytorch_snippet(start):
    """The lesson's "In PyTorch" code, run from the widget's seed-0 start: its final loss."""
    setup, loop = python_code("07-learning/02-a-network-that-learns-xor.md").split("opt = ")
    scope = {}
    exec(setup, scope)
    model = scope["model"]
    with torch.no_grad():
        model[0].weight.copy_(start["w1"]), model[0].bias.copy_(start["b1"])
        model[2].weight.copy_(start["w2"]), model[2].bias.copy_(start["b2"])
    exec("opt = " + loop, scope)
    with torch.no_grad():
        return F.binary_cross_entropy_with_logits(model(scope["x"]), scope["t"]).item()


def linear_model_loss(seed):
    """A network without a hidden layer trained on XOR as the lesson's network is: its loss and
    probabilities after 2000 steps from a random start."""
    g = torch.Generator().manual_seed(seed)
    w = (torch.rand(1, 2, generator=g) * 4 - 2).requires_grad_(True)
    b = (torch.rand(1, generator=g) * 4 - 2).requires_grad_(True)
    opt = torch.optim.SGD([w, b], lr=0.5)
    for _ in range(2000):
        opt.zero_grad()
        loss = F.binary_cross_entropy_with_logits(F.linear(XOR_X, w, b), XOR_T)
        loss.backward()
        opt.step()
    with torch.no_grad():
        logit = F.linear(XOR_X, w, b)
        return F.binary_cross_entropy_with_logits(logit, XOR_T).item(), torch.sigmoid(logit).reshape(-1)


def trained(steps, **case):
    """The widget's network (seed 0, tanh, 2 units unless the case says otherwise) after `steps`."""
    s = settings_of({"seed": 0, **case, "steps": steps})
    start = xor_init(s["hidden"], s["seed"])
    losses, p, hidden, probabilities = xor_train(start, s["activation"], steps, s["lr"], s["momentum"])
    return {"start": start, "losses": losses, "p": p, "hidden": hidden.detach(), "probabilities": probabilities.reshape(-1)}


def learned(activation, hidden):
    """Of the seeds 0 to 15, how many bring the loss below 0.1 within 2000 steps."""
    return sum(trained(2000, activation=activation, hidden=hidden, seed=seed)["losses"].min().item() < 0.1 for seed in range(16))


def claims():
    out = []
    start, long = trained(0), trained(2000)
    # Try it: three times 100 steps; then seed 1 for 2000.
    stuck = trained(2000, seed=1)
    out += [("0.706", start["losses"][0].item()), ("0.049", trained(300)["losses"][-1].item()),
            ("0.348", stuck["losses"][-1].item())]
    # One cut is not enough: a model without a hidden layer ends at ln 2, every probability 0.5.
    for seed in (0, 1, 2):
        loss, p = linear_model_loss(seed)
        assert abs(loss - math.log(2)) < 1e-6 and (p - 0.5).abs().max() < 1e-3, (seed, loss, p)
        out.append(("0.693", loss))
    # Two cuts and a vote: the trained units' lines, where each is negative or positive, and the
    # four points in the hidden plane, which the output's line separates.
    w1, b1 = long["p"]["w1"].detach(), long["p"]["b1"].detach()
    out += [(text, value.item()) for text, value in zip(["-3.46", "3.62", "-3.90", "3.89"], w1.reshape(-1))]
    out += [("1.64", b1[0].item()), ("-1.91", b1[1].item())]
    sums = F.linear(XOR_X, w1, b1)
    assert (sums[:, 0] < 0).tolist() == [False, False, True, False], sums
    assert (sums[:, 1] > 0).tolist() == [False, True, False, False], sums
    h = long["hidden"]
    out += [(text, value.item()) for text, value in zip(["0.93", "-0.96", "1.00", "0.96", "-0.95", "-1.00", "0.95", "-0.96"], h.reshape(-1))]
    assert ((long["probabilities"] > 0.5) == XOR_T.reshape(-1).bool()).all()
    # Training, step by step.
    out += [(text, value.item()) for text, value in zip(["0.446", "0.515", "0.347", "0.401"], start["probabilities"])]
    assert start["losses"][0].item() > math.log(2)
    out += [("0.650", trained(50)["losses"][-1].item()), ("0.537", trained(100)["losses"][-1].item()),
            ("0.164", trained(200)["losses"][-1].item()), ("0.0034", long["losses"][-1].item())]
    out += [(text, value.item()) for text, value in zip(["0.0025", "0.9956", "0.9955", "0.0022"], long["probabilities"])]
    out += [("43", first_below(trained(300, momentum=0.9)["losses"], 0.1)), ("229", first_below(long["losses"], 0.1))]
    # Starts that get stuck: seed 1's two points on one hidden point, tanh's slope there.
    stuck = trained(5000, seed=1)
    out += [("0.347", stuck["losses"][-1].item()), ("0.347", math.log(2) / 2)]
    corner = stuck["hidden"][2:]
    out += [(text, value.item()) for text, value in zip(["1.00"] * 4, corner.reshape(-1))]
    assert corner.min() >= 0.9997, corner
    out.append(("0.0004", 1 - 0.9998 ** 2))
    # A dead ReLU: unit 1's sums are negative at all four points, its weights never move.
    relu = trained(2000, activation="relu")
    assert (F.linear(XOR_X, relu["start"]["w1"], relu["start"]["b1"])[:, 0] < 0).all()
    assert torch.equal(relu["p"]["w1"][0].detach(), relu["start"]["w1"][0]) and relu["p"]["b1"][0].item() == relu["start"]["b1"][0].item()
    assert (relu["hidden"][:, 1] > 0).tolist() == [False, True, False, False], relu["hidden"]
    out += [("0.333", relu["probabilities"][i].item()) for i in (0, 2, 3)] + [("0.477", relu["losses"][-1].item())]
    # The table: seeds 0 to 15, 2000 steps.
    out += [("10", learned("tanh", 2)), ("3", learned("relu", 2)), ("16", learned("tanh", 4)), ("14", learned("relu", 4))]
    # Sigmoid: its largest slope, and seed 0's slow fall.
    x = torch.linspace(-5, 5, 1001, requires_grad=True)
    torch.sigmoid(x).sum().backward()
    out += [("0.25", x.grad.max().item()), ("1286", first_below(trained(2000, activation="sigmoid")["losses"], 0.1))]
    # In PyTorch: the lesson's code from the same start trains the widget's network.
    assert abs(pytorch_snippet(start["start"]) - long["losses"][-1].item()) < 1e-5
    return out + exercise_claims()


def exercise_claims():
    """The numbers the exercises state in their questions, workings and likely mistakes (the
    answers with a core line are checked by lesson_cases; exercises 1 and 3 have none, so their
    answers are here too), each as PyTorch computes it."""
    targets = XOR_T.reshape(-1)
    # 1: 0.8 for XOR's 1s and 0.2 for its 0s.
    guess = torch.tensor([0.2, 0.8, 0.8, 0.2])
    loss = F.binary_cross_entropy(guess, targets).item()
    out = [("0.223", loss), ("0.2231", loss), ("0.2231", -math.log(0.8)),
           ("0.916", F.binary_cross_entropy(guess, torch.ones(4)).item()),
           ("0.893", F.binary_cross_entropy(guess, targets, reduction="sum").item()),
           ("0.097", loss / math.log(10)), ("0.693", F.binary_cross_entropy(torch.full((4,), 0.5), targets).item())]
    # 3: one tanh unit from seed 4 sets (1, 0) apart and leaves the other three on one hidden value.
    single = trained(5000, hidden=1, seed=4)
    h, p = single["hidden"].reshape(-1), single["probabilities"]
    assert (h[[0, 1, 3]] - h[1]).abs().max() < 0.001 and abs(h[2] - h[1]) > 1, h
    terms = F.binary_cross_entropy(p, targets, reduction="none")
    limit = F.binary_cross_entropy(torch.tensor([1 / 3, 1 / 3, 1, 1 / 3]), targets).item()
    assert 0 < single["losses"][-1].item() - limit < 0.001 and single["losses"][-1] < single["losses"][-1000], limit
    # The three shared answers are 1/3 to within 0.001, so their terms are ln 3 and ln 1.5 to within 0.003.
    assert (p[[0, 1, 3]] - 1 / 3).abs().max() < 0.001, p
    out += [("0.333", p[1].item()), ("1.099", terms[1].item()),
            ("1.099", math.log(3)), ("0.405", -math.log(1 - 0.333)), ("0.405", math.log(1.5)),
            ("0.477", limit), ("0.477", (math.log(3) + 2 * math.log(1.5)) / 4), ("0.478", single["losses"][-1].item()),
            ("0.478", -math.log10(0.333)), ("0", terms[2].item())]
    # 5: ReLU from seed 7: unit 1 dead from the start, unit 2 sets only (1, 1) apart.
    relu = trained(2000, activation="relu", seed=7)
    assert (F.linear(XOR_X, relu["start"]["w1"], relu["start"]["b1"])[:, 0] < 0).all()
    assert torch.equal(relu["p"]["w1"][0].detach(), relu["start"]["w1"][0])
    assert (relu["hidden"][:, 1] > 0).tolist() == [False, False, False, True], relu["hidden"]
    out += [("0.667", relu["probabilities"][i].item()) for i in (0, 1, 2)] + [("0", relu["probabilities"][3].item())]
    return out


KEYS = {"activation": "activation", "hidden": "hidden", "lr": "lr", "momentum": "momentum", "seed": "seed", "steps": "steps"}


def query_value(name, value):
    """One value of an exercise's playground query, under its settings key's form."""
    key = KEYS[name]
    if key == "activation":
        return value
    return float(value) if key in ("lr", "momentum") else int(value)


def exercise_value(settings, spec):
    """PyTorch's number an exercise's core line names after N steps: loss N, probability K N,
    hidden K J N, w1 J I N, b1 J N, w2 J N, b2 N (K, J, I from 1)."""
    name, *numbers = spec.split()
    numbers = [int(number) for number in numbers]
    expected = run({**settings, "steps": numbers[-1]})
    H = expected["settings"]["hidden"]
    at = numbers[:-1]
    if name == "loss":
        return expected["loss"]
    if name == "probability":
        return expected["probabilities"][at[0] - 1]
    if name == "hidden":
        return expected["hidden"][(at[0] - 1) * H + at[1] - 1]
    if name == "w1":
        return expected["params"]["w1"][(at[0] - 1) * 2 + at[1] - 1]
    if name in ("b1", "w2"):
        return expected["params"][name][at[0] - 1]
    assert name == "b2", spec
    return expected["params"]["b2"][0]


def main():
    torch.set_num_threads(1)
    check_claims(claims())
    # Each lesson's case holds its exercises with a core line, answered by PyTorch under their
    # playground query (or settings), the stated answer checked.
    lessons = lesson_cases("xor-widget", KEYS, query_value, exercise_value)
    write_expected(__file__, CASES + lessons, run, [])


if __name__ == "__main__":
    main()
