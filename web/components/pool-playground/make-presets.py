#!/usr/bin/python3
"""Writes presets.json: the playground's worked examples and what PyTorch gives for each.

Run with a Python that has PyTorch (on this machine: /usr/bin/python3, PyTorch 1.13):

    /usr/bin/python3 web/components/pool-playground/make-presets.py

The output is committed, so neither the site nor its tests need PyTorch. The playground shows
PyTorch's numbers next to the core's live ones; tests/node/playground-presets.test.mjs and the
Playwright spec playground-every-worked-example-gives-pytorchs-numbers check that they agree.

Each example's settings use the keys of the course's settings table (web/components/shared/
pool-settings.js): sizes are [height, width], grad_output is "ones" or one number per output,
row-major.
"""

import json
import pathlib

import torch
import torch.nn.functional as F

OUTPUT_PATH = pathlib.Path(__file__).with_name("presets.json")

REFERENCE = "the AvgPool2d reference page"
TUTORIAL = "the nn.AvgPool2d tutorial"
COURSE = "this course"


def counting(height, width, start):
    return [float(start + i) for i in range(height * width)]


def example(id, title, source, says, note, *, op="avg", height, width, input, kernel_size,
            stride=None, padding=0, dilation=1, ceil_mode=False, count_include_pad=True,
            divisor_override=None, grad_output="ones"):
    pair = lambda v: [v, v] if isinstance(v, int) else list(v)
    settings = {
        "op": op,
        "inputHeight": height,
        "inputWidth": width,
        "input": input,
        "kernelSize": pair(kernel_size),
        "stride": pair(kernel_size if stride is None else stride),
        "padding": pair(padding),
        "dilation": pair(dilation),
        "ceilMode": ceil_mode,
        "countIncludePad": count_include_pad,
        "divisorOverride": divisor_override,
        "gradOutput": grad_output,
    }
    x = torch.tensor(input, dtype=torch.float32).reshape(1, 1, height, width).requires_grad_(True)
    if op == "avg":
        y = F.avg_pool2d(x, settings["kernelSize"], settings["stride"], settings["padding"],
                         ceil_mode=ceil_mode, count_include_pad=count_include_pad,
                         divisor_override=divisor_override)
        indices = None
    else:
        y, indices = F.max_pool2d(x, settings["kernelSize"], settings["stride"],
                                  settings["padding"], settings["dilation"],
                                  ceil_mode=ceil_mode, return_indices=True)
    if grad_output == "ones":
        grad = torch.ones_like(y)
    else:
        grad = torch.tensor(grad_output, dtype=torch.float32).reshape(y.shape)
    y.backward(grad)
    pytorch = {
        "outputShape": list(y.shape[2:]),
        "output": y.detach().flatten().tolist(),
        "gradInput": x.grad.flatten().tolist(),
    }
    if indices is not None:
        pytorch["indices"] = indices.flatten().tolist()
    return {
        "id": id,
        "title": title,
        "source": source,
        "says": says,
        "note": note,
        "settings": settings,
        "pytorch": pytorch,
    }


EXAMPLES = [
    example(
        "lesson-0-to-15", "The lesson's 4 × 4, 0 to 15", COURSE,
        "Patches of a picture pools the 4 × 4 grid 0 to 15 with a 2 × 2 window, stride 2, "
        "and sends back the gradients 4, 8, 12 and 16.",
        "PyTorch gives the averages 2.5, 4.5, 10.5 and 12.5, and each cell gets a quarter of its "
        "window's gradient.",
        height=4, width=4, input=counting(4, 4, 0), kernel_size=2, stride=2,
        grad_output=[4.0, 8.0, 12.0, 16.0]),
    example(
        "reference-1-to-16", "4 × 4, 1 to 16, kernel 2, stride 2", REFERENCE,
        "The reference page pools 1 to 16 to 3.5, 5.5, 11.5 and 13.5, and with an upstream "
        "gradient of ones gives every cell 0.25.",
        "PyTorch agrees on every number.",
        height=4, width=4, input=counting(4, 4, 1), kernel_size=2, stride=2),
    example(
        "reference-padding", "3 × 3, 1 to 9, kernel 2, stride 1, padding 1", REFERENCE,
        "The reference page prints a 2 × 2 output, 1.5, 3.5, 4.5 and 6.5, with input gradients "
        "0.25 in the corners, 0.5 on the edges and 1 in the middle.",
        "That is not what these settings give. Padding 1 makes the grid 5 × 5, and a 2 × 2 window "
        "moving one cell at a time fits 4 times each way, so PyTorch returns a 4 × 4 output. "
        "Every cell then sits in exactly 4 windows, each of which hands it a quarter, so every "
        "input gradient is 1. The page's gradients are the ones you would get with no padding, "
        "and its outputs match neither case.",
        height=3, width=3, input=counting(3, 3, 1), kernel_size=2, stride=1, padding=1),
    example(
        "tutorial-ceil-off", "5 × 5, kernel 2, stride 2, padding 1, ceil_mode off", TUTORIAL,
        "The tutorial pools 1 to 25 with kernel 2, stride 2 and padding 1, first with "
        "ceil_mode=False.",
        "Rounding down, (5 + 2 − 2) / 2 = 2.5 becomes 2, so 3 windows fit each way: a 3 × 3 "
        "output. Only the top-left window holds a single real cell, 1, and gives 0.25. The other "
        "corners hold 2, 2 and 4 real cells and give 2.25, 9.25 and 22: each divides by 4, "
        "padding included.",
        height=5, width=5, input=counting(5, 5, 1), kernel_size=2, stride=2, padding=1),
    example(
        "tutorial-ceil-on", "5 × 5, kernel 2, stride 2, padding 1, ceil_mode on", TUTORIAL,
        "Then it switches ceil_mode on, saying that this keeps the windows that do not fit "
        "completely.",
        "Rounding up would give a fourth window on each side, but it would start on the padding "
        "after the last column, where it covers no input at all. PyTorch drops such a window, so "
        "the output stays 3 × 3 and every number is the same as with ceil_mode off.",
        height=5, width=5, input=counting(5, 5, 1), kernel_size=2, stride=2, padding=1,
        ceil_mode=True),
    example(
        "ceil-partial-window", "5 × 5, kernel 2, stride 2, ceil_mode on, no padding", COURSE,
        "Without padding, ceil_mode has something to keep: a last window that hangs over the "
        "edge.",
        "Rounding up gives 3 windows each way instead of 2. The extra windows hang past the last "
        "row or column, and that overhang never counts in the divisor: they divide by 2, or by 1 "
        "in the corner, which is why the corner output is 25 itself.",
        height=5, width=5, input=counting(5, 5, 1), kernel_size=2, stride=2, ceil_mode=True),
    example(
        "tutorial-default", "2 × 2, 1 to 4, kernel 2", TUTORIAL,
        "The tutorial's small example: one 2 × 2 window over 1, 2, 3, 4 gives (1 + 2 + 3 + 4) / 4 "
        "= 2.5.",
        "PyTorch agrees: 2.5, and each cell's gradient is 0.25.",
        height=2, width=2, input=counting(2, 2, 1), kernel_size=2),
    example(
        "tutorial-count-include-pad-off", "2 × 2, kernel 2, padding 1, count_include_pad off",
        TUTORIAL,
        "The tutorial adds padding 1 with count_include_pad=False and, in a comment, writes the "
        "result as (1 + 2 + 3 + 4) / 4 = 2.5, with the remark that this example has no padding.",
        "It does have padding, and that changes the shape: the grid becomes 4 × 4, so stride 2 "
        "gives 4 windows, each holding one real cell and three padding cells. With the padding "
        "left out of the count, each window divides by 1. Running the tutorial's own code gives "
        "1, 2, 3 and 4, not 2.5.",
        height=2, width=2, input=counting(2, 2, 1), kernel_size=2, padding=1,
        count_include_pad=False),
    example(
        "count-include-pad-on", "2 × 2, kernel 2, padding 1, count_include_pad on", COURSE,
        "The same windows, counting the padding as PyTorch does by default.",
        "Each window now divides its single real cell by 4: 0.25, 0.5, 0.75 and 1.",
        height=2, width=2, input=counting(2, 2, 1), kernel_size=2, padding=1),
    example(
        "tutorial-divisor-override", "2 × 2, kernel 2, divisor_override 2", TUTORIAL,
        "With divisor_override=2 the tutorial divides the sum by 2 instead of 4: "
        "(1 + 2 + 3 + 4) / 2 = 5.0.",
        "PyTorch agrees: 5. Going back, each cell gets the gradient divided by 2 as well, 0.5.",
        height=2, width=2, input=counting(2, 2, 1), kernel_size=2, divisor_override=2),
    example(
        "tutorial-max", "Max pooling, 2 × 2, 1 to 4, kernel 2", TUTORIAL,
        "The tutorial compares the gradients: average pooling gives each of 1, 2, 3, 4 a "
        "quarter, while max pooling gives everything to the largest.",
        "PyTorch's max is 4, and the whole gradient, 1, goes to the cell holding it; the others "
        "get 0.",
        op="max", height=2, width=2, input=counting(2, 2, 1), kernel_size=2),
    example(
        "max-ties-and-overlap", "Max pooling with ties and overlapping windows", COURSE,
        "A 4 × 4 grid with repeated values, a 2 × 2 window moving one cell at a time, and "
        "upstream gradients 1 to 9.",
        "Where a window holds its maximum twice, the first one in reading order wins it. The 4 "
        "in the middle is the maximum of four windows, so it collects 5 + 6 + 8 + 9 = 28.",
        op="max", height=4, width=4,
        input=[1.0, 3.0, 3.0, 0.0, 2.0, 3.0, 1.0, 1.0, 0.0, 1.0, 4.0, 4.0, 2.0, 2.0, 4.0, 0.0],
        kernel_size=2, stride=1, grad_output=[float(g) for g in range(1, 10)]),
    example(
        "max-padding", "Max pooling, 3 × 3, kernel 2, stride 1, padding 1", COURSE,
        "The reference page's padding example again, with max instead of average.",
        "Max pooling pads with minus infinity rather than 0, so the padding never wins: each of "
        "the 16 windows returns its largest real cell.",
        op="max", height=3, width=3, input=counting(3, 3, 1), kernel_size=2, stride=1, padding=1),
    example(
        "max-dilation", "Max pooling, 5 × 5, kernel 2, dilation 2", COURSE,
        "With dilation 2 a 2 × 2 window reads every other cell, so it spans 3 × 3.",
        "PyTorch returns a 3 × 3 output; each window's maximum is its bottom-right tap.",
        op="max", height=5, width=5, input=counting(5, 5, 1), kernel_size=2, stride=1, dilation=2),
]


def compact(value, indent=""):
    """JSON with every list of numbers on one line, and whole numbers written without ".0"."""
    inner = indent + "  "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)}: {compact(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        return "[\n" + ",\n".join(inner + compact(v, inner) for v in value) + "\n" + indent + "]"
    if isinstance(value, list):
        return "[" + ", ".join(compact(v) for v in value) + "]"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return json.dumps(value, ensure_ascii=False)


def main():
    document = {
        "about": "Written by make-presets.py with PyTorch " + torch.__version__ + "; do not edit.",
        "examples": EXAMPLES,
    }
    OUTPUT_PATH.write_text(compact(document) + "\n")
    print(f"wrote {len(EXAMPLES)} examples to {OUTPUT_PATH}")


if __name__ == "__main__":
    main()
