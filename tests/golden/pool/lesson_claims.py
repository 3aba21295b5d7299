#!/usr/bin/python3
"""Checks, with PyTorch, every claim the pooling lessons and their worked examples make.

Run with a Python that has PyTorch (on this machine: /usr/bin/python3, PyTorch 1.13, CPU):

    /usr/bin/python3 tests/golden/pool/lesson_claims.py

Each check asserts one claim and prints it with the numbers PyTorch gave. A claim that PyTorch
contradicts stops the script with the claim's name. The lessons are in lessons/04-pictures/;
tests/node/lesson-claims.test.mjs checks the same numbers with the course's own core.
"""

import math

import torch
import torch.nn.functional as F

torch.set_default_dtype(torch.float32)
CHECKED = []


def claim(text):
    def run(check):
        check()
        CHECKED.append(text)
        print(f"ok  {text}")
        return check
    return run


def grid(height, width, values):
    return torch.tensor(values, dtype=torch.float32).reshape(1, 1, height, width)


def counting(height, width, start):
    return grid(height, width, [float(start + i) for i in range(height * width)])


def ones(height, width):
    return torch.ones(1, 1, height, width)


def flat(tensor):
    return tensor.detach().flatten().tolist()


def avg_grad(x, grad=None, **options):
    x = x.clone().requires_grad_(True)
    y = F.avg_pool2d(x, **options)
    y.backward(torch.ones_like(y) if grad is None else grad.reshape(y.shape))
    return y.detach(), x.grad


def max_grad(x, grad=None, **options):
    x = x.clone().requires_grad_(True)
    y, indices = F.max_pool2d(x, return_indices=True, **options)
    y.backward(torch.ones_like(y) if grad is None else grad.reshape(y.shape))
    return y.detach(), indices, x.grad


def refuses(call):
    try:
        call()
    except (RuntimeError, TypeError, ValueError) as error:
        return str(error).split("\n")[0]
    raise AssertionError("PyTorch accepted it")


# --- Patches of a picture ---------------------------------------------------------------------

@claim("patches: 0..15, k2 s2 gives 2.5, 4.5, 10.5, 12.5; gradients 4, 8, 12, 16 give cells 1, 2, 3, 4")
def _():
    y, g = avg_grad(counting(4, 4, 0), torch.tensor([4.0, 8, 12, 16]), kernel_size=2, stride=2)
    assert flat(y) == [2.5, 4.5, 10.5, 12.5], flat(y)
    assert flat(g) == [1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4], flat(g)


@claim("patches: a gradient of 10 on the bottom-left output gives cell 13 a quarter, 2.5")
def _():
    _, g = avg_grad(counting(4, 4, 0), torch.tensor([0.0, 0, 10, 0]), kernel_size=2, stride=2)
    assert flat(g)[13] == 2.5


@claim("patches: swapping the second and third columns of 0..15 makes the top-left window 0, 2, 4, 6: 3")
def _():
    swapped = counting(4, 4, 0)[:, :, :, [0, 2, 1, 3]]
    assert flat(swapped)[:4] == [0, 2, 1, 3] and flat(F.avg_pool2d(swapped, 2, 2))[0] == 3


@claim("patches: adding 10 to every cell adds 10 to every output")
def _():
    a = F.avg_pool2d(counting(4, 4, 0), 2, 2)
    b = F.avg_pool2d(counting(4, 4, 0) + 10, 2, 2)
    assert flat(b - a) == [10.0] * 4


@claim("patches: k2 s1 on 4 x 4 gives 3 x 3 outputs; cell 5 is in 4 windows (gradient 4 x 1/4 = 1)")
def _():
    y, g = avg_grad(counting(4, 4, 0), kernel_size=2, stride=1)
    assert list(y.shape[2:]) == [3, 3]
    x = counting(4, 4, 0).requires_grad_(True)
    F.avg_pool2d(x, 2, 1, divisor_override=1).sum().backward()
    assert x.grad.flatten()[5].item() == 4 and g.flatten()[5].item() == 1


@claim("patches: the kernel [[1, -1], [1, -1]] with stride 2 gives -2 on every window of 0..15")
def _():
    w = torch.tensor([[[[1.0, -1.0], [1.0, -1.0]]]])
    assert flat(F.conv2d(counting(4, 4, 0), w, stride=2)) == [-2.0] * 4


@claim("patches: avg pooling equals a grouped convolution (groups = channels) with a frozen 1/4 kernel")
def _():
    torch.manual_seed(0)
    x = torch.rand(1, 3, 4, 4)
    grouped = F.conv2d(x, torch.full((3, 1, 2, 2), 0.25), stride=2, groups=3)
    assert torch.allclose(grouped, F.avg_pool2d(x, 2, 2), atol=1e-6)
    full = F.conv2d(x, torch.full((3, 3, 2, 2), 0.25), stride=2)  # every output reads all channels
    assert torch.allclose(full, F.avg_pool2d(x, 2, 2).sum(1, keepdim=True).expand(1, 3, 2, 2), atol=1e-5)
    assert not torch.allclose(full, F.avg_pool2d(x, 2, 2), atol=1e-3)


@claim("patches: no fixed kernel gives count_include_pad=False: on 3 x 3 ones (k2 s1 p1) every output is 1, "
       "so each corner tap would be 1 and the middle window would give 4")
def _():
    y = F.avg_pool2d(ones(3, 3), 2, 1, 1, count_include_pad=False)
    assert flat(y) == [1.0] * 16
    w = torch.ones(1, 1, 2, 2)  # the only kernel that gets the four corner outputs right
    conv = F.conv2d(ones(3, 3), w, padding=1)
    assert flat(conv)[0] == 1 and flat(conv)[5] == 4


@claim("patches: no fixed kernel gives ceil_mode's partial windows: 5 x 5 ones, k2 s2 ceil_mode gives 1 "
       "everywhere; the 1/4 kernel gives 0.5 on the last row and column and 0.25 in the corner")
def _():
    y = F.avg_pool2d(ones(5, 5), 2, 2, ceil_mode=True)
    assert flat(y) == [1.0] * 9
    conv = F.conv2d(F.pad(ones(5, 5), (0, 1, 0, 1)), torch.full((1, 1, 2, 2), 0.25), stride=2)
    assert flat(conv) == [1, 1, 0.5, 1, 1, 0.5, 0.5, 0.5, 0.25], flat(conv)


# --- Every knob of pooling ---------------------------------------------------------------------

@claim("knobs: kernel_size, stride, padding (and max's dilation) take a pair; divisor_override, ceil_mode "
       "and count_include_pad do not")
def _():
    x = ones(5, 6)
    assert list(F.avg_pool2d(x, (1, 2), (1, 3), (0, 1)).shape[2:]) == [5, 3]
    assert list(F.max_pool2d(x, (2, 2), 1, 0, (1, 2)).shape[2:]) == [4, 4]
    for bad in (dict(divisor_override=(1, 2)), dict(ceil_mode=(True, False)),
                dict(count_include_pad=(True, False))):
        print("    PyTorch says:", refuses(lambda: F.avg_pool2d(x, 2, **bad)))


@claim("knobs: AvgPool2d's docs floor((H + 2p - k) / s + 1) and MaxPool2d's "
       "floor((H + 2p - d(k - 1) - 1) / s + 1) agree with d = 1 and with PyTorch for H 1..12, k 1..4, s 1..3")
def _():
    for h in range(1, 13):
        for k in range(1, 5):
            for s in range(1, 4):
                for p in range(0, k // 2 + 1):
                    if h + 2 * p < k:
                        continue
                    avg_doc = math.floor((h + 2 * p - k) / s + 1)
                    max_doc = math.floor((h + 2 * p - 1 * (k - 1) - 1) / s + 1)
                    got = F.avg_pool2d(ones(h, 1), (k, 1), (s, 1), (p, 0)).shape[2]
                    assert avg_doc == max_doc == got, (h, k, s, p, avg_doc, max_doc, got)


@claim("knobs: AvgPool2d's docstring writes the 1 inside the floor; MaxPool2d's adds dilation")
def _():
    import re
    def formula(cls):
        doc = re.sub(r"\s+", " ", cls.__doc__)
        start = doc.index("H_{out} = ")
        return doc[start:doc.index(".. math::", start)].strip()
    avg_doc, max_doc = formula(torch.nn.AvgPool2d), formula(torch.nn.MaxPool2d)
    print("    AvgPool2d:", avg_doc)
    print("    MaxPool2d:", max_doc)
    assert "- \\text{kernel\\_size}[0]}{\\text{stride}[0]} + 1\\right\\rfloor" in avg_doc
    assert "\\text{dilation[0]} \\times (\\text{kernel\\_size[0]} - 1) - 1}" in max_doc
    assert "dilation" not in avg_doc


@claim("knobs: 4 x 4, k2 s2 p0 gives 2 outputs per side")
def _():
    assert list(F.avg_pool2d(ones(4, 4), 2, 2).shape[2:]) == [2, 2]


@claim("knobs: k3 s1 p1 on 5 x 5: corners are in 4 windows, edges in 6, the middle in 9")
def _():
    x = ones(5, 5).requires_grad_(True)
    F.avg_pool2d(x, 3, 1, 1, divisor_override=1).sum().backward()
    counts = x.grad[0, 0]
    assert counts[0, 0] == 4 and counts[0, 2] == 6 and counts[2, 2] == 9, counts


@claim("knobs: with k2 s2 every cell of a 4 x 4 grid is in exactly one window, with padding 1 or none")
def _():
    for padding in (0, 1):
        x = ones(4, 4).requires_grad_(True)
        F.avg_pool2d(x, 2, 2, padding, divisor_override=1).sum().backward()
        assert (x.grad == 1).all(), (padding, x.grad)


@claim("knobs: ceil_mode's extra window is dropped when it would start past the input with no padding (5, k2 s5)")
def _():
    assert list(F.avg_pool2d(ones(5, 5), 2, 5, ceil_mode=True).shape[2:]) == [1, 1]
    # rounding up alone would give 2: ceil((5 - 2) / 5) + 1
    assert -(-(5 - 2) // 5) + 1 == 2


@claim("knobs: padding 2 with kernel 3 is refused, though every window would still cover a real cell")
def _():
    print("    PyTorch says:", refuses(lambda: F.avg_pool2d(ones(5, 5), 3, 1, 2)))
    # where the windows would be: start -2 covers -2, -1, 0; the last starts at 5 + 2 - 3 = 4
    starts = range(-2, 5 + 2 - 3 - 2 + 1)
    assert all(any(0 <= start + i < 5 for i in range(3)) for start in starts)
    print("    PyTorch says:", refuses(lambda: F.avg_pool2d(ones(4, 4), 2, 2, 2)))


@claim("knobs: 7 x 7 with k3 s1 keeps its size with padding 1, shrinks to 5 x 5 without")
def _():
    assert list(F.avg_pool2d(ones(7, 7), 3, 1, 1).shape[2:]) == [7, 7]
    assert list(F.avg_pool2d(ones(7, 7), 3, 1, 0).shape[2:]) == [5, 5]


@claim("knobs: 5 x 5 1..25, k2 s2 p0 ceil_mode: 3 x 3; the last column's windows divide by 2, the corner by 1 (25)")
def _():
    y = F.avg_pool2d(counting(5, 5, 1), 2, 2, ceil_mode=True)
    assert list(y.shape[2:]) == [3, 3] and flat(y)[2] == (5 + 10) / 2 and flat(y)[8] == 25


@claim("knobs: 5 x 5, k2 s2 p1: 3 x 3 with ceil_mode on or off (the 4th window would start on padding); "
       "corner windows hold 1, 2, 2 and 4 real cells: 0.25, 2.25, 9.25, 22")
def _():
    off = F.avg_pool2d(counting(5, 5, 1), 2, 2, 1)
    on = F.avg_pool2d(counting(5, 5, 1), 2, 2, 1, ceil_mode=True)
    assert list(off.shape[2:]) == list(on.shape[2:]) == [3, 3] and torch.equal(off, on)
    assert flat(off) == [0.25, 1.25, 2.25, 4.25, 10, 12, 9.25, 20, 22], flat(off)
    assert math.floor((5 + 2 - 2 + 2 - 1) / 2) + 1 == 4


@claim("knobs: divisor = input cells + padding cells (if count_include_pad), never the overhang: "
       "4 x 4 ones, k3 s2 p1 ceil_mode gives 3 x 3 and the top-right output is 2/6")
def _():
    y = F.avg_pool2d(ones(4, 4), 3, 2, 1, ceil_mode=True)
    assert list(y.shape[2:]) == [3, 3]
    expected = [4 / 9, 6 / 9, 2 / 6, 6 / 9, 1, 3 / 6, 2 / 6, 3 / 6, 1 / 4]
    assert torch.allclose(y.flatten(), torch.tensor(expected)), flat(y)
    assert sum(1 for v in flat(y) if abs(v - 1) > 1e-6) == 8
    # the same windows without counting the padding: every output is 1
    assert flat(F.avg_pool2d(ones(4, 4), 3, 2, 1, ceil_mode=True, count_include_pad=False)) == [1.0] * 9
    # divisor_override replaces the count for every window
    assert flat(F.avg_pool2d(ones(4, 4), 3, 2, 1, ceil_mode=True, divisor_override=9))[2] - 2 / 9 < 1e-7


@claim("knobs: 1..4 with divisor_override 2 gives 5, each cell's gradient 0.5")
def _():
    y, g = avg_grad(counting(2, 2, 1), kernel_size=2, divisor_override=2)
    assert flat(y) == [5.0] and flat(g) == [0.5] * 4


@claim("knobs: 3 x 3 1..9, k2 s1 p1 gives 4 x 4 starting with 0.25 (1 with count_include_pad off); "
       "every input gradient is 1")
def _():
    y, g = avg_grad(counting(3, 3, 1), kernel_size=2, stride=1, padding=1)
    assert list(y.shape[2:]) == [4, 4] and flat(y)[0] == 0.25 and flat(g) == [1.0] * 9
    assert flat(F.avg_pool2d(counting(3, 3, 1), 2, 1, 1, count_include_pad=False))[0] == 1


@claim("knobs exercise 2: on that grid the next window along the top row holds padding, padding, 1 and 2: "
       "3 / 4 = 0.75 (1.5 by the real cells alone, 3 undivided, 0.25 the corner's)")
def _():
    y, _ = avg_grad(counting(3, 3, 1), kernel_size=2, stride=1, padding=1)
    off = F.avg_pool2d(counting(3, 3, 1), 2, 1, 1, count_include_pad=False)
    divisor_one = F.avg_pool2d(counting(3, 3, 1), 2, 1, 1, divisor_override=1)
    assert flat(y)[1] == 0.75 and flat(off)[1] == 1.5 and flat(divisor_one)[1] == 3 and flat(y)[0] == 0.25


@claim("knobs: the tutorial's AvgPool2d(2, padding=1, count_include_pad=False) on 1..4 gives 1, 2, 3, 4, "
       "not the 2.5 of its comment")
def _():
    y = torch.nn.AvgPool2d(2, padding=1, count_include_pad=False)(counting(2, 2, 1))
    assert flat(y) == [1, 2, 3, 4]


@claim("knobs: one bright pixel (8) on zeros, k2 s2: top-left output 2 while it moves inside the window, "
       "0 once it crosses into the next one (which then gives 2)")
def _():
    def pooled(row, column):
        x = torch.zeros(1, 1, 4, 4)
        x[0, 0, row, column] = 8
        return flat(F.avg_pool2d(x, 2, 2))
    assert pooled(0, 1) == [2, 0, 0, 0]
    assert pooled(1, 0) == [2, 0, 0, 0]
    assert pooled(0, 2) == [0, 2, 0, 0]


# --- Max pooling -------------------------------------------------------------------------------

@claim("max: MaxPool2d has kernel_size, stride, padding, dilation, return_indices, ceil_mode; "
       "AvgPool2d has no dilation or return_indices")
def _():
    import inspect
    max_args = list(inspect.signature(torch.nn.MaxPool2d.__init__).parameters)[1:]
    avg_args = list(inspect.signature(torch.nn.AvgPool2d.__init__).parameters)[1:]
    assert max_args == ["kernel_size", "stride", "padding", "dilation", "return_indices", "ceil_mode"], max_args
    assert set(max_args) - set(avg_args) == {"dilation", "return_indices"}


@claim("max: 3 x 3 1..9, k2 s1 p1: top-left 1, bottom-right 9 where average pooling gives 2.25 (padding never wins)")
def _():
    pooled = flat(F.max_pool2d(counting(3, 3, 1), 2, 1, 1))
    assert pooled[0] == 1 and pooled[15] == 9
    assert flat(F.avg_pool2d(counting(3, 3, 1), 2, 1, 1))[15] == 2.25


@claim("max: the ties-and-overlap grid: the third-row, third-column 4 collects 5 + 6 + 8 + 9 = 28")
def _():
    x = grid(4, 4, [1, 3, 3, 0, 2, 3, 1, 1, 0, 1, 4, 4, 2, 2, 4, 0])
    y, indices, g = max_grad(x, torch.arange(1.0, 10.0), kernel_size=2, stride=1)
    assert flat(indices) == [1, 1, 2, 5, 10, 10, 12, 10, 10] and g[0, 0, 2, 2] == 28


@claim("max: 1..4, k2: the forward pass records index 3, the backward pass sends the gradient there")
def _():
    y, indices, g = max_grad(counting(2, 2, 1), kernel_size=2)
    assert flat(y) == [4] and flat(indices) == [3] and flat(g) == [0, 0, 0, 1]


@claim("max: the tie 5, 5, 1, 2: index 0 wins, the second 5 gets 0; nudging either 5 up by 0.5 moves "
       "the output to 5.5, nudging either down leaves 5; central differences give 0.5 each")
def _():
    values = [5.0, 5.0, 1.0, 2.0]
    y, indices, g = max_grad(grid(2, 2, values), kernel_size=2)
    assert flat(indices) == [0] and flat(g) == [1, 0, 0, 0]

    def out(cell, delta):
        nudged = list(values)
        nudged[cell] += delta
        return flat(F.max_pool2d(grid(2, 2, nudged), 2))[0]
    for cell in (0, 1):
        assert out(cell, 0.5) == 5.5 and out(cell, -0.5) == 5.0
        assert (out(cell, 0.5) - out(cell, -0.5)) / (2 * 0.5) == 0.5
    assert out(2, 0.5) == 5.0 and out(2, -0.5) == 5.0


@claim("max: the tie 1, 7, 7, 2 sends the gradient to index 1 (row 1, column 2), not the 7 in row 2, column 1; "
       "raised to 7.5, that 7 takes it all")
def _():
    assert flat(max_grad(grid(2, 2, [1, 7, 7, 2]), kernel_size=2)[2]) == [0, 1, 0, 0]
    assert flat(max_grad(grid(2, 2, [1, 7, 7.5, 2]), kernel_size=2)[2]) == [0, 0, 1, 0]


@claim("max: one bright pixel (8) on zeros, k2 s2: top-left 8 while it moves inside the window, 0 once it crosses")
def _():
    def pooled(row, column):
        x = torch.zeros(1, 1, 4, 4)
        x[0, 0, row, column] = 8
        return flat(F.max_pool2d(x, 2, 2))
    assert pooled(0, 1) == pooled(1, 1) == [8, 0, 0, 0] and pooled(0, 2) == [0, 8, 0, 0]


@claim("max: a NaN wins over any number, and the index points to the last NaN of the window")
def _():
    nan = float("nan")
    y, indices, g = max_grad(grid(2, 2, [1, nan, nan, 9]), kernel_size=2)
    assert math.isnan(flat(y)[0]) and flat(indices) == [2], (flat(y), flat(indices))
    assert flat(g)[2] == 1 and flat(g)[0] == 0 and flat(g)[3] == 0
    y, indices, _ = max_grad(grid(2, 2, [nan, 1, 9, 3]), kernel_size=2)
    assert math.isnan(flat(y)[0]) and flat(indices) == [0]


@claim("max: 5 x 5 1..25, k2 s1 dilation 2: the window spans 3 x 3, 3 x 3 outputs, top-left 13")
def _():
    y = F.max_pool2d(counting(5, 5, 1), 2, 1, 0, 2)
    assert list(y.shape[2:]) == [3, 3] and flat(y) == [13, 14, 15, 18, 19, 20, 23, 24, 25]


@claim("max: 7 x 7 1..49, k3 s1 dilation 2: span 5, 3 x 3 outputs, top-left 33")
def _():
    y = F.max_pool2d(counting(7, 7, 1), 3, 1, 0, 2)
    assert list(y.shape[2:]) == [3, 3] and flat(y)[0] == 33


# --- Catalogue summaries ------------------------------------------------------------------------

@claim("summaries: ReLU's gradient is exactly 0 below 0; the sigmoid's and tanh's are small but not 0")
def _():
    x = torch.tensor([-10.0, -4.0], requires_grad=True)
    torch.relu(x).sum().backward()
    assert flat(x.grad) == [0, 0]
    for f in (torch.sigmoid, torch.tanh):
        x = torch.tensor([-4.0, 4.0], requires_grad=True)
        f(x).sum().backward()
        assert all(0 < v < 0.02 for v in flat(x.grad)), (f, flat(x.grad))


@claim("summaries: ELU's gradient is about alpha just left of 0 and vanishes far left")
def _():
    x = torch.tensor([-0.001, -20.0], requires_grad=True)
    F.elu(x, alpha=1.0).sum().backward()
    near, far = flat(x.grad)
    assert abs(near - 1.0) < 0.002 and far < 1e-8, (near, far)


@claim("summaries: a recurrent weight above 1 makes the gradient through time grow, below 1 fade")
def _():
    def gradient(weight, steps=30):
        h0 = torch.tensor([0.0], requires_grad=True)
        h = h0
        for _ in range(steps):
            h = weight * h  # the linear part of h_t = tanh(w h_{t-1} + u x_t) near 0
        h.sum().backward()
        return h0.grad.item()
    assert gradient(1.5) > 1e5 and gradient(0.5) < 1e-8


@claim("summaries: TransformerEncoderLayer(512, 8): feed-forward 2,099,712 parameters, attention 1,050,624")
def _():
    layer = torch.nn.TransformerEncoderLayer(512, 8)
    attention = sum(p.numel() for p in layer.self_attn.parameters())
    feed_forward = sum(p.numel() for p in (*layer.linear1.parameters(), *layer.linear2.parameters()))
    assert attention == 1_050_624 and feed_forward == 2_099_712, (attention, feed_forward)


@claim("summaries: PPO's clipped objective has zero gradient once the ratio leaves [1 - eps, 1 + eps] "
       "in the advantage's favour, and the ratio one step reaches is not bounded")
def _():
    eps = 0.2
    for advantage, log_ratio in ((1.0, math.log(1.5)), (-1.0, math.log(0.5))):
        lr = torch.tensor(log_ratio, requires_grad=True)
        ratio = lr.exp()
        objective = torch.min(ratio * advantage, ratio.clamp(1 - eps, 1 + eps) * advantage)
        objective.backward()
        assert lr.grad.item() == 0.0
    # inside the range the gradient is the plain policy gradient, and a big learning rate
    # carries the ratio well past 1 + eps in one step
    lr = torch.tensor(0.0, requires_grad=True)
    ratio = lr.exp()
    torch.min(ratio * 1.0, ratio.clamp(1 - eps, 1 + eps) * 1.0).backward()
    assert lr.grad.item() == 1.0
    assert math.exp(0.0 + 1.0 * lr.grad.item()) > 1 + eps


print(f"\n{len(CHECKED)} claims hold with PyTorch {torch.__version__}")
