"""What PPO answers for the settings the <ppo-widget> specs set up: N samples of three actions,
the old log-probs the starting policy's (log_softmax of the starting logits, gathered at the
actions taken), then `epochs` steps of torch.optim.SGD(lr) on the logits, each from

    log_probs = F.log_softmax(logits, dim=1).gather(1, actions[:, None]).squeeze(1)
    ratio = torch.exp(log_probs - old_log_probs)
    loss = -torch.min(ratio * advantages, torch.clamp(ratio, 1 - clip, 1 + clip) * advantages).mean()
    loss.backward()

as `train` and `ppo` of tests/golden/rl/generate.py compute them (the lines the core's golden data
was made with, core/rl/README.md), on float32 tensors. For the epoch shown in detail it adds
every action's log-prob (log_softmax of that epoch's logits), the objectives and the ratios'
gradients (of the step taken from that epoch; after the last one, of a next step). The cases are
the specs' own and the widget of every lesson whose element is <ppo-widget> (read from its front
matter, named "lesson <file>"), with each of their exercises that names a number in its core
line (under its playground query over the lesson's settings), whose stated answer is checked
before anything is written; so are the numbers the lesson's text, its exercises' workings and
their likely mistakes state (claims() below). Writes ppo-expected.json beside this file; run with a Python that has
PyTorch: /usr/bin/python3 tests/e2e/ppo-expected.py"""
import math

import torch
import torch.nn.functional as F

from lesson_expected import check_claims, golden_generator, lesson_cases, printed_by, write_expected


_golden = golden_generator("rl")
golden_ppo, golden_train = _golden.ppo, _golden.train

ACTIONS = 3

# The widget's defaults (web/components/ppo-widget/settings.js): a list left out is its
# default's numbers taken over again, in order, until it fits the samples; selected left out is
# the last epoch.
DEFAULT_LOGITS = [0, 0, 0, 0, 0, 0]
DEFAULT_ACTIONS = [1, 2]
DEFAULT_ADVANTAGES = [1, -1]
DEFAULTS = {"samples": 2, "clip": 0.2, "lr": 0.5, "epochs": 10}

FOUR = {
    "samples": 4,
    "logits": [1, 0, -1, 0.5, 2, -0.5, -3, 3, 0, 4, -4, 1.5],
    "actions": [1, 2, 3, 1],
    "advantages": [2, -0.5, 1.5, -3],
}

CASES = [
    {"name": "defaults"},
    {"name": "the start, before any step", "selected": 0},
    {"name": "after one step", "selected": 1},
    {"name": "after two steps: past the band", "selected": 2},
    {"name": "a large lr overshoots in one step", "lr": 10, "epochs": 3, "selected": 1},
    {"name": "four samples", **FOUR, "lr": 1, "epochs": 20, "selected": 7},
    {"name": "four samples, a wide clip", **FOUR, "clip": 0.6, "lr": 0.25, "epochs": 30},
    {"name": "one sample whose advantage is 0", "samples": 1, "logits": [0.5, -1, 2], "actions": [3],
     "advantages": [0], "epochs": 5, "selected": 2},
    {"name": "a sample added: its numbers from the default", "samples": 3, "selected": 4},
    {"name": "the largest: four samples, fifty epochs, lr 100", "samples": 4,
     "logits": [20, -20, 0, -20, 20, 5, 0, 0, 0, 10, -10, 3], "actions": [2, 1, 3, 3],
     "advantages": [100, -100, 0.01, -0.5], "clip": 0.05, "lr": 100, "epochs": 50, "selected": 25},
]


def fitted(values, count):
    """A default for other sizes: its numbers taken over again, in order."""
    return [values[i % len(values)] for i in range(count)]


def settings_of(case):
    """The case's settings over the defaults, each list left out fitted to the samples."""
    s = {**DEFAULTS, **{key: value for key, value in case.items() if key in DEFAULTS}}
    n = s["samples"]
    s["logits"] = case.get("logits", fitted(DEFAULT_LOGITS, n * ACTIONS))
    s["actions"] = case.get("actions", fitted(DEFAULT_ACTIONS, n))
    s["advantages"] = case.get("advantages", fitted(DEFAULT_ADVANTAGES, n))
    s["selected"] = case.get("selected", s["epochs"])
    return s


def tensors(s):
    """The start's logits [N, 3], the actions from 0, the advantages and the old log-probs."""
    logits = torch.tensor(s["logits"], dtype=torch.float32).reshape(s["samples"], ACTIONS)
    actions = torch.tensor([a - 1 for a in s["actions"]], dtype=torch.int64)
    advantages = torch.tensor(s["advantages"], dtype=torch.float32)
    old = F.log_softmax(logits, dim=1).gather(1, actions[:, None]).squeeze(1).detach()
    return logits, actions, advantages, old


def epoch_numbers(s, epoch):
    """The training's ratios and losses, and the state after `epoch` steps in detail."""
    logits, actions, advantages, old = tensors(s)
    n, epochs = s["samples"], s["epochs"]
    history = golden_train(logits, actions, old, advantages, s["clip"], s["lr"], epochs, torch.float32)
    at = history["history_logits"].reshape(epochs + 1, n, ACTIONS)[epoch]
    forward = golden_ppo(at, actions, old, advantages, s["clip"], 1.0, torch.float32)
    grad_ratio = (history["history_grad_ratio"].reshape(epochs, n)[epoch] if epoch < epochs else forward["grad_ratio"])
    row = lambda key: history[key].reshape(epochs + 1, -1)[epoch].tolist()
    return {
        "ratioHistory": history["history_ratio"].tolist(),
        "lossHistory": history["history_loss"].tolist(),
        "logits": at.reshape(-1).tolist(),
        "actionLogProbs": F.log_softmax(at, dim=1).reshape(-1).tolist(),
        "logProbs": row("history_log_probs"),
        "ratio": row("history_ratio"),
        "loss": history["history_loss"][epoch].item(),
        "objective": forward["objective"].detach().tolist(),
        "gradRatio": grad_ratio.detach().tolist(),
    }


def run(case):
    s = settings_of(case)
    return {"settings": s, **epoch_numbers(s, s["selected"])}


# The numbers the lesson (lessons/09-the-transformer-and-the-reward/03-ppo.md and its .zh.md)
# states, each as (the text the lesson writes, PyTorch's value): lesson_expected's check_claims
# fails if a value does not round to its text. Statements without a number are asserted.
def trained(**case):
    """The lesson's batch trained with other settings: each step's ratios [N], the losses, and
    the ratio's gradient and the probabilities at each step."""
    s = settings_of(case)
    steps = [epoch_numbers(s, epoch) for epoch in range(s["epochs"] + 1)]
    n = s["samples"]
    ratios = steps[0]["ratioHistory"]
    return {"ratio": [ratios[e * n:(e + 1) * n] for e in range(s["epochs"] + 1)], "loss": steps[0]["lossHistory"],
            "gradRatio": [step["gradRatio"] for step in steps],
            "probs": [[math.exp(v) for v in step["actionLogProbs"]] for step in steps]}


def claims():
    slow, fast = trained(lr=0.1), trained(lr=5, epochs=3)
    one, two = [r[0] for r in slow["ratio"]], [r[1] for r in slow["ratio"]]
    # Try it: action 1's ratio climbs and stops after step 6; lr 5 throws it in one step.
    out = [("1.217", one[6]), ("2.577", fast["ratio"][1][0])]
    assert all(a < b for a, b in zip(one[:6], one[1:7]))
    assert one[5] < 1.2 < one[6] and all(r == one[6] for r in one[6:])
    # The ratio starts at 1, every action at 1/3; inside the range the ratio's gradient is -A/N.
    assert slow["ratio"][0] == [1, 1] and all(abs(p - 1 / 3) < 1e-7 for p in slow["probs"][0])
    out += [("-0.5", slow["gradRatio"][0][0]), ("0.333", slow["probs"][0][0])]
    # Past 1 + eps with a positive advantage, and below 1 - eps with a negative one: gradient 0.
    assert slow["gradRatio"][6] == [0, 0.5] and all(g == [0, 0] for g in slow["gradRatio"][7:])
    out += [("0.967", two[1]), ("0.935", two[2]), ("0.792", two[7])]
    assert two[6] > 0.8 > two[7] and all(r == two[7] for r in two[7:])
    # A ratio moved the wrong way keeps its gradient: a positive advantage below 1 - eps.
    wrong = epoch_numbers(settings_of({"samples": 1, "logits": [0, 3, 0], "actions": [1], "advantages": [1], "lr": 0.1}), 0)
    logits, actions, advantages, _ = tensors(settings_of({"samples": 1, "logits": [0, 3, 0], "actions": [1], "advantages": [1]}))
    moved = golden_ppo(logits, actions, torch.log(torch.tensor([1 / 3])), advantages, 0.2, 1.0, torch.float32)
    assert moved["ratio"].item() < 0.8 and moved["grad_ratio"].item() == -1.0 and wrong["gradRatio"] == [-1.0]
    # Once both have stopped, the loss is -0.2 at every later step.
    out += [("-0.2", loss) for loss in slow["loss"][7:]]
    # It does not bound the step: lr 5's first step, then nothing moves, nothing pulls back.
    out += [("0.118", fast["ratio"][1][1]), ("0.039", fast["probs"][1][4])]
    assert fast["gradRatio"][1] == [0, 0] and fast["ratio"][3] == fast["ratio"][1]
    # Exercises' workings and likely mistakes, each a case the text does not work: the first
    # step's ratio from its log-probability, the loss once stopped with advantages 2 and -1, and
    # the first step of lr 2.
    first = epoch_numbers(settings_of({"lr": 0.1}), 1)
    new_log, old_log = first["logProbs"][0], math.log(1 / 3)
    out += [("-1.0656", new_log), ("-1.0986", old_log), ("0.033", new_log - old_log),
            ("1.034", math.exp(new_log - old_log)), ("1.034", one[1]), ("0.3445", slow["probs"][1][0]),
            ("1.034", 3 * slow["probs"][1][0]), ("0.97", new_log / old_log)]
    doubled = trained(lr=0.1, advantages=[2, -1])
    one2, two2 = [r[0] for r in doubled["ratio"]], [r[1] for r in doubled["ratio"]]
    assert one2[2] < 1.2 < one2[3] and all(r == one2[3] for r in one2[3:])
    assert two2[6] > 0.8 > two2[7] and all(r == two2[7] for r in two2[7:])
    out += [("-0.8", loss) for loss in doubled["loss"][7:]]
    out += [("2.4", 1.2 * 2), ("-1.6", 2 * doubled["loss"][10]), ("-0.5", doubled["loss"][0]), ("-0.2", slow["loss"][10])]
    two_step = trained(lr=2, epochs=1)
    logits = epoch_numbers(settings_of({"lr": 2, "epochs": 1}), 1)["logits"]
    out += [(text, value) for text, value in zip(["0.667", "-0.333", "-0.333"], logits[:3])]
    out += [("0.576", two_step["probs"][1][0]), ("0.576", 1 / (1 + 2 * math.exp(-1))), ("1.728", two_step["ratio"][1][0]),
            ("2.577", fast["ratio"][1][0])]
    for lr in (0.1, 2, 5):
        # The first step raises action 1's logit by lr/3 and lowers the other two by lr/6.
        moved = epoch_numbers(settings_of({"lr": lr, "epochs": 1}), 1)["logits"][:3]
        assert all(abs(a - b) < 1e-6 for a, b in zip(moved, [lr / 3, -lr / 6, -lr / 6])), (lr, moved)
    # The lesson's PyTorch code prints the widget's ratios after ten steps of lr 0.1.
    assert printed_by("09-the-transformer-and-the-reward/03-ppo.md") == [
        f"tensor([{one[10]:.4f}, {two[10]:.4f}], grad_fn=<ExpBackward0>)"]
    return out


KEYS = {"samples": "samples", "logits": "logits", "actions": "actions", "advantages": "advantages",
        "clip": "clip", "lr": "lr", "epochs": "epochs", "selected": "selected"}
LISTS = {"logits", "advantages"}
COUNTS = {"samples", "epochs", "selected"}


def query_value(name, value):
    """One value of an exercise's playground query, under its settings key's form."""
    key = KEYS[name]
    if key in LISTS:
        return [float(v) for v in value.split(",")]
    if key == "actions":
        return [int(v) for v in value.split(",")]
    if key in COUNTS:
        return int(value)
    return float(value)


def exercise_value(settings, spec):
    """The number an exercise's core line names: ratio, objective, grad_ratio or log_prob N E,
    loss E or logit N K E (samples and actions from 1, epochs from 0)."""
    name, *numbers = spec.split()
    numbers = [int(number) for number in numbers]
    numbers_at = epoch_numbers(settings_of(settings), numbers[-1])
    if name == "loss":
        return numbers_at["loss"]
    if name == "logit":
        return numbers_at["logits"][(numbers[0] - 1) * ACTIONS + numbers[1] - 1]
    key = {"ratio": "ratio", "objective": "objective", "grad_ratio": "gradRatio", "log_prob": "logProbs"}[name]
    return numbers_at[key][numbers[0] - 1]


def main():
    torch.set_flush_denormal(False)
    torch.set_num_threads(1)
    check_claims(claims())
    lessons = lesson_cases("ppo-widget", KEYS, query_value, exercise_value)
    write_expected(__file__, CASES + lessons, run, [])


if __name__ == "__main__":
    main()
