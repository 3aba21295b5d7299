#!/usr/bin/python3
"""Writes learning.golden: what PyTorch answers for F.linear and autograd's gradients of it, for
a 2 -> H -> 1 network trained on XOR by torch.optim.SGD (its loss before every step, its final
parameters, hidden features and probabilities; also in two calls, the second optimiser loaded
from the first's state_dict(), with SGD's momentum buffers) and drawn over a grid of points, and for LAMB,
which PyTorch 1.13 lacks and which `lamb_step` below defines in plain torch float32 operations
(core/learning/README.md states the same definition); and the XOR network's seeded starts, which
`xor_init` below draws as nn.Linear does from the core's own generator.

Run with a Python that has PyTorch (on this machine:
/usr/bin/python3 tests/golden/learning/generate.py). The output is committed, so the C++ and
Node tests never need PyTorch. The format is described in README.md next to this file.

Every random tensor is drawn from a generator seeded by the case's name, so adding, removing or
reordering cases leaves the other cases' numbers unchanged.
"""

import math
import pathlib
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from golden_text import Cases, floats, format_float, seeded, splitmix64_uniforms, write_golden  # noqa: E402

OUTPUT_PATH = pathlib.Path(__file__).with_name("learning.golden")

XOR_POINTS = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
XOR_TARGETS = torch.tensor([[0.0], [1.0], [1.0], [0.0]])
ACTIVATIONS = {"tanh": torch.tanh, "relu": torch.relu, "sigmoid": torch.sigmoid}
XOR_KEYS = ("w1", "b1", "w2", "b2")

cases = Cases()  # one list of lines per case, in file order
add = cases.add




def shape_text(shape):
    return " ".join(str(int(s)) for s in shape)


# ---- F.linear ----

def linear_case(name, n, i, o, bias=True, make=None):
    g = seeded(name)
    x = torch.randn(n, i, generator=g) * 2
    w = torch.randn(o, i, generator=g)
    b = torch.randn(o, generator=g) if bias else None
    grad_output = torch.randn(n, o, generator=g)
    if make:
        x, w, b, grad_output = make(x, w, b, grad_output)
    x.requires_grad_(True)
    w.requires_grad_(True)
    if b is not None:
        b.requires_grad_(True)
    y = F.linear(x, w, b)
    y.backward(grad_output)
    lines = ["op linear", f"input_shape {n} {i}", f"weight_shape {o} {i}",
             f"input {floats(x)}", f"weight {floats(w)}"]
    if b is not None:
        lines.append(f"bias {floats(b)}")
    lines += [f"output {floats(y)}", f"grad_output {floats(grad_output)}",
              f"grad_input {floats(x.grad)}", f"grad_weight {floats(w.grad)}"]
    if b is not None:
        lines.append(f"grad_bias {floats(b.grad)}")
    add(name, f"y = F.linear(x[{n}, {i}], w[{o}, {i}], {'b' if bias else 'None'}); "
              "y.backward(grad_output)", lines)


def nonfinite(x, w, b, grad_output):
    x[0, 0] = float("nan")
    x[1, 1] = float("inf")
    w[2, 2] = float("-inf")
    grad_output[2, 0] = float("inf")
    return x, w, b, grad_output


def zero_weight(x, w, b, grad_output):
    return x, torch.zeros_like(w), torch.zeros_like(b), grad_output


def linear_cases():
    linear_case("linear_1x1x1", 1, 1, 1)
    linear_case("linear_n1", 1, 3, 2)
    linear_case("linear_n1_no_bias", 1, 5, 4, bias=False)
    linear_case("linear_4x2x3", 4, 2, 3)
    linear_case("linear_7x13x5", 7, 13, 5)
    linear_case("linear_5x9x17_no_bias", 5, 9, 17, bias=False)
    linear_case("linear_17x6x9", 17, 6, 9)
    linear_case("linear_33x20x12", 33, 20, 12)
    linear_case("linear_64x40x3", 64, 40, 3)
    linear_case("linear_zero_weight", 3, 4, 5, make=zero_weight)
    linear_case("linear_nonfinite", 4, 3, 3, make=nonfinite)


# ---- XOR ----

def xor_init(h, seed):
    """The core's xorInit, reimplemented: the start nn.Linear(2, h) and nn.Linear(h, 1) would
    draw (weight and bias uniform within ±1/sqrt(fan_in)), but from the course's SplitMix64
    (golden_text.splitmix64_uniforms): w1 [h, 2] row by row, b1 [h], w2 [1, h], b2 [1], in that
    order, each value float32((2u - 1) * bound) with the product in double, rounded once."""
    draws = splitmix64_uniforms(seed, 4 * h + 1)
    start = {}
    for key, shape, fan_in in (("w1", (h, 2), 2), ("b1", (h,), 2), ("w2", (1, h), h), ("b2", (1,), h)):
        bound = 1 / math.sqrt(fan_in)
        values = [(2 * next(draws) - 1) * bound for _ in range(math.prod(shape))]
        start[key] = torch.tensor(values, dtype=torch.float64).to(torch.float32).reshape(shape)
    return start


def nn_linear_bound(fan_in):
    """The bound nn.Linear.reset_parameters draws its weight within: kaiming_uniform_ with
    a = sqrt(5), so gain * sqrt(3 / fan_in); its bias draws within 1 / sqrt(fan_in)."""
    gain = torch.nn.init.calculate_gain("leaky_relu", math.sqrt(5))
    return gain * math.sqrt(3 / fan_in)


def xor_init_case(name, h, seed):
    start = xor_init(h, seed)
    lines = ["op xor_init", f"hidden_units {h}", f"seed {seed}"] + param_lines(start)
    add(name, f"xor_init: nn.Linear(2, {h}) and nn.Linear({h}, 1)'s uniform start, drawn from "
              f"SplitMix64 seeded with {seed}", lines)


def xor_init_cases():
    for fan_in in (1, 2, 3, 16):
        assert abs(nn_linear_bound(fan_in) - 1 / math.sqrt(fan_in)) < 1e-15, fan_in
    for h, seed in ((2, 0), (2, 1), (1, 42), (3, 7), (4, 2026), (16, 123456789), (16, 4294967295)):
        xor_init_case(f"xor_init_h{h}_seed{seed}", h, seed)


def xor_network(p, act, x):
    hidden = ACTIVATIONS[act](F.linear(x, p["w1"], p["b1"]))
    return hidden, F.linear(hidden, p["w2"], p["b2"])


def xor_params(name, h, scale=1.0):
    g = seeded(name)
    return {"w1": torch.randn(h, 2, generator=g) * scale, "b1": torch.randn(h, generator=g) * scale,
            "w2": torch.randn(1, h, generator=g) * scale, "b2": torch.randn(1, generator=g) * scale}


def param_lines(params, prefix=""):
    return [f"{prefix}{key} {floats(params[key])}" for key in XOR_KEYS]


def xor_train(start, act, steps, lr=0.5, momentum=0.0):
    """`steps` full-batch steps of torch.optim.SGD on BCE-with-logits over the four XOR points,
    from the network `start` (left as it was): the loss before each step and after the last,
    the final parameters, hidden features [4, H] and probabilities [4, 1]."""
    return sgd_training(start, act, steps, lr, momentum)[:4]


def sgd_training(start, act, steps, lr, momentum, state_dict=None):
    """xor_train's training and its optimiser, which starts from an earlier optimiser's
    state_dict() when given."""
    p = {key: value.clone().requires_grad_(True) for key, value in start.items()}
    opt = torch.optim.SGD([p[key] for key in XOR_KEYS], lr=lr, momentum=momentum, foreach=False)
    if state_dict is not None:
        # The earlier optimiser's opt.state carried over; lr and momentum are this call's.
        opt.load_state_dict(state_dict)
        opt.param_groups[0].update(lr=lr, momentum=momentum)
    losses = []
    for _ in range(steps):
        opt.zero_grad()
        _, logit = xor_network(p, act, XOR_POINTS)
        loss = F.binary_cross_entropy_with_logits(logit, XOR_TARGETS)
        losses.append(loss.detach().clone())
        loss.backward()
        opt.step()
    with torch.no_grad():
        hidden, logit = xor_network(p, act, XOR_POINTS)
        losses.append(F.binary_cross_entropy_with_logits(logit, XOR_TARGETS))
        probabilities = torch.sigmoid(logit)
    return torch.stack(losses), p, hidden, probabilities, opt


def xor_train_case(name, h, act, steps, lr=0.5, momentum=0.0, params=None):
    start = params or xor_params(name, h)
    losses, p, hidden, probabilities = xor_train(start, act, steps, lr, momentum)
    lines = ["op xor_train", f"activation {act}", f"lr {float(lr)!r}", f"momentum {float(momentum)!r}",
             f"steps {steps}"] + param_lines(start)
    lines += [f"losses {floats(losses)}"] + param_lines(p, "final_")
    lines += [f"hidden {floats(hidden)}", f"probabilities {floats(probabilities)}"]
    add(name, f"2 -> {h} -> 1, {act}, SGD(lr={lr}, momentum={momentum}, foreach=False), {steps} "
              "full-batch steps of BCE-with-logits on XOR", lines)


def momentum_buffers(opt, p):
    """torch's opt.state[p]['momentum_buffer'] of w1, b1, w2, b2 (clones), or None where the
    optimiser keeps none: it makes them on the first step with momentum."""
    buffers = {key: opt.state[p[key]].get("momentum_buffer") for key in XOR_KEYS}
    if all(b is None for b in buffers.values()):
        return None
    assert all(b is not None for b in buffers.values())
    return {key: b.clone() for key, b in buffers.items()}


def xor_train_resumed_case(name, comment, start, act, first, second):
    """A training in two calls, `first` and `second` each dict(steps, lr, momentum): the second
    starts from the first's final parameters, its optimiser loaded from the first's
    state_dict(). Each call's lines end in _1 or _2."""
    lines = ["op xor_train_resumed", f"activation {act}"] + param_lines(start)
    network, state_dict = start, None
    results = []
    for k, call in enumerate((first, second), start=1):
        losses, p, hidden, probabilities, opt = sgd_training(network, act, call["steps"], call["lr"],
                                                             call["momentum"], state_dict)
        lines += [f"lr_{k} {float(call['lr'])!r}", f"momentum_{k} {float(call['momentum'])!r}",
                  f"steps_{k} {call['steps']}", f"losses_{k} {floats(losses)}"]
        lines += [f"final_{key}_{k} {floats(p[key])}" for key in XOR_KEYS]
        buffers = momentum_buffers(opt, p)
        if buffers is not None:
            lines += [f"momentum_buffer_{key}_{k} {floats(buffers[key])}" for key in XOR_KEYS]
        lines += [f"hidden_{k} {floats(hidden)}", f"probabilities_{k} {floats(probabilities)}"]
        network = {key: value.detach().clone() for key, value in p.items()}
        state_dict = opt.state_dict()
        results.append((losses, network))
    if first["lr"] == second["lr"] and first["momentum"] == second["momentum"]:
        # Carrying opt.state over is continuing the training: one call of both halves' steps.
        losses, p, _, _ = xor_train(start, act, first["steps"] + second["steps"], first["lr"],
                                    first["momentum"])
        resumed = torch.cat([results[0][0][:-1], results[1][0]])
        assert torch.equal(losses, resumed), name
        assert all(torch.equal(p[key], results[1][1][key]) for key in XOR_KEYS), name
    add(name, comment, lines)


def xor_forward_case(name, h, act, params=None):
    p = params or xor_params(name, h, scale=2.0)
    ticks = torch.linspace(-0.5, 1.5, 9)
    points = torch.stack(torch.meshgrid(ticks, ticks, indexing="xy"), dim=-1).reshape(-1, 2)
    points = torch.cat([XOR_POINTS, points])
    with torch.no_grad():
        hidden, logit = xor_network(p, act, points)
    lines = ["op xor_forward", f"activation {act}"] + param_lines(p)
    lines += [f"points {floats(points)}", f"hidden {floats(hidden)}",
              f"probabilities {floats(torch.sigmoid(logit))}"]
    add(name, f"2 -> {h} -> 1, {act}, at the XOR points and a 9 x 9 grid over [-0.5, 1.5]^2", lines)


def xor_resumed_cases():
    def sgd(steps, lr, momentum):
        return dict(steps=steps, lr=lr, momentum=momentum)

    split = "a training in two calls, the second's SGD loaded from the first's state_dict()"
    xor_train_resumed_case(
        "xor_tanh_h2_momentum_resumed", f"xor_tanh_h2_momentum as {split}: 150 + 150 steps",
        xor_params("xor_tanh_h2_momentum", 2), "tanh", sgd(150, 0.2, 0.9), sgd(150, 0.2, 0.9))
    xor_train_resumed_case(
        "xor_relu_h4_momentum_resumed",
        f"xor_relu_h4_momentum as {split}: 1 + 299 steps (the first buffer is the first gradient)",
        xor_params("xor_relu_h4_momentum", 4), "relu", sgd(1, 0.1, 0.5), sgd(299, 0.1, 0.5))
    xor_train_resumed_case(
        "xor_tanh_h16_momentum_resumed",
        f"xor_init(16, 0), tanh, SGD(lr=0.5, momentum=0.9), as {split}: 250 + 250 steps",
        xor_init(16, 0), "tanh", sgd(250, 0.5, 0.9), sgd(250, 0.5, 0.9))
    xor_train_resumed_case(
        "xor_sigmoid_h3_momentum_then_none",
        f"sigmoid, {split}: 100 steps with momentum 0.9, then 100 without (the buffers stay as they were)",
        xor_params("xor_sigmoid_h3_momentum_then_none", 3), "sigmoid", sgd(100, 0.5, 0.9),
        sgd(100, 0.5, 0.0))
    xor_train_resumed_case(
        "xor_tanh_h3_none_then_momentum",
        f"tanh, {split}: 100 steps without momentum (no buffers), then 100 with momentum 0.9",
        xor_params("xor_tanh_h3_none_then_momentum", 3), "tanh", sgd(100, 0.5, 0.0),
        sgd(100, 0.5, 0.9))
    xor_train_resumed_case(
        "xor_tanh_h2_momentum_then_no_steps",
        f"tanh, {split}: 50 steps with momentum 0.9, then none (the state comes back as it was)",
        xor_params("xor_tanh_h2_momentum_then_no_steps", 2), "tanh", sgd(50, 0.5, 0.9),
        sgd(0, 0.5, 0.9))


def relu_kink_params():
    # b1 = 0, so the point (0, 0) sits on every hidden unit's kink: relu(0) = 0, gradient 0.
    return {"w1": torch.tensor([[1.0, -1.0], [-1.0, 1.0], [0.5, 0.5]]), "b1": torch.zeros(3),
            "w2": torch.tensor([[1.0, 1.0, -1.0]]), "b2": torch.zeros(1)}


def xor_cases():
    for h in (2, 3, 4):
        for act in ACTIVATIONS:
            xor_train_case(f"xor_{act}_h{h}", h, act, 400)
    xor_train_case("xor_tanh_h2_momentum", 2, "tanh", 300, lr=0.2, momentum=0.9)
    xor_train_case("xor_relu_h4_momentum", 4, "relu", 300, lr=0.1, momentum=0.5)
    xor_train_case("xor_sigmoid_h16", 16, "sigmoid", 500, lr=1.0)
    xor_train_case("xor_tanh_h1", 1, "tanh", 50)
    xor_train_case("xor_tanh_no_steps", 2, "tanh", 0)
    xor_train_case("xor_relu_kink", 3, "relu", 200, params=relu_kink_params())
    xor_resumed_cases()
    for act in ACTIVATIONS:
        xor_forward_case(f"xor_forward_{act}", 3, act)
    xor_forward_case("xor_forward_relu_kink", 3, "relu", params=relu_kink_params())


# ---- LAMB ----

def lamb_step(p, grad, state, lr=1e-3, betas=(0.9, 0.999), eps=1e-6, weight_decay=0.0):
    """One LAMB step (You et al. 2019, Algorithm 2, without gradient clipping) on one float32
    tensor, in place. Returns (trust_ratio, update)."""
    beta1, beta2 = betas
    state["step"] += 1
    t = state["step"]
    m = state["exp_avg"] = beta1 * state["exp_avg"] + (1 - beta1) * grad
    v = state["exp_avg_sq"] = beta2 * state["exp_avg_sq"] + (1 - beta2) * (grad * grad)
    m_hat = m / (1 - beta1 ** t)
    v_hat = v / (1 - beta2 ** t)
    update = m_hat / (v_hat.sqrt() + eps)
    if weight_decay != 0:
        update = update + weight_decay * p
    p_norm = torch.linalg.norm(p)
    u_norm = torch.linalg.norm(update)
    trust_ratio = p_norm / u_norm if p_norm > 0 and u_norm > 0 else torch.tensor(1.0)
    p.copy_(p - (trust_ratio * lr) * update)
    return trust_ratio, update


def lamb_case(name, options, params, grads):
    p = params.clone()
    state = {"step": 0, "exp_avg": torch.zeros_like(p), "exp_avg_sq": torch.zeros_like(p)}
    lines = ["op lamb"]
    for key, value in options.items():
        lines.append(f"{key} " + (" ".join(repr(float(v)) for v in value) if isinstance(value, tuple)
                                  else repr(float(value))))
    lines += [f"steps {len(grads)}", f"param {floats(params)}"]
    for k, grad in enumerate(grads, start=1):
        trust_ratio, update = lamb_step(p, grad, state, **options)
        lines += [f"grad_{k} {floats(grad)}", f"param_{k} {floats(p)}", f"step_{k} {state['step']}",
                  f"exp_avg_{k} {floats(state['exp_avg'])}",
                  f"exp_avg_sq_{k} {floats(state['exp_avg_sq'])}",
                  f"update_{k} {floats(update)}", f"trust_ratio_{k} {format_float(trust_ratio.item())}"]
    add(name, f"lamb_step (generate.py) with {options or 'the defaults'}, {len(grads)} steps", lines)


def random_lamb(name, n=9, steps=5):
    g = seeded(name)
    return (torch.randn(n, generator=g),
            [torch.randn(n, generator=g) * 0.5 for _ in range(steps)])


def lamb_cases():
    settings = {
        "default": {},
        "lr": dict(lr=0.1),
        "betas": dict(betas=(0.5, 0.9)),
        "eps": dict(eps=1e-2),
        "weight_decay": dict(lr=0.01, weight_decay=0.1),
        "all": dict(lr=0.05, betas=(0.8, 0.99), eps=1e-4, weight_decay=0.01),
    }
    for tag, options in settings.items():
        lamb_case(f"lamb_{tag}", options, *random_lamb(f"lamb_{tag}"))
    for n in (1, 7, 8, 37, 300):
        lamb_case(f"lamb_n{n}", dict(lr=0.01), *random_lamb(f"lamb_n{n}", n=n, steps=3))
    # Zero weights: the parameter's norm is 0, so the trust ratio is 1.
    _, grads = random_lamb("lamb_zero_param")
    lamb_case("lamb_zero_param", dict(lr=0.01), torch.zeros(9), grads[:3])
    # A zero gradient from a fresh state: the update is 0, its norm too, and the ratio 1.
    params, _ = random_lamb("lamb_zero_grad")
    lamb_case("lamb_zero_grad", dict(lr=0.01), params, [torch.zeros(9)] * 2)
    # NaN in a gradient: both norms are NaN, so the ratio is 1 and NaN reaches one parameter.
    params, grads = random_lamb("lamb_nan_grad", n=4, steps=2)
    grads[0][1] = float("nan")
    lamb_case("lamb_nan_grad", dict(lr=0.01), params, grads)


def write():
    linear_cases()
    xor_cases()
    lamb_cases()
    xor_init_cases()
    write_golden(OUTPUT_PATH, "learning",
                 "learning family: F.linear forward and backward, XOR trainings and drawings, and LAMB", cases)


if __name__ == "__main__":
    torch.set_flush_denormal(False)
    torch.set_num_threads(1)
    write()
