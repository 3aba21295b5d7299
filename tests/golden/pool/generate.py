#!/usr/bin/python3
"""Writes pool2d.golden: what PyTorch answers for 2-D pooling, forward and backward.

Run with a Python that has PyTorch (on this machine: /usr/bin/python3 tests/golden/pool/generate.py).
The output is committed, so the C++ and Node tests never need PyTorch. The format is described
in README.md next to this file.

Every random tensor is drawn from a generator seeded by the case's name, so adding, removing or
reordering cases leaves the other cases' numbers unchanged.
"""

import pathlib
import sys

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from golden_text import floats, format_float, ints, seeded  # noqa: E402

OUTPUT_PATH = pathlib.Path(__file__).with_name("pool2d.golden")

NAN = float("nan")
INF = float("inf")

cases = []  # one dict per case, in file order


# ---- helpers --------------------------------------------------------------------------------

def pair(value):
    """PyTorch accepts an int or an (h, w) pair for every size argument."""
    if isinstance(value, (tuple, list)):
        return int(value[0]), int(value[1])
    return int(value), int(value)




def randn(name, *shape):
    return torch.randn(*shape, generator=seeded(name), dtype=torch.float32)


def arange(*shape, start=0.0):
    count = int(np.prod(shape))
    return torch.arange(start, start + count, dtype=torch.float32).reshape(*shape)


def tensor(rows, batch_dims=(1, 1)):
    """A tensor from nested lists of one plane, given leading dims of size one."""
    plane = torch.tensor(rows, dtype=torch.float32)
    return plane.reshape(*batch_dims, *plane.shape)


def grad_for(name, shape, grad):
    if grad == "randn":
        return torch.randn(*shape, generator=seeded(name + "/grad"), dtype=torch.float32)
    if grad == "ones":
        return torch.ones(*shape, dtype=torch.float32)
    given = torch.as_tensor(grad, dtype=torch.float32)
    assert given.numel() == int(np.prod(shape)), "explicit grad_output has the wrong size"
    return given.reshape(shape)








def expected_side(size, k, s, p, d, ceil_mode):
    """PyTorch's output-size rule; checked against every case's real output shape."""
    out = (size + 2 * p - d * (k - 1) - 1 + (s - 1 if ceil_mode else 0)) // s + 1
    if ceil_mode and (out - 1) * s >= size + p:
        out -= 1
    return out


def forward_backward(name, x, grad, run):
    """Runs `run` on a leaf copy of x; returns (output, indices or None, grad_output, grad_input)."""
    leaf = x.clone().requires_grad_(True)
    result = run(leaf)
    output, indices = result if isinstance(result, tuple) else (result, None)
    grad_output = grad_for(name, output.shape, grad)
    (grad_input,) = torch.autograd.grad(output, leaf, grad_output)
    return output, indices, grad_output, grad_input


def add_case(name, op, x, fields, comment, output, indices, grad_output, grad_input):
    assert all(c["name"] != name for c in cases), "duplicate case name " + name
    assert x.dim() in (3, 4) and x.dtype == torch.float32
    cases.append(dict(name=name, op=op, x=x, fields=fields, comment=comment, output=output,
                      indices=indices, grad_output=grad_output, grad_input=grad_input))


# ---- the four operations --------------------------------------------------------------------

def avg(name, x, kernel, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
        divisor_override=None, grad="randn"):
    kh, kw = pair(kernel)
    sh, sw = pair(kernel if stride is None else stride)
    ph, pw = pair(padding)
    output, _, grad_output, grad_input = forward_backward(name, x, grad, lambda leaf: F.avg_pool2d(
        leaf, kernel, stride, padding, ceil_mode, count_include_pad, divisor_override))
    assert tuple(output.shape[-2:]) == (expected_side(x.shape[-2], kh, sh, ph, 1, ceil_mode),
                                        expected_side(x.shape[-1], kw, sw, pw, 1, ceil_mode)), name
    fields = [("kernel", ints((kh, kw))), ("stride", ints((sh, sw))), ("padding", ints((ph, pw))),
              ("dilation", "1 1"), ("ceil_mode", int(ceil_mode)),
              ("count_include_pad", int(count_include_pad)),
              ("divisor_override", 0 if divisor_override is None else int(divisor_override))]
    comment = (f"F.avg_pool2d(x, kernel_size={kernel!r}, stride={stride!r}, padding={padding!r}, "
               f"ceil_mode={ceil_mode}, count_include_pad={count_include_pad}, "
               f"divisor_override={divisor_override!r})")
    add_case(name, "avg_pool2d", x, fields, comment, output, None, grad_output, grad_input)


def max_(name, x, kernel, stride=None, padding=0, dilation=1, ceil_mode=False, grad="randn"):
    kh, kw = pair(kernel)
    sh, sw = pair(kernel if stride is None else stride)
    ph, pw = pair(padding)
    dh, dw = pair(dilation)
    output, indices, grad_output, grad_input = forward_backward(name, x, grad, lambda leaf: F.max_pool2d(
        leaf, kernel, stride, padding, dilation, ceil_mode, return_indices=True))
    assert tuple(output.shape[-2:]) == (expected_side(x.shape[-2], kh, sh, ph, dh, ceil_mode),
                                        expected_side(x.shape[-1], kw, sw, pw, dw, ceil_mode)), name
    fields = [("kernel", ints((kh, kw))), ("stride", ints((sh, sw))), ("padding", ints((ph, pw))),
              ("dilation", ints((dh, dw))), ("ceil_mode", int(ceil_mode))]
    comment = (f"F.max_pool2d(x, kernel_size={kernel!r}, stride={stride!r}, padding={padding!r}, "
               f"dilation={dilation!r}, ceil_mode={ceil_mode}, return_indices=True)")
    add_case(name, "max_pool2d", x, fields, comment, output, indices, grad_output, grad_input)


def output_sides(x, output_size):
    """The output's (h, w): a side PyTorch got as None keeps the input's size."""
    if not isinstance(output_size, (tuple, list)):
        return pair(output_size)
    return tuple(int(x.shape[-2 + i]) if side is None else int(side) for i, side in enumerate(output_size))


def output_size_field(output_size):
    """output_size as PyTorch got it: 2 ints, or `none` for a side given as None."""
    if not isinstance(output_size, (tuple, list)):
        return ints(pair(output_size))
    return " ".join("none" if side is None else str(int(side)) for side in output_size)


def adaptive_avg(name, x, output_size, grad="randn"):
    output, _, grad_output, grad_input = forward_backward(
        name, x, grad, lambda leaf: F.adaptive_avg_pool2d(leaf, output_size))
    assert tuple(output.shape[-2:]) == output_sides(x, output_size), name
    add_case(name, "adaptive_avg_pool2d", x, [("output_size", output_size_field(output_size))],
             f"F.adaptive_avg_pool2d(x, output_size={output_size!r})",
             output, None, grad_output, grad_input)


def adaptive_max(name, x, output_size, grad="randn"):
    output, indices, grad_output, grad_input = forward_backward(
        name, x, grad, lambda leaf: F.adaptive_max_pool2d(leaf, output_size, return_indices=True))
    assert tuple(output.shape[-2:]) == output_sides(x, output_size), name
    add_case(name, "adaptive_max_pool2d", x, [("output_size", output_size_field(output_size))],
             f"F.adaptive_max_pool2d(x, output_size={output_size!r}, return_indices=True)",
             output, indices, grad_output, grad_input)


# ---- average pooling ------------------------------------------------------------------------

def average_cases():
    # The lesson's example: 0..15 in a 4x4 plane, 2x2 windows.
    avg("avg_lesson_4x4_k2_s2", arange(1, 1, 4, 4), 2, 2, grad=[4, 8, 12, 16])

    # Stride omitted (defaults to the kernel) versus given.
    avg("avg_k2_stride_none", randn("avg_k2_stride_none", 1, 1, 6, 6), 2)
    avg("avg_k3_stride_none_5x5", arange(1, 1, 5, 5), 3, grad="ones")
    avg("avg_k3_s2", randn("avg_k3_s2", 1, 1, 7, 7), 3, 2)
    avg("avg_k3_s1_overlap", randn("avg_k3_s1_overlap", 1, 1, 5, 5), 3, 1)
    avg("avg_k2_s1_overlap_small_ints", arange(1, 1, 4, 4), 2, 1, grad="ones")
    avg("avg_k2_s3_skips_cells", randn("avg_k2_s3_skips_cells", 1, 1, 7, 7), 2, 3)

    # Padding, counted in the divisor or not.
    small = tensor([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]])
    avg("avg_k3_s1_p1_include_pad_small_ints", small, 3, 1, 1, count_include_pad=True, grad="ones")
    avg("avg_k3_s1_p1_exclude_pad_small_ints", small, 3, 1, 1, count_include_pad=False, grad="ones")
    x = randn("avg_k3_s2_p1", 1, 2, 5, 5)
    avg("avg_k3_s2_p1_include_pad", x, 3, 2, 1, count_include_pad=True)
    avg("avg_k3_s2_p1_exclude_pad", x, 3, 2, 1, count_include_pad=False)
    x = randn("avg_k3_p1x0", 1, 1, 5, 6)
    avg("avg_k3_s1_p1x0_include_pad", x, 3, 1, (1, 0), count_include_pad=True)
    avg("avg_k3_s1_p1x0_exclude_pad", x, 3, 1, (1, 0), count_include_pad=False)
    x = randn("avg_k2x3_p0x1", 1, 1, 4, 7)
    avg("avg_k2x3_s2_p0x1_include_pad", x, (2, 3), 2, (0, 1), count_include_pad=True)
    avg("avg_k2x3_s2_p0x1_exclude_pad", x, (2, 3), 2, (0, 1), count_include_pad=False)
    x = randn("avg_k2_s2_p1", 1, 1, 5, 5)
    avg("avg_k2_s2_p1_include_pad", x, 2, 2, 1, count_include_pad=True)
    avg("avg_k2_s2_p1_exclude_pad", x, 2, 2, 1, count_include_pad=False)
    # A kernel larger than the input, made legal by padding: one window covers everything.
    x = randn("avg_k7_p3_on_5x5", 1, 1, 5, 5)
    avg("avg_k7_p3_on_5x5_include_pad", x, 7, 1, 3, count_include_pad=True)
    avg("avg_k7_p3_on_5x5_exclude_pad", x, 7, 1, 3, count_include_pad=False)

    # ceil_mode: a partial last window with no padding; the divisor is the clipped window.
    ones = torch.ones(1, 1, 5, 5)
    avg("avg_k2_s2_ceil_partial_window_ones", ones, 2, 2, ceil_mode=True, grad="ones")
    x = randn("avg_k2_s2_ceil_partial_window", 1, 1, 5, 5)
    avg("avg_k2_s2_ceil_partial_window_include_pad", x, 2, 2, ceil_mode=True, count_include_pad=True)
    avg("avg_k2_s2_ceil_partial_window_exclude_pad", x, 2, 2, ceil_mode=True, count_include_pad=False)
    # ceil_mode with padding: the last window sticks out past the right padding; with
    # count_include_pad the divisor counts cells only up to H + pad.
    avg("avg_k3_s2_p1_ceil_past_padding_ones_include_pad", torch.ones(1, 1, 4, 4), 3, 2, 1,
        ceil_mode=True, count_include_pad=True, grad="ones")
    avg("avg_k3_s2_p1_ceil_past_padding_ints_include_pad", arange(1, 1, 4, 4), 3, 2, 1,
        ceil_mode=True, count_include_pad=True, grad="ones")
    x = randn("avg_k3_s2_p1_ceil_past_padding", 1, 1, 6, 4)
    avg("avg_k3_s2_p1_ceil_past_padding_include_pad", x, 3, 2, 1, ceil_mode=True, count_include_pad=True)
    avg("avg_k3_s2_p1_ceil_past_padding_exclude_pad", x, 3, 2, 1, ceil_mode=True, count_include_pad=False)
    # ceil_mode's extra window would start inside the right padding, so PyTorch drops it and
    # the shape equals floor mode's (5 -> 2 for k3 s3 p1; 4 -> 2 for k2 s3 p1).
    x = randn("avg_ceil_window_dropped_k3_s3_p1", 1, 1, 5, 5)
    avg("avg_ceil_window_dropped_k3_s3_p1", x, 3, 3, 1, ceil_mode=True)
    avg("avg_ceil_window_dropped_k3_s3_p1_floor", x, 3, 3, 1, ceil_mode=False)
    avg("avg_ceil_window_dropped_k2_s3_p1", randn("avg_ceil_window_dropped_k2_s3_p1", 1, 1, 4, 4),
        2, 3, 1, ceil_mode=True, count_include_pad=False)
    # ceil_mode that changes nothing (the windows tile the input exactly).
    avg("avg_k2_s2_ceil_exact_fit", randn("avg_k2_s2_ceil_exact_fit", 1, 1, 4, 6), 2, 2, ceil_mode=True)
    # ceil_mode on one side only (5 rows fit exactly, 7 columns leave a partial window).
    avg("avg_k2x3_s1x2_ceil_5x7", randn("avg_k2x3_s1x2_ceil_5x7", 1, 1, 5, 7), (2, 3), (1, 2),
        ceil_mode=True)

    # divisor_override replaces the divisor, whatever the window and padding.
    x = randn("avg_divisor", 1, 1, 5, 5)
    avg("avg_divisor_3", x, 2, 2, divisor_override=3)
    avg("avg_divisor_minus_2", x, 2, 2, divisor_override=-2)
    avg("avg_divisor_3_p1_include_pad", x, 3, 2, 1, divisor_override=3)
    avg("avg_divisor_3_p1_exclude_pad", x, 3, 2, 1, count_include_pad=False, divisor_override=3)
    avg("avg_divisor_minus_2_p1", x, 3, 2, 1, divisor_override=-2)
    avg("avg_divisor_1_ceil", x, 2, 2, ceil_mode=True, divisor_override=1)
    avg("avg_divisor_3_p1_ceil", x, 3, 2, 1, ceil_mode=True, count_include_pad=False,
        divisor_override=3)
    avg("avg_divisor_5_small_ints", small, 2, 2, divisor_override=5, grad="ones")

    # Non-square kernels, strides and inputs.
    avg("avg_k2x3_s1x2_5x7", randn("avg_k2x3_s1x2_5x7", 1, 1, 5, 7), (2, 3), (1, 2))
    avg("avg_k3x1_s1_4x6", randn("avg_k3x1_s1_4x6", 1, 1, 4, 6), (3, 1), 1)
    avg("avg_k1x3_s2x1_6x5", randn("avg_k1x3_s2x1_6x5", 1, 1, 6, 5), (1, 3), (2, 1))
    avg("avg_k1x3_s1x2_one_row", randn("avg_k1x3_s1x2_one_row", 1, 1, 1, 7), (1, 3), (1, 2))

    # Rank 3 (C, H, W) and rank 4 with several images and channels.
    avg("avg_rank3_k2", randn("avg_rank3_k2", 2, 4, 4), 2)
    avg("avg_rank3_k3_s2_p1_exclude_pad", randn("avg_rank3_k3_s2_p1_exclude_pad", 3, 5, 6), 3, 2, 1,
        count_include_pad=False)
    avg("avg_rank3_small_ints", arange(2, 3, 4), 2, 1, grad="ones")
    avg("avg_n2_c3_k2_s1", randn("avg_n2_c3_k2_s1", 2, 3, 4, 5), 2, 1)
    avg("avg_n2_c2_k3_s2_p1_ceil", randn("avg_n2_c2_k3_s2_p1_ceil", 2, 2, 6, 6), 3, 2, 1,
        ceil_mode=True, count_include_pad=True)
    avg("avg_n3_c1_k2x2_s1x2_p1x0_exclude_pad", randn("avg_n3_c1_k2x2_s1x2_p1x0", 3, 1, 3, 4),
        2, (1, 2), (1, 0), count_include_pad=False)

    # Kernel equal to the input (global average) and 1x1 kernels.
    avg("avg_global_kernel_equals_input", randn("avg_global_kernel_equals_input", 1, 2, 5, 6), (5, 6))
    avg("avg_k1_identity", randn("avg_k1_identity", 1, 1, 3, 4), 1)
    avg("avg_k1_s2_subsample", arange(1, 1, 5, 5), 1, 2, grad="ones")
    avg("avg_single_cell_input", tensor([[7.5]]), 1)

    # Non-finite inputs: NaN and infinities spread into every window that holds them.
    avg("avg_nan_one_window", tensor([[1, 2, 3, 4], [5, NAN, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]),
        2, 2, grad="ones")
    avg("avg_nan_overlapping_windows", tensor([[1, 2, 3], [4, NAN, 6], [7, 8, 9]]), 2, 1, grad="ones")
    avg("avg_inf_and_minus_inf", tensor([[INF, 1, -INF, 2], [3, 4, 5, 6], [INF, -INF, 7, 8], [1, 1, 1, 1]]),
        2, 2, grad="ones")
    avg("avg_inf_with_padding_exclude", tensor([[INF, 1, 2], [3, 4, 5], [6, 7, -INF]]), 3, 1, 1,
        count_include_pad=False)


# ---- max pooling ----------------------------------------------------------------------------

def max_cases():
    max_("max_k2_stride_none_small_ints", arange(1, 1, 4, 4), 2, grad="ones")
    max_("max_k2_s2", randn("max_k2_s2", 1, 1, 6, 6), 2, 2)
    max_("max_k3_s2", randn("max_k3_s2", 1, 1, 7, 7), 3, 2)
    max_("max_k2_s3_skips_cells", randn("max_k2_s3_skips_cells", 1, 1, 7, 7), 2, 3)

    # Overlapping windows: one cell is the maximum of several windows, so its gradients add.
    peak = tensor([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 99, 13, 14], [15, 16, 17, 18, 19],
                   [20, 21, 22, 23, 24]])
    max_("max_k3_s1_overlap_peak_ones", peak, 3, 1, grad="ones")
    max_("max_k3_s1_overlap", randn("max_k3_s1_overlap", 1, 1, 6, 6), 3, 1)
    max_("max_k2_s1_overlap_small_ints", arange(1, 1, 4, 4), 2, 1, grad="ones")

    # Padding never wins: every real value is negative, so a padded zero would beat it.
    negative = arange(1, 1, 4, 4, start=-16.0)
    max_("max_k3_s1_p1_all_negative", negative, 3, 1, 1, grad="ones")
    max_("max_k2_s2_p1_all_negative", negative, 2, 2, 1)
    max_("max_k3_s2_p1_all_negative_randn", -randn("max_k3_s2_p1_all_negative", 1, 1, 5, 5).abs() - 0.5,
         3, 2, 1)
    max_("max_k3_s2_p1", randn("max_k3_s2_p1", 1, 1, 5, 5), 3, 2, 1)
    max_("max_k3_s1_p1x0", randn("max_k3_s1_p1x0", 1, 1, 4, 5), 3, 1, (1, 0))
    max_("max_k2x4_s1x2_p0x2", randn("max_k2x4_s1x2_p0x2", 1, 1, 4, 6), (2, 4), (1, 2), (0, 2))

    # Dilation.
    max_("max_k3_d2", randn("max_k3_d2", 1, 1, 7, 7), 3, 1, 0, 2)
    max_("max_k2_s2_d2", randn("max_k2_s2_d2", 1, 1, 6, 6), 2, 2, 0, 2)
    max_("max_k2x3_d2x1_p1", randn("max_k2x3_d2x1_p1", 1, 1, 6, 7), (2, 3), 1, 1, (2, 1))
    max_("max_k3_s2_p1_d2_ceil", randn("max_k3_s2_p1_d2_ceil", 1, 1, 8, 8), 3, 2, 1, 2, ceil_mode=True)
    max_("max_k2_d3_small_ints", arange(1, 1, 5, 5), 2, 1, 0, 3, grad="ones")
    max_("max_k3_d2_p1_all_negative", arange(1, 1, 5, 5, start=-30.0), 3, 1, 1, 2, grad="ones")

    # ceil_mode: partial last windows, a dropped window, a window past the padding.
    max_("max_k2_s2_ceil_partial_window", randn("max_k2_s2_ceil_partial_window", 1, 1, 5, 5), 2, 2,
         ceil_mode=True)
    max_("max_k2_s2_ceil_partial_window_small_ints", arange(1, 1, 5, 5), 2, 2, ceil_mode=True,
         grad="ones")
    max_("max_ceil_window_dropped_k3_s3_p1", randn("max_ceil_window_dropped_k3_s3_p1", 1, 1, 5, 5),
         3, 3, 1, ceil_mode=True)
    max_("max_k3_s2_p1_ceil_past_padding_all_negative", arange(1, 1, 4, 4, start=-16.0), 3, 2, 1,
         ceil_mode=True, grad="ones")
    max_("max_k2x3_s1x2_ceil_5x7", randn("max_k2x3_s1x2_ceil_5x7", 1, 1, 5, 7), (2, 3), (1, 2),
         ceil_mode=True)

    # Ties: the first maximum in row-major window order wins.
    max_("max_tie_all_equal", torch.ones(1, 1, 4, 4), 2, 2, grad="ones")
    max_("max_tie_all_equal_overlap", torch.full((1, 1, 4, 4), 3.0), 3, 1, grad="ones")
    max_("max_tie_pairs", tensor([[1, 5, 5, 2], [5, 0, 2, 2], [4, 4, 1, 3], [4, 4, 3, 0]]), 2, 2)
    max_("max_tie_overlap_row", tensor([[2, 2, 2, 2, 2], [0, 0, 0, 0, 0], [2, 0, 2, 0, 2]]), 2, 1)
    max_("max_tie_negative_zero_first", tensor([[-0.0, 0.0], [0.0, -0.0]]), 2, 2)
    max_("max_tie_zero_first", tensor([[0.0, -0.0], [-0.0, 0.0]]), 2, 2)

    # NaN: any NaN takes over the running maximum, so the last NaN in a window is reported.
    max_("max_nan_one_window", tensor([[1, 2, 3, 4], [5, NAN, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]),
         2, 2, grad="ones")
    max_("max_nan_then_bigger_value", tensor([[NAN, 9], [1, 2]]), 2, 2)
    max_("max_two_nans_last_wins", tensor([[1, NAN, 2], [NAN, 5, 3]]), (2, 3))
    max_("max_nan_overlapping_windows", tensor([[1, 2, 3, 4], [5, NAN, 7, 8], [9, 10, NAN, 12],
                                                [13, 14, 15, 16]]), 3, 1)
    max_("max_nan_with_padding", tensor([[NAN, -1, -2], [-3, -4, -5], [-6, -7, NAN]]), 2, 2, 1)
    max_("max_nan_and_inf", tensor([[INF, NAN], [1, INF]]), 2, 1, 1)

    # Infinities: a window of -inf reports its first cell; +inf wins.
    max_("max_minus_inf_everywhere", torch.full((1, 1, 3, 3), -INF), 2, 1)
    max_("max_minus_inf_with_padding", torch.full((1, 1, 3, 4), -INF), 3, 2, 1)
    max_("max_minus_inf_one_window", tensor([[-INF, -INF, 1, 2], [-INF, -INF, 3, 4]]), 2, 2)
    max_("max_plus_inf", tensor([[1, INF, 3], [INF, 5, 6], [7, 8, INF]]), 2, 1)

    # Non-square, rank 3, rank 4, global, 1x1.
    max_("max_k2x3_s1x2_5x7", randn("max_k2x3_s1x2_5x7", 1, 1, 5, 7), (2, 3), (1, 2))
    max_("max_k3x2_s2x1_p1x0", randn("max_k3x2_s2x1_p1x0", 1, 1, 6, 5), (3, 2), (2, 1), (1, 0))
    max_("max_rank3_k2_s1", randn("max_rank3_k2_s1", 3, 5, 5), 2, 1)
    max_("max_rank3_k3_s2_p1_ceil", randn("max_rank3_k3_s2_p1_ceil", 2, 6, 5), 3, 2, 1, ceil_mode=True)
    max_("max_n2_c3_k3_s2_p1", randn("max_n2_c3_k3_s2_p1", 2, 3, 5, 4), 3, 2, 1)
    max_("max_n2_c2_k2_s1_d2", randn("max_n2_c2_k2_s1_d2", 2, 2, 5, 5), 2, 1, 0, 2)
    max_("max_global_kernel_equals_input", randn("max_global_kernel_equals_input", 1, 2, 4, 6), (4, 6))
    max_("max_k1_identity", randn("max_k1_identity", 1, 1, 3, 4), 1)
    max_("max_k1_s2_subsample", arange(1, 1, 5, 5), 1, 2, grad="ones")
    max_("max_single_cell_input", tensor([[-2.25]]), 1)


# ---- adaptive pooling -----------------------------------------------------------------------

def adaptive_cases():
    for op, add in (("adaptive_avg", adaptive_avg), ("adaptive_max", adaptive_max)):
        add(f"{op}_4x4_to_2x2_small_ints", arange(1, 1, 4, 4), 2, grad="ones")
        add(f"{op}_6x6_to_3x3", randn(f"{op}_6x6_to_3x3", 1, 1, 6, 6), 3)
        add(f"{op}_5x7_to_3x2", randn(f"{op}_5x7_to_3x2", 1, 1, 5, 7), (3, 2))
        add(f"{op}_5x7_to_3x2_small_ints", arange(1, 1, 5, 7), (3, 2), grad="ones")
        add(f"{op}_7x5_to_2x3", randn(f"{op}_7x5_to_2x3", 1, 1, 7, 5), (2, 3))
        add(f"{op}_10x10_to_3x3_overlap", randn(f"{op}_10x10_to_3x3_overlap", 1, 1, 10, 10), 3)
        add(f"{op}_global_1x1", randn(f"{op}_global_1x1", 1, 3, 5, 6), 1)
        add(f"{op}_3x3_to_5x4_upsample", arange(1, 1, 3, 3), (5, 4), grad="ones")
        add(f"{op}_4x6_to_6x3_mixed", randn(f"{op}_4x6_to_6x3_mixed", 1, 1, 4, 6), (6, 3))
        add(f"{op}_same_size_identity", randn(f"{op}_same_size_identity", 1, 1, 3, 4), (3, 4))
        add(f"{op}_one_row_1x9_to_1x4", randn(f"{op}_one_row_1x9_to_1x4", 1, 1, 1, 9), (1, 4))
        add(f"{op}_rank3_5x7_to_3x4", randn(f"{op}_rank3_5x7_to_3x4", 2, 5, 7), (3, 4))
        add(f"{op}_n2_c3_6x5_to_4x3", randn(f"{op}_n2_c3_6x5_to_4x3", 2, 3, 6, 5), (4, 3))
        add(f"{op}_nan_and_inf", tensor([[1, NAN, 3, 4], [5, 6, 7, 8], [INF, 1, -INF, 2], [3, 4, 5, INF]]),
            (2, 3), grad="ones")

    # A side given as None keeps the input's size.
    for op, add in (("adaptive_avg", adaptive_avg), ("adaptive_max", adaptive_max)):
        add(f"{op}_none_height_2x8x8x8_to_8x7", randn(f"{op}_none_height_2x8x8x8_to_8x7", 2, 8, 8, 8), (None, 7))
        add(f"{op}_none_width_5x7_to_3x7", randn(f"{op}_none_width_5x7_to_3x7", 1, 1, 5, 7), (3, None))
        add(f"{op}_none_both_3x4", randn(f"{op}_none_both_3x4", 2, 3, 4), (None, None))

    adaptive_max("adaptive_max_tie_all_equal", torch.full((1, 1, 5, 5), 2.0), 3, grad="ones")
    adaptive_max("adaptive_max_tie_pairs", tensor([[4, 1, 4], [4, 4, 0], [2, 2, 2]]), 2)
    adaptive_max("adaptive_max_two_nans_last_wins", tensor([[NAN, 1, 2], [3, NAN, 9], [0, 0, 0]]), 1)
    adaptive_max("adaptive_max_nan_overlapping_windows",
                 tensor([[1, 2, 3, 4, 5], [6, 7, NAN, 9, 10], [11, 12, 13, 14, 15]]), (2, 3))
    adaptive_max("adaptive_max_minus_inf_everywhere", torch.full((1, 1, 4, 4), -INF), (3, 3))
    adaptive_max("adaptive_max_all_negative", arange(1, 1, 5, 5, start=-25.0), (2, 3), grad="ones")


# ---- a sweep of small random settings -------------------------------------------------------

def sweep_cases():
    """Random 5x6 inputs (two channels) under each ceil_mode and count_include_pad; in both
    settings ceil_mode adds a window on one side only."""
    for k, s, p in ((3, 2, 1), (4, 3, 2)):
        for ceil_mode in (False, True):
            tag = f"k{k}_s{s}_p{p}_{'ceil' if ceil_mode else 'floor'}"
            x = randn("sweep_" + tag, 1, 2, 5, 6)
            for count_include_pad in ((True, False) if p else (True,)):
                pad_tag = "_exclude_pad" if not count_include_pad else ""
                avg(f"sweep_avg_{tag}{pad_tag}", x, k, s, p, ceil_mode, count_include_pad)
            max_(f"sweep_max_{tag}", x, k, s, p, 1, ceil_mode)


def wide_cases():
    """Inputs wide enough for the four-lane kernels' groups of sixteen outputs and every kind of
    tail, with NaN, infinities and ties sprinkled in, so PyTorch itself checks the SIMD paths."""
    def sprinkled(name, *shape):
        x = randn(name, *shape)
        flat = x.view(-1)
        g = seeded(name + "_specials")
        picks = torch.randint(0, flat.numel(), (flat.numel() // 25,), generator=g)
        for i, index in enumerate(picks.tolist()):
            flat[index] = (float("nan"), float("inf"), float("-inf"), 0.5, 0.5, -0.0)[i % 6]
        return x

    x = sprinkled("wide_s1", 1, 2, 9, 70)
    avg("wide_avg_k3_s1_p1", x, 3, 1, 1)
    avg("wide_avg_k3_s1_p1_exclude_pad", x, 3, 1, 1, count_include_pad=False)
    avg("wide_avg_k2x5_s2x1_p1x2_ceil", x, (2, 5), (2, 1), (1, 2), ceil_mode=True)
    max_("wide_max_k3_s1_p1", x, 3, 1, 1)
    max_("wide_max_k3_s1_p1_dilated", x, 3, 1, 1, dilation=(1, 2))
    y = sprinkled("wide_k2s2", 2, 3, 8, 70)
    avg("wide_avg_k2_s2", y, 2, 2)
    avg("wide_avg_k2_s2_divisor_3", y, 2, 2, divisor_override=3)
    max_("wide_max_k2_s2", y, 2, 2)


def empty_batch_cases():
    """An empty batch: PyTorch 1.13 returns an empty output of the pooled shape, and an empty
    gradient. Which dimensions may be 0 is PyTorch's to say; the calls it refuses are asserted
    here (a refused call has no case) and the core refuses them too."""
    avg("avg_empty_batch_n0_c2_k3_s2_p1", torch.zeros(0, 2, 5, 5), 3, 2, 1)
    max_("max_empty_batch_n0_c2_k3_s2_p1", torch.zeros(0, 2, 5, 5), 3, 2, 1)
    for op, add in (("adaptive_avg", adaptive_avg), ("adaptive_max", adaptive_max)):
        add(f"{op}_empty_batch_n0_c2_5x7_to_3x2", torch.zeros(0, 2, 5, 7), (3, 2))
        # Adaptive pooling's batch is the first dimension of either rank: C of (C, H, W).
        add(f"{op}_empty_rank3_c0_5x7_to_3x2", torch.zeros(0, 5, 7), (3, 2))

    def refuses(message, run):
        try:
            run()
        except RuntimeError as error:
            assert message in str(error), str(error)
            return
        raise AssertionError("PyTorch took what it should refuse: " + message)

    def backward(run, shape):
        leaf = torch.zeros(*shape, requires_grad=True)
        output = run(leaf)
        output = output[0] if isinstance(output, tuple) else output
        torch.autograd.grad(output, leaf, torch.zeros_like(output))

    # Average and max pooling (with or without indices, with or without autograd, and their
    # backward kernels called directly) take an empty N of (N, C, H, W) only: C, H or W of 0,
    # or any 0 in (C, H, W), is refused.
    aten = torch.ops.aten
    for shape in ((1, 0, 4, 4), (0, 0, 4, 4), (1, 1, 0, 4), (1, 1, 4, 0), (0, 4, 4), (1, 0, 4), (1, 4, 0)):
        message = f"Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:{list(shape)}"
        for requires_grad in (False, True):
            x = torch.zeros(*shape, requires_grad=requires_grad)
            refuses(message, lambda: F.avg_pool2d(x, 2))
            refuses(message, lambda: F.max_pool2d(x, 2))
            refuses(message, lambda: F.max_pool2d(x, 2, return_indices=True))
        x = torch.zeros(*shape)
        grad = torch.zeros(*shape[:-2], shape[-2] // 2, shape[-1] // 2)
        refuses(message, lambda: aten.avg_pool2d_backward(grad, x, [2, 2], [2, 2], [0, 0], False, True, None))
        refuses(message, lambda: aten.max_pool2d_with_indices_backward(grad, x, [2, 2], [2, 2], [0, 0], [1, 1],
                                                                       False, grad.long()))
    # Adaptive pooling wants "non-zero size for non-batch dimensions": all but the first.
    for name, run in (("adaptive_avg_pool2d", lambda x: F.adaptive_avg_pool2d(x, 2)),
                      ("adaptive_max_pool2d", lambda x: F.adaptive_max_pool2d(x, 2, return_indices=True))):
        for shape, dim in (((1, 1, 0, 4), 2), ((1, 1, 4, 0), 3), ((1, 0, 4), 1), ((1, 4, 0), 2)):
            refuses(f"{name}(): Expected input to have non-zero size for non-batch dimensions, but input "
                    f"has sizes {list(shape)} with dimension {dim} being empty", lambda: run(torch.zeros(*shape)))
    # ... except that adaptive_avg_pool2d's forward pass takes C = 0 of (N, C, H, W), with any N,
    # where its backward pass and adaptive max pooling refuse it.
    for shape in ((1, 0, 4, 4), (0, 0, 4, 4)):
        assert tuple(F.adaptive_avg_pool2d(torch.zeros(*shape), 2).shape) == (shape[0], 0, 2, 2)
        refuses("adaptive_avg_pool2d_backward(): Expected grad_output to have non-zero size for non-batch "
                f"dimensions, but grad_output has sizes [{shape[0]}, 0, 2, 2] with dimension 1 being empty",
                lambda: backward(lambda x: F.adaptive_avg_pool2d(x, 2), shape))
        refuses(f"adaptive_max_pool2d(): Expected input to have non-zero size for non-batch dimensions, but "
                f"input has sizes {list(shape)} with dimension 1 being empty",
                lambda: F.adaptive_max_pool2d(torch.zeros(*shape), 2))
    # An empty batch is no excuse for bad settings: they are refused as with N = 1.
    empty = torch.zeros(0, 1, 4, 4)
    refuses("Given input size: (1x4x4). Calculated output size: (1x0x0). Output size is too small",
            lambda: F.avg_pool2d(empty, 5))
    refuses("pad should be at most half of kernel size", lambda: F.max_pool2d(empty, 2, padding=2))


# ---- output ---------------------------------------------------------------------------------

def render(case):
    x = case["x"]
    lines = [f"# {case['comment']}", f"case {case['name']}", f"op {case['op']}",
             f"input_shape {ints(x.shape)}"]
    lines += [f"{key} {value}" for key, value in case["fields"]]
    lines += [f"input {floats(x)}", f"output_shape {ints(case['output'].shape)}",
              f"output {floats(case['output'])}"]
    if case["indices"] is not None:
        lines.append(f"indices {ints(case['indices'].reshape(-1).tolist())}")
    lines += [f"grad_output {floats(case['grad_output'])}", f"grad_input {floats(case['grad_input'])}",
              "end", ""]
    # An empty tensor's line is its key alone.
    return "\n".join(line.rstrip(" ") for line in lines)


def check_lesson_case():
    lesson = cases[0]
    assert lesson["name"] == "avg_lesson_4x4_k2_s2"
    assert lesson["output"].reshape(-1).tolist() == [2.5, 4.5, 10.5, 12.5]
    assert lesson["grad_output"].reshape(-1).tolist() == [4, 8, 12, 16]


def main():
    torch.use_deterministic_algorithms(True)
    torch.set_num_threads(1)
    average_cases()
    max_cases()
    adaptive_cases()
    sweep_cases()
    wide_cases()
    empty_batch_cases()
    check_lesson_case()

    header = [
        "# Golden data for 2-D pooling, forward and backward, computed by PyTorch "
        f"{torch.__version__} on the CPU in float32.",
        "# Generated by tests/golden/pool/generate.py; do not edit by hand. Format: tests/golden/pool/README.md.",
        f"# {len(cases)} cases.",
        "",
    ]
    text = "\n".join(header) + "\n".join(render(case) for case in cases)
    OUTPUT_PATH.write_text(text)

    by_op = {}
    for case in cases:
        by_op[case["op"]] = by_op.get(case["op"], 0) + 1
    # input and grad_input have the input's size; output and grad_output the output's.
    values = sum(2 * case["x"].numel() + 2 * case["output"].numel() for case in cases)
    print(f"wrote {OUTPUT_PATH} ({len(text.encode()) / 1024:.1f} KiB, {len(cases)} cases, "
          f"{values} float values, PyTorch {torch.__version__})")
    for op, count in by_op.items():
        print(f"  {op:22s} {count:4d}")


if __name__ == "__main__":
    main()
