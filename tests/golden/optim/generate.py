#!/usr/bin/python3
"""Writes optim.golden: what PyTorch answers for torch.optim.SGD, RMSprop and Adam (several
steps of one optimizer, its state carried from step to step, some with options changed between
steps), for the three loss surfaces (value and autograd gradient) and for descents of the
surfaces.

Run with a Python that has PyTorch (on this machine:
/usr/bin/python3 tests/golden/optim/generate.py). The output is committed, so the C++ and Node
tests never need PyTorch. The format is described in README.md next to this file.

Every random tensor is drawn from a generator seeded by the case's name, so adding, removing or
reordering cases leaves the other cases' numbers unchanged.
"""

import pathlib
import sys

import torch

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from golden_text import Cases, floats, format_float, seeded, write_golden  # noqa: E402

OUTPUT_PATH = pathlib.Path(__file__).with_name("optim.golden")
STEPS = 5

OPTIMIZERS = {"sgd": torch.optim.SGD, "rmsprop": torch.optim.RMSprop, "adam": torch.optim.Adam}

# Each optimizer's state keys, in the order the file lists them.
STATE_KEYS = {
    "sgd": ("momentum_buffer",),
    "rmsprop": ("step", "square_avg", "momentum_buffer", "grad_avg"),
    "adam": ("step", "exp_avg", "exp_avg_sq", "max_exp_avg_sq"),
}

SURFACES = {
    "bowl": lambda x, y: 0.5 * (x * x + y * y),
    "ravine": lambda x, y: 0.5 * (x * x + 25 * (y * y)),
    "rosenbrock": lambda x, y: (1 - x) ** 2 + 100 * (y - x * x) ** 2,
}

cases = Cases()  # one list of lines per case, in file order
add = cases.add


def f32(values):
    return torch.tensor(values, dtype=torch.float32)


def option_lines(options, suffix=""):
    """PyTorch's keyword arguments, as given (the rest take PyTorch's defaults): numbers as Python
    writes the double, booleans as 1 or 0, betas as two numbers. `suffix` "_k" names the options
    a step case sets from step k on."""
    lines = []
    for key, value in options.items():
        if isinstance(value, bool):
            lines.append(f"{key}{suffix} {int(value)}")
        elif isinstance(value, tuple):
            lines.append(f"{key}{suffix} " + " ".join(repr(float(v)) for v in value))
        else:
            lines.append(f"{key}{suffix} {float(value)!r}")
    return lines


def state_lines(optimizer, state, suffix):
    lines = []
    for key in STATE_KEYS[optimizer]:
        value = state.get(key)
        if value is None:
            continue  # PyTorch keeps no such buffer (SGD keeps None without momentum)
        if key == "step":
            step = float(value)
            assert step == int(step)
            lines.append(f"step{suffix} {int(step)}")
        else:
            lines.append(f"{key}{suffix} {floats(value)}".rstrip())
    return lines


def make(optimizer, p, options):
    return OPTIMIZERS[optimizer]([p], **options, foreach=False)


def call_text(optimizer, options):
    args = "".join(f", {k}={v!r}" for k, v in options.items())
    return f"torch.optim.{OPTIMIZERS[optimizer].__name__}([p]{args}, foreach=False)"


def changes_text(changes):
    """The options a case sets between steps, as the PyTorch code that sets them."""
    return "".join(f"; before step {k}: " + ", ".join(f"param_groups[0][{key!r}] = {value!r}"
                                                      for key, value in options.items())
                   for k, options in changes.items())


def step_case(name, optimizer, options, params, grads, changes=None):
    """`len(grads)` steps of one optimizer from `params`: p.grad = grads[k], then step().
    `changes` maps a step k (from 2) to the options set in the optimizer's parameter group before
    it, as a learning-rate schedule sets lr: they hold from step k on."""
    changes = changes or {}
    assert all(2 <= k <= len(grads) for k in changes), name
    p = params.clone().requires_grad_(True)
    opt = make(optimizer, p, options)
    lines = [f"op {optimizer}"] + option_lines(options)
    lines += [f"steps {len(grads)}", f"params {floats(params)}".rstrip()]
    for k, grad in enumerate(grads, start=1):
        for key, value in changes.get(k, {}).items():
            assert key in opt.param_groups[0], key
            opt.param_groups[0][key] = value
        lines += option_lines(changes.get(k, {}), f"_{k}")
        p.grad = grad.clone()
        lines.append(f"grad_{k} {floats(grad)}".rstrip())
        try:
            opt.step()
        except RuntimeError as error:
            # PyTorch refuses the step (it may have changed the state on the way): the case ends.
            lines[lines.index(f"steps {len(grads)}")] = f"steps {k}"
            lines.append(f"refused_{k} {error}")
            break
        lines.append(f"params_{k} {floats(p)}".rstrip())
        lines += state_lines(optimizer, opt.state[p], f"_{k}")
    add(name, f"{call_text(optimizer, options)}; each step: p.grad = grad_k, step()"
        f"{changes_text(changes)}", lines)


def random_steps(name, n=9, scale=2.0):
    g = seeded(name)
    params = torch.randn(n, generator=g, dtype=torch.float32) * scale
    grads = [torch.randn(n, generator=g, dtype=torch.float32) * scale for _ in range(STEPS)]
    return params, grads


# Each step's gradient is the first times a factor, so signs flip and sizes change.
FACTORS = (1.0, -0.5, 2.0, 0.25, -1.0)


def edge_cases(optimizer, tag, options):
    # One value, and none at all.
    params, grads = random_steps(f"{tag}_single", n=1)
    step_case(f"{tag}_single", optimizer, options, params, grads)
    step_case(f"{tag}_empty", optimizer, options, torch.zeros(0), [torch.zeros(0)] * 3)
    # Gradients of 0, -0, tiny (their squares vanish, denormals), huge (their squares overflow).
    grad = f32([0.0, -0.0, 1e-30, -1e-38, 1e-45, 1e20, -3e38, 1e-8, 5.0])
    params = f32([1.0, -2.0, 0.5, 3.0, -1.0, 0.0, 2.0, 1e-3, -0.0])
    step_case(f"{tag}_magnitudes", optimizer, options, params, [grad * f for f in FACTORS])
    # NaN and the infinities propagate, in the parameters and in every buffer.
    grad = f32([float("nan"), float("inf"), float("-inf"), 1.0, 0.5])
    params = f32([1.0, 2.0, 3.0, float("nan"), float("inf")])
    step_case(f"{tag}_nonfinite", optimizer, options, params, [grad * f for f in FACTORS[:3]])


def optimizer_cases():
    settings = {
        "sgd": {
            "lr": dict(lr=0.1),
            "momentum": dict(lr=0.05, momentum=0.9),
            "dampening": dict(lr=0.05, momentum=0.9, dampening=0.3),
            # PyTorch checks no range for dampening.
            "dampening_negative": dict(lr=0.05, momentum=0.5, dampening=-0.5),
            "nesterov": dict(lr=0.05, momentum=0.9, nesterov=True),
            "weight_decay": dict(lr=0.1, weight_decay=0.05),
            "weight_decay_momentum": dict(lr=0.1, momentum=0.9, weight_decay=0.05),
            "maximize": dict(lr=0.1, maximize=True),
            "maximize_momentum": dict(lr=0.1, momentum=0.5, maximize=True),
            "lr_0": dict(lr=0.0, momentum=0.9),
            "all": dict(lr=0.02, momentum=0.8, weight_decay=0.1, nesterov=True, maximize=True),
        },
        "rmsprop": {
            "default": dict(),
            "lr": dict(lr=0.1),
            "alpha": dict(alpha=0.9),
            "alpha_0": dict(alpha=0.0),
            "eps": dict(lr=0.05, eps=1e-3),
            "weight_decay": dict(weight_decay=0.1),
            "momentum": dict(momentum=0.9),
            "centered": dict(centered=True),
            "centered_momentum": dict(lr=0.02, momentum=0.5, centered=True),
            "maximize": dict(maximize=True),
            "all": dict(lr=0.05, alpha=0.8, eps=1e-6, weight_decay=0.01, momentum=0.5,
                        centered=True, maximize=True),
        },
        "adam": {
            "default": dict(),
            "lr": dict(lr=0.1),
            "betas": dict(betas=(0.8, 0.99)),
            "betas_0": dict(betas=(0.0, 0.0)),
            "eps": dict(eps=1e-3),
            "weight_decay": dict(weight_decay=0.1),
            "amsgrad": dict(amsgrad=True),
            "maximize": dict(maximize=True),
            "all": dict(lr=0.05, betas=(0.5, 0.9), eps=1e-6, weight_decay=0.01, amsgrad=True,
                        maximize=True),
        },
    }
    for optimizer, table in settings.items():
        for tag, options in table.items():
            name = f"{optimizer}_{tag}"
            step_case(name, optimizer, options, *random_steps(name))
    # Numbers PyTorch's step converts to float32 (`alpha=`, `value=`) are refused beyond its range;
    # those it multiplies by as they are (momentum in mul_, eps in add_) run into the values.
    big = 1e39
    float32_max = float(torch.finfo(torch.float32).max)
    beyond = {
        "sgd": {
            "lr": dict(lr=big),
            "lr_float32_max": dict(lr=float32_max),
            "weight_decay": dict(lr=0.1, weight_decay=big),
            "dampening": dict(lr=0.1, momentum=0.5, dampening=-big),  # from the second step
            "nesterov_momentum": dict(lr=0.1, momentum=big, nesterov=True),
            "momentum": dict(lr=0.1, momentum=big),
        },
        "rmsprop": {
            "lr": dict(lr=big),
            "alpha": dict(alpha=big),
            "weight_decay": dict(weight_decay=big),
            "eps": dict(eps=big),
            "momentum": dict(momentum=big),
        },
        "adam": {
            "lr": dict(lr=big),
            "step_size": dict(lr=1e37, betas=(0.99, 0.999)),  # lr / (1 - 0.99) at step 1
            # lr / (1 - 0.5) is inf at step 1, which c10 lets through; lr / 0.75 is not, at step 2.
            "step_size_second": dict(lr=1e308, betas=(0.5, 0.999)),
            "weight_decay": dict(weight_decay=big),
            "eps": dict(eps=big),
        },
    }
    for optimizer, table in beyond.items():
        for tag, options in table.items():
            name = f"{optimizer}_beyond_float32_{tag}"
            step_case(name, optimizer, options, *random_steps(name, n=3))
    # The edges with every buffer each optimizer can have.
    edge_cases("sgd", "sgd_momentum", dict(lr=0.1, momentum=0.9))
    edge_cases("rmsprop", "rmsprop_centered_momentum", dict(momentum=0.9, centered=True))
    edge_cases("adam", "adam_amsgrad", dict(amsgrad=True))
    # Options set between steps, each to hold from that step on: a learning-rate schedule, every
    # option of each optimizer, and momentum (RMSprop's centered, Adam's amsgrad) turned off and on
    # again, which leaves the buffer as it was and then reads it again. SGD's momentum turned on
    # later starts its buffer from that step's direction, undamped; RMSprop's and Adam's buffers
    # are made on the first step only, so PyTorch cannot turn theirs on later (a KeyError).
    changing = {
        "sgd": {
            "momentum_from_2": (dict(lr=0.1), {2: dict(momentum=0.9)}),
            "dampening_from_3": (dict(lr=0.05), {3: dict(momentum=0.9, dampening=0.3)}),
            "nesterov_from_3": (dict(lr=0.05), {3: dict(momentum=0.9, nesterov=True)}),
            "lr_schedule": (dict(lr=0.1, momentum=0.9), {3: dict(lr=0.05), 5: dict(lr=0.01)}),
            "momentum_off_from_3": (dict(lr=0.1, momentum=0.9),
                                    {3: dict(momentum=0.0), 5: dict(momentum=0.5)}),
            "every_option_changes": (
                dict(lr=0.02, momentum=0.8, weight_decay=0.1, nesterov=True, maximize=True),
                {2: dict(weight_decay=0.0, maximize=False), 3: dict(nesterov=False, dampening=0.2),
                 4: dict(lr=0.05, momentum=0.5)}),
        },
        "rmsprop": {
            "lr_schedule": (dict(lr=0.05), {3: dict(lr=0.02), 5: dict(lr=0.005)}),
            "momentum_off_from_3": (dict(momentum=0.9),
                                    {3: dict(momentum=0.0), 5: dict(momentum=0.5)}),
            "centered_off_from_3": (dict(lr=0.02, centered=True),
                                    {3: dict(centered=False), 5: dict(centered=True)}),
            "every_option_changes": (
                dict(lr=0.05, alpha=0.8, momentum=0.5, maximize=True),
                {2: dict(alpha=0.95, eps=1e-3), 3: dict(weight_decay=0.1, maximize=False),
                 4: dict(lr=0.01, momentum=0.9)}),
        },
        "adam": {
            "lr_schedule": (dict(lr=0.1), {3: dict(lr=0.01), 5: dict(lr=0.001)}),
            "amsgrad_off_from_3": (dict(amsgrad=True),
                                   {3: dict(amsgrad=False), 5: dict(amsgrad=True)}),
            "every_option_changes": (
                dict(lr=0.05, betas=(0.8, 0.99), maximize=True),
                {2: dict(betas=(0.5, 0.9), eps=1e-3), 3: dict(weight_decay=0.1, maximize=False),
                 4: dict(lr=0.01)}),
        },
    }
    for optimizer, table in changing.items():
        for tag, (options, changes) in table.items():
            name = f"{optimizer}_{tag}"
            step_case(name, optimizer, options, *random_steps(name), changes=changes)


def surface_cases():
    points = [(0.0, 0.0), (1.0, 1.0), (-1.5, 2.0), (0.3, -0.7), (2.5, -1.25), (-3.0, -4.0),
              (1000.0, -1000.0), (1e20, 1.0), (float("inf"), 0.0), (float("nan"), 1.0)]
    for surface, f in SURFACES.items():
        for i, (x0, y0) in enumerate(points):
            x = torch.tensor(x0, requires_grad=True)
            y = torch.tensor(y0, requires_grad=True)
            value = f(x, y)
            value.backward()
            lines = [f"op surface", f"surface {surface}", f"point {format_float(x0)} {format_float(y0)}",
                     f"value {format_float(value.item())}",
                     f"gradient {format_float(x.grad.item())} {format_float(y.grad.item())}"]
            add(f"surface_{surface}_{i}", f"{surface} at ({x0}, {y0}) and autograd's gradient", lines)


def descend_case(surface, start, optimizer, options, steps, tag=""):
    """From `start`, `steps` times: the surface and its autograd gradient at p, then step()."""
    name = f"descend_{surface}_{optimizer}{tag}"
    f = SURFACES[surface]
    p = torch.tensor(start, dtype=torch.float32, requires_grad=True)
    opt = make(optimizer, p, options)
    points, values, gradients = [], [], []
    for _ in range(steps):
        opt.zero_grad(set_to_none=True)
        value = f(p[0], p[1])
        value.backward()
        points.append(p.detach().clone())
        values.append(value.detach().clone())
        gradients.append(p.grad.clone())
        opt.step()
    with torch.no_grad():
        points.append(p.detach().clone())
        values.append(f(p[0], p[1]))
    lines = [f"op descend", f"surface {surface}", f"optimizer {optimizer}"] + option_lines(options)
    lines += [f"start {floats(f32(start))}", f"steps {steps}", f"points {floats(torch.stack(points))}",
              f"values {floats(torch.stack(values))}",
              f"gradients {floats(torch.stack(gradients)) if gradients else ''}".rstrip()]
    lines += state_lines(optimizer, opt.state[p], "")
    add(name, f"{call_text(optimizer, options)}; {steps} steps down the {surface} from {start}", lines)


def descend_cases():
    for surface, start in (("bowl", [-2.0, 1.5]), ("ravine", [-2.5, 1.0])):
        descend_case(surface, start, "sgd", dict(lr=0.1), 30)
        descend_case(surface, start, "sgd", dict(lr=0.03, momentum=0.9), 50, "_momentum")
        descend_case(surface, start, "sgd", dict(lr=0.03, momentum=0.9, nesterov=True), 30, "_nesterov")
        descend_case(surface, start, "rmsprop", dict(lr=0.05), 40)
        descend_case(surface, start, "rmsprop", dict(lr=0.02, momentum=0.5, centered=True), 30, "_centered")
        descend_case(surface, start, "adam", dict(lr=0.1), 50)
        descend_case(surface, start, "adam", dict(lr=0.1, amsgrad=True), 30, "_amsgrad")
    start = [-1.5, 2.0]
    descend_case("rosenbrock", start, "sgd", dict(lr=1e-3), 20)
    descend_case("rosenbrock", start, "sgd", dict(lr=5e-4, momentum=0.9), 20, "_momentum")
    descend_case("rosenbrock", start, "rmsprop", dict(lr=1e-3), 20)
    descend_case("rosenbrock", start, "adam", dict(lr=1e-2), 20)
    # No steps: the start alone, and the state a fresh optimizer would begin from.
    descend_case("bowl", [0.5, -0.5], "adam", dict(), 0, "_no_steps")


def write():
    optimizer_cases()
    surface_cases()
    descend_cases()
    write_golden(OUTPUT_PATH, "optim", "optimisers, the loss surfaces and descents", cases)


if __name__ == "__main__":
    torch.set_flush_denormal(False)
    write()
