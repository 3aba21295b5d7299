#!/usr/bin/python3
"""Writes rl.golden: what PyTorch answers for the rl family: PPO's clipped objective on a batch,

    log_softmax = F.log_softmax(logits, dim=1)
    log_probs = log_softmax.gather(1, actions[:, None]).squeeze(1)
    ratio = torch.exp(log_probs - old_log_probs)
    surrogate = ratio * advantages
    clipped_surrogate = torch.clamp(ratio, 1 - clip, 1 + clip) * advantages
    objective = torch.min(surrogate, clipped_surrogate)
    loss = -objective.mean()

with autograd's gradients of the logits and of the ratio for loss.backward(grad_loss); trainings
of torch.optim.SGD steps on the logits from it, the old log-probs held fixed; and PyTorch's sum of
a float32 vector (the mean's sum).

Run with a Python that has PyTorch (on this machine: /usr/bin/python3 tests/golden/rl/generate.py).
The output is committed, so the C++ and Node tests never need PyTorch. The format is described in
README.md next to this file. Every random tensor is drawn from a generator seeded by the case's
name, so adding, removing or reordering cases leaves the other cases' numbers unchanged.
"""

import pathlib
import sys

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from golden_text import Cases, floats, ints, own_rounding, seeded, write_golden  # noqa: E402

OUTPUT_PATH = pathlib.Path(__file__).with_name("rl.golden")
OUTPUTS = ["log_probs", "ratio", "surrogate", "clipped_surrogate", "objective", "loss",
           "grad_logits", "grad_ratio", "log_softmax"]
HISTORIES = ["history_logits", "history_log_probs", "history_ratio", "history_loss",
             "history_grad_ratio"]

cases = Cases()  # one list of lines per case, in file order
add = cases.add


def ppo(logits, actions, old, advantages, clip, grad_loss, dtype):
    """The objective and autograd's gradients in `dtype`, by the golden file's keys."""
    logits = logits.detach().to(dtype).requires_grad_(True)
    log_softmax = F.log_softmax(logits, dim=1)
    log_probs = log_softmax.gather(1, actions.unsqueeze(1)).squeeze(1)
    ratio = torch.exp(log_probs - old.to(dtype))
    ratio.retain_grad()
    surrogate = ratio * advantages.to(dtype)
    clipped = torch.clamp(ratio, 1 - clip, 1 + clip) * advantages.to(dtype)
    objective = torch.min(surrogate, clipped)
    loss = -objective.mean()
    loss.backward(torch.tensor(grad_loss, dtype=dtype))
    return {"log_probs": log_probs, "ratio": ratio, "surrogate": surrogate,
            "clipped_surrogate": clipped, "objective": objective, "loss": loss.reshape(1),
            "grad_logits": logits.grad, "grad_ratio": ratio.grad, "log_softmax": log_softmax}


def train(logits, actions, old, advantages, clip, lr, epochs, dtype):
    """`epochs` steps of torch.optim.SGD(lr) on the logits, each from loss.backward(); row e of a
    history is the state after e steps, the last row the forward pass of the last logits."""
    param = logits.detach().to(dtype).clone().requires_grad_(True)
    optimizer = torch.optim.SGD([param], lr=lr)
    rows = {key: [] for key in HISTORIES}
    for e in range(epochs + 1):
        rows["history_logits"].append(param.detach().clone())
        log_probs = F.log_softmax(param, dim=1).gather(1, actions.unsqueeze(1)).squeeze(1)
        ratio = torch.exp(log_probs - old.to(dtype))
        ratio.retain_grad()
        surrogate = ratio * advantages.to(dtype)
        clipped = torch.clamp(ratio, 1 - clip, 1 + clip) * advantages.to(dtype)
        loss = -torch.min(surrogate, clipped).mean()
        rows["history_log_probs"].append(log_probs.detach())
        rows["history_ratio"].append(ratio.detach())
        rows["history_loss"].append(loss.detach().reshape(1))
        if e == epochs:
            break
        optimizer.zero_grad()
        loss.backward()
        rows["history_grad_ratio"].append(ratio.grad.detach().clone())
        optimizer.step()
    return {key: torch.cat([row.reshape(-1) for row in value]) for key, value in rows.items()}


def inputs(name, N, A, logit_scale=1.0, ratio_shift=0.0, ratio_spread=0.1):
    """Random logits, actions and advantages, and old log-probs that put each ratio near
    exp(ratio_shift) (old = the current log-prob - shift + noise)."""
    g = seeded(name)
    logits = torch.randn(N, A, generator=g) * logit_scale
    actions = torch.randint(0, A, (N,), generator=g)
    advantages = torch.randn(N, generator=g)
    noise = torch.randn(N, generator=g) * ratio_spread
    current = F.log_softmax(logits, dim=1).gather(1, actions.unsqueeze(1)).squeeze(1)
    old = current - ratio_shift + noise
    return logits, actions, old, advantages


def ppo_case(name, comment, logits, actions, old, advantages, clip=0.2, grad_loss=1.0,
             tolerance=True):
    out = ppo(logits, actions, old, advantages, clip, grad_loss, torch.float32)
    exact = ppo(logits, actions, old, advantages, clip, grad_loss, torch.float64)
    # autograd's rules, as the core's README states them: half the gradient to each side of
    # torch.min at a tie, clamp's gradient passing at its bounds.
    ratio, adv = out["ratio"].detach(), advantages
    low, high = np.float32(1 - clip), np.float32(1 + clip)
    g = np.float32(-grad_loss) / np.float32(len(ratio))
    for i in range(len(ratio)):
        r, a = np.float32(ratio[i]), np.float32(adv[i])
        if low <= r <= high and np.isfinite(r):
            assert out["grad_ratio"][i].item() == np.float32(np.float32(g / 2) * a) * 2, name
    N, A = logits.shape
    lines = ["op ppo", f"logits_shape {N} {A}", f"clip {clip!r}", f"grad_loss {grad_loss!r}"]
    # A gradient that is a small difference of large terms (a row whose taken action is nearly
    # certain) is as far from float64 as its own rounding makes it. At a bound, float64 lands on
    # one side of it and float32 on the other: no tolerance from there (the case is held to the
    # default one).
    lines += own_rounding(name, out, exact) if tolerance else []
    lines += [f"logits {floats(logits)}", f"actions {ints(actions.tolist())}",
              f"old_log_probs {floats(old)}", f"advantages {floats(advantages)}"]
    lines += [f"{key} {floats(out[key])}" for key in OUTPUTS]
    add(name, comment, lines)
    return out


def train_case(name, comment, logits, actions, old, advantages, clip, lr, epochs, expect=None):
    out = train(logits, actions, old, advantages, clip, lr, epochs, torch.float32)
    exact = train(logits, actions, old, advantages, clip, lr, epochs, torch.float64)
    if expect:
        expect(out)
    N, A = logits.shape
    lines = ["op train", f"logits_shape {N} {A}", f"clip {clip!r}", f"lr {lr!r}",
             f"epochs {epochs}"]
    # A training carries float32's rounding from step to step.
    lines += own_rounding(name, out, exact)
    lines += [f"logits {floats(logits)}", f"actions {ints(actions.tolist())}",
              f"old_log_probs {floats(old)}", f"advantages {floats(advantages)}"]
    lines += [f"{key} {floats(out[key])}" for key in HISTORIES]
    add(name, comment, lines)


def at_bound(target):
    """An old log-prob x for which exp(0 - x) is the float32 `target` in PyTorch (SLEEF's exp)
    and correctly rounded alike: the middle one of the float32s x that give it, so that an exp
    one unit off elsewhere in the run still gives it."""
    start = np.float32(-np.log(np.float64(target)))
    hits = []
    for k in range(-40, 41):
        x = np.float32(start + np.float32(k) * np.spacing(start))
        sleef = torch.exp(torch.tensor([0.0], dtype=torch.float32) - torch.tensor([x])).item()
        rounded = np.float32(np.exp(np.float64(0.0) - np.float64(x)))
        if np.float32(sleef) == target and rounded == target:
            hits.append(x)
    assert len(hits) >= 3, (target, hits)
    return float(hits[len(hits) // 2])


def ppo_cases():
    ppo_case("ppo_inside", "every ratio inside [0.8, 1.2]: torch.min ties, half the gradient "
             "each way", *inputs("ppo_inside", 6, 4))
    ppo_case("ppo_above", "every ratio near 1.65, above 1.2: positive advantages clipped "
             "(gradient 0), negative ones not", *inputs("ppo_above", 8, 3, ratio_shift=0.5))
    ppo_case("ppo_below", "every ratio near 0.61, below 0.8: negative advantages clipped "
             "(gradient 0), positive ones not", *inputs("ppo_below", 8, 3, ratio_shift=-0.5))
    ppo_case("ppo_spread", "ratios from 0.3 to 3: inside, above and below mixed",
             *inputs("ppo_spread", 12, 5, ratio_spread=0.6))
    # Logits [0, -200]: action 0's log-prob is exactly 0, so the ratio is exp(-old).
    high, low = at_bound(np.float32(1.2)), at_bound(np.float32(0.8))
    logits = torch.tensor([[0.0, -200.0]] * 4)
    ppo_case("ppo_at_bounds", "ratios exactly float32(1.2) and float32(0.8): clamp's gradient "
             "passes at its bounds, and torch.min ties", logits, torch.zeros(4, dtype=torch.long),
             torch.tensor([high, high, low, low]), torch.tensor([1.5, -1.5, 2.0, -0.5]),
             tolerance=False)
    logits, actions, old, _ = inputs("ppo_zero_advantage", 5, 3, ratio_spread=0.5)
    ppo_case("ppo_zero_advantage", "advantages 0 and -0: every objective 0, every gradient 0",
             logits, actions, old, torch.tensor([0.0, -0.0, 0.0, 0.0, -0.0]))
    logits, actions, old, _ = inputs("ppo_tiny_advantage", 4, 3, ratio_shift=0.2,
                                     ratio_spread=0.005)
    tiny = np.float32(1e-45)  # the smallest denormal
    ppo_case("ppo_tiny_advantage", "ratios near 1.22 with denormal advantages: ratio * A and "
             "1.2 * A round to the same value though the ratio is above the range, a tie of "
             "torch.min, so half the gradient still reaches the ratio", logits, actions, old,
             torch.tensor([3 * tiny, -3 * tiny, 5 * tiny, tiny]), grad_loss=1e30)
    logits, actions, old, adv = inputs("ppo_large_logits", 6, 4, logit_scale=300.0)
    logits += 1000.0
    ppo_case("ppo_large_logits", "logits near 1000, hundreds apart: log_softmax subtracts the largest; "
             "a nearly certain action's gradient is a small difference of large terms",
             logits, actions, old, adv)
    ppo_case("ppo_n1_a2", "one sample of two actions", *inputs("ppo_n1_a2", 1, 2, ratio_spread=0.3))
    ppo_case("ppo_a16", "sixteen actions", *inputs("ppo_a16", 5, 16, ratio_spread=0.4))
    ppo_case("ppo_n256", "256 samples of 3 actions: the mean's sum over whole vectors",
             *inputs("ppo_n256", 256, 3, ratio_spread=0.4))
    ppo_case("ppo_n256_a16", "the largest batch", *inputs("ppo_n256_a16", 256, 16, ratio_spread=0.4))
    ppo_case("ppo_grad_loss", "loss.backward(-2.5), clip 0.1",
             *inputs("ppo_grad_loss", 7, 3, ratio_spread=0.2), clip=0.1, grad_loss=-2.5)
    ppo_case("ppo_wide_clip", "clip 0.9: the range [0.1, 1.9]",
             *inputs("ppo_wide_clip", 6, 3, ratio_spread=1.0), clip=0.9)
    logits, actions, _, adv = inputs("ppo_ratio_overflow", 3, 3)
    old = torch.tensor([-100.0, 0.0, -100.0])
    adv = torch.tensor([1.0, adv[1].item(), -1.0])
    ppo_case("ppo_ratio_overflow", "old log-probs of -100: exp(100) overflows to inf. A positive "
             "advantage clips it (gradient 0 * inf = NaN through exp); a negative one does not "
             "(-inf objective, +inf loss)", logits, actions, old, adv)


def expect_stop(out):
    """The first sample's ratio reaches 1.2 and stays there: its gradient is 0 from then on."""
    ratio = out["history_ratio"].reshape(-1, 4)[:, 0]
    grad = out["history_grad_ratio"].reshape(-1, 4)[:, 0]
    stopped = [e for e in range(len(grad)) if grad[e] == 0]
    assert stopped and all(grad[e] == 0 for e in range(stopped[0], len(grad))), grad
    assert ratio[-1] > np.float32(1.2) and ratio[-1] < 1.3, ratio


def expect_overshoot(out):
    """One step takes the first sample's ratio from inside the range far past 1.2."""
    ratio = out["history_ratio"].reshape(-1, 4)[:, 0]
    assert ratio[0] < 1.2 and ratio[1] > 1.5, ratio


def train_cases():
    logits = torch.tensor([[0.5, 0.0, -0.5], [0.0, 0.2, 0.1], [1.0, -1.0, 0.0], [0.3, 0.3, 0.3]])
    actions = torch.tensor([0, 1, 2, 0])
    old = F.log_softmax(logits, dim=1).gather(1, actions.unsqueeze(1)).squeeze(1)
    advantages = torch.tensor([1.0, -0.5, 0.8, -1.2])
    train_case("train_small_lr", "lr 0.5, 30 steps: each ratio moves out until it leaves the range "
               "in its advantage's direction, then its gradient is 0 and it stops",
               logits, actions, old, advantages, 0.2, 0.5, 30, expect_stop)
    train_case("train_large_lr", "lr 40, 4 steps: one step takes a ratio far past 1.2; the clip "
               "stops the gradient, not the step", logits, actions, old, advantages, 0.2, 40.0, 4,
               expect_overshoot)
    logits, actions, old, adv = inputs("train_batch", 64, 4, ratio_spread=0.2)
    train_case("train_batch", "64 samples of 4 actions, lr 2, 20 steps", logits, actions, old, adv,
               0.2, 2.0, 20)
    logits, actions, old, adv = inputs("train_lr0", 3, 2)
    train_case("train_lr0", "lr 0: the logits never move", logits, actions, old, adv, 0.3, 0.0, 3)


def sum_cases():
    for n in [1, 3, 7, 8, 9, 31, 32, 33, 63, 100, 200, 256]:
        name = f"sum_{n}"
        g = seeded(name)
        values = torch.randn(n, generator=g) * torch.exp(torch.randn(n, generator=g) * 4)
        total = values.sum()
        add(name, f"torch.sum of {n} float32 values of widely spread magnitudes",
            ["op sum", f"values {floats(values)}", f"sum {floats(total.reshape(1))}"])


def write():
    ppo_cases()
    train_cases()
    sum_cases()
    write_golden(OUTPUT_PATH, "rl", "rl family: PPO's clipped objective, forward and backward, "
                 "and trainings of SGD steps on the logits", cases)


if __name__ == "__main__":
    torch.set_flush_denormal(False)
    torch.set_num_threads(1)
    write()
