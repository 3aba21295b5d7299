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

Each example's words are written here in both languages, so one call holds all there is to say
about it: the English title, source, says (what the source claims) and note (what PyTorch gives)
as arguments, the Chinese as zh={"title", "says", "note"}; a source is a constant named in both.
presets.json keeps them as "text": {"en": {...}, "zh-CN": {...}}, and the playground shows the
text of its language. The Chinese says the same facts in its own words: every number it writes
is one the English writes (tests/node/playground-presets.test.mjs checks both ways), and PyTorch
names (kernel_size, ceil_mode ...) stay as they are (terms: lessons/GLOSSARY.zh.md).
"""

import json
import pathlib

import torch
import torch.nn.functional as F

OUTPUT_PATH = pathlib.Path(__file__).with_name("presets.json")

# Each source is named in both languages, as the examples' text is.
REFERENCE = {"en": "the AvgPool2d reference page", "zh-CN": "AvgPool2d 参考页面"}
TUTORIAL = {"en": "the nn.AvgPool2d tutorial", "zh-CN": "nn.AvgPool2d 教程"}
COURSE = {"en": "this course", "zh-CN": "本课程"}

# The fields a learner reads, in the order presets.json lists them; `zh` gives all but source.
TEXT_FIELDS = ("title", "source", "says", "note")


def counting(height, width, start):
    return [float(start + i) for i in range(height * width)]


def bilingual_text(title, source, says, note, zh):
    """The example's words in each language, one source for both (the playground shows its own)."""
    own = sorted(field for field in TEXT_FIELDS if field != "source")
    if sorted(zh) != own:
        raise ValueError(f"zh= needs exactly {own}, got {sorted(zh)} for {title!r}")
    return {
        "en": {"title": title, "source": source["en"], "says": says, "note": note},
        "zh-CN": {"title": zh["title"], "source": source["zh-CN"], "says": zh["says"], "note": zh["note"]},
    }


def example(id, title, source, says, note, *, zh, op="avg", height, width, input, kernel_size,
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
        "text": bilingual_text(title, source, says, note, zh),
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
        zh={
            "title": "课文里的 4 × 4 网格，0 到 15",
            "says": "“把图片切成小块”一课用 2 × 2 的窗口、步长 2 池化存放 0 到 15 的 4 × 4 网格，"
                    "再传回梯度 4、8、12 和 16。",
            "note": "PyTorch 算出的平均值是 2.5、4.5、10.5 和 12.5；反向传播时，每个格子分到"
                    "所在窗口梯度的四分之一。",
        },
        height=4, width=4, input=counting(4, 4, 0), kernel_size=2, stride=2,
        grad_output=[4.0, 8.0, 12.0, 16.0]),
    example(
        "reference-1-to-16", "4 × 4, 1 to 16, kernel 2, stride 2", REFERENCE,
        "The reference page pools 1 to 16 to 3.5, 5.5, 11.5 and 13.5, and with an upstream "
        "gradient of ones gives every cell 0.25.",
        "PyTorch agrees on every number.",
        zh={
            "title": "4 × 4，1 到 16，窗口大小 2，步长 2",
            "says": "参考页面把 1 到 16 池化成 3.5、5.5、11.5 和 13.5；上游梯度全为 1 时，"
                    "每个格子的梯度都是 0.25。",
            "note": "PyTorch 给出的每个数都与参考页面一致。",
        },
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
        zh={
            "title": "3 × 3，1 到 9，窗口大小 2，步长 1，填充 1",
            "says": "参考页面印出的是 2 × 2 的输出：1.5、3.5、4.5 和 6.5；输入梯度在角上是 0.25，"
                    "在边上是 0.5，在中间是 1。",
            "note": "这组设置得不出这些数。填充 1 让网格变成 5 × 5，2 × 2 的窗口每次移动一格，"
                    "每个方向能放下 4 个，所以 PyTorch 返回 4 × 4 的输出。这样每个格子都恰好落在 "
                    "4 个窗口里，每个窗口分给它四分之一，输入梯度因此全是 1。页面上的梯度其实是"
                    "不填充时才有的结果，而它的输出与哪种情况都对不上。",
        },
        height=3, width=3, input=counting(3, 3, 1), kernel_size=2, stride=1, padding=1),
    example(
        "tutorial-ceil-off", "5 × 5, kernel 2, stride 2, padding 1, ceil_mode off", TUTORIAL,
        "The tutorial pools 1 to 25 with kernel 2, stride 2 and padding 1, first with "
        "ceil_mode=False.",
        "Rounding down, (5 + 2 − 2) / 2 = 2.5 becomes 2, so 3 windows fit each way: a 3 × 3 "
        "output. Only the top-left window holds a single real cell, 1, and gives 0.25. The other "
        "corners hold 2, 2 and 4 real cells and give 2.25, 9.25 and 22: each divides by 4, "
        "padding included.",
        zh={
            "title": "5 × 5，窗口大小 2，步长 2，填充 1，关闭 ceil_mode",
            "says": "教程用窗口大小 2、步长 2、填充 1 池化 1 到 25，先取 ceil_mode=False。",
            "note": "向下取整时，(5 + 2 − 2) / 2 = 2.5 取为 2，每个方向放得下 3 个窗口，输出是 "
                    "3 × 3。左上角的窗口里只有一个真实格子 1，结果为 0.25。另外三个角的窗口分别有 "
                    "2、2、4 个真实格子，结果为 2.25、9.25 和 22：每个窗口都连同填充一起除以 4。",
        },
        height=5, width=5, input=counting(5, 5, 1), kernel_size=2, stride=2, padding=1),
    example(
        "tutorial-ceil-on", "5 × 5, kernel 2, stride 2, padding 1, ceil_mode on", TUTORIAL,
        "Then it switches ceil_mode on, saying that this keeps the windows that do not fit "
        "completely.",
        "Rounding up would give a fourth window on each side, but it would start on the padding "
        "after the last column, where it covers no input at all. PyTorch drops such a window, so "
        "the output stays 3 × 3 and every number is the same as with ceil_mode off.",
        zh={
            "title": "5 × 5，窗口大小 2，步长 2，填充 1，打开 ceil_mode",
            "says": "接着教程打开 ceil_mode，说这样能保留那些放不完整的窗口。",
            "note": "向上取整本来会让每个方向多出第四个窗口，可这个窗口要从最后一列之后的填充上"
                    "开始，根本覆盖不到输入。PyTorch 会丢掉这样的窗口，所以输出仍是 3 × 3，"
                    "每个数都和关闭 ceil_mode 时一样。",
        },
        height=5, width=5, input=counting(5, 5, 1), kernel_size=2, stride=2, padding=1,
        ceil_mode=True),
    example(
        "ceil-partial-window", "5 × 5, kernel 2, stride 2, ceil_mode on, no padding", COURSE,
        "Without padding, ceil_mode has something to keep: a last window that hangs over the "
        "edge.",
        "Rounding up gives 3 windows each way instead of 2. The extra windows hang past the last "
        "row or column, and that overhang never counts in the divisor: they divide by 2, or by 1 "
        "in the corner, which is why the corner output is 25 itself.",
        zh={
            "title": "5 × 5，窗口大小 2，步长 2，打开 ceil_mode，不填充",
            "says": "不填充时，ceil_mode 才真有窗口可保留：最后那个伸出边缘的窗口。",
            "note": "向上取整后，每个方向有 3 个窗口，而不是 2 个。多出来的窗口伸出最后一行或"
                    "最后一列，越界部分从不计入除数：这些窗口除以 2，角上那个除以 1，所以角上的"
                    "输出就是 25 本身。",
        },
        height=5, width=5, input=counting(5, 5, 1), kernel_size=2, stride=2, ceil_mode=True),
    example(
        "tutorial-default", "2 × 2, 1 to 4, kernel 2", TUTORIAL,
        "The tutorial's small example: one 2 × 2 window over 1, 2, 3, 4 gives (1 + 2 + 3 + 4) / 4 "
        "= 2.5.",
        "PyTorch agrees: 2.5, and each cell's gradient is 0.25.",
        zh={
            "title": "2 × 2，1 到 4，窗口大小 2",
            "says": "教程里的小例子：一个 2 × 2 的窗口盖住 1、2、3、4，得到 "
                    "(1 + 2 + 3 + 4) / 4 = 2.5。",
            "note": "PyTorch 的结果相同：2.5，每个格子的梯度是 0.25。",
        },
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
        zh={
            "title": "2 × 2，窗口大小 2，填充 1，关闭 count_include_pad",
            "says": "教程加上填充 1，设 count_include_pad=False，却在注释里把结果写成 "
                    "(1 + 2 + 3 + 4) / 4 = 2.5，还说这个例子没有填充。",
            "note": "这个例子其实有填充，而且填充改变了形状：网格变成 4 × 4，步长 2 给出 4 个窗口，"
                    "每个窗口里是一个真实格子和三个填充位置。填充不计入时，每个窗口都除以 1。"
                    "运行教程自己的代码，得到的是 1、2、3 和 4，而不是 2.5。",
        },
        height=2, width=2, input=counting(2, 2, 1), kernel_size=2, padding=1,
        count_include_pad=False),
    example(
        "count-include-pad-on", "2 × 2, kernel 2, padding 1, count_include_pad on", COURSE,
        "The same windows, counting the padding as PyTorch does by default.",
        "Each window now divides its single real cell by 4: 0.25, 0.5, 0.75 and 1.",
        zh={
            "title": "2 × 2，窗口大小 2，填充 1，打开 count_include_pad",
            "says": "还是这些窗口，这次照 PyTorch 的默认做法，把填充计入除数。",
            "note": "现在每个窗口都把它唯一的真实格子除以 4：0.25、0.5、0.75 和 1。",
        },
        height=2, width=2, input=counting(2, 2, 1), kernel_size=2, padding=1),
    example(
        "tutorial-divisor-override", "2 × 2, kernel 2, divisor_override 2", TUTORIAL,
        "With divisor_override=2 the tutorial divides the sum by 2 instead of 4: "
        "(1 + 2 + 3 + 4) / 2 = 5.0.",
        "PyTorch agrees: 5. Going back, each cell gets the gradient divided by 2 as well, 0.5.",
        zh={
            "title": "2 × 2，窗口大小 2，divisor_override 为 2",
            "says": "教程设 divisor_override=2，于是和除以 2 而不是 4：(1 + 2 + 3 + 4) / 2 = 5.0。",
            "note": "PyTorch 的结果相同：5。反向传播时，每个格子的梯度同样除以 2，得到 0.5。",
        },
        height=2, width=2, input=counting(2, 2, 1), kernel_size=2, divisor_override=2),
    example(
        "tutorial-max", "Max pooling, 2 × 2, 1 to 4, kernel 2", TUTORIAL,
        "The tutorial compares the gradients: average pooling gives each of 1, 2, 3, 4 a "
        "quarter, while max pooling gives everything to the largest.",
        "PyTorch's max is 4, and the whole gradient, 1, goes to the cell holding it; the others "
        "get 0.",
        zh={
            "title": "最大池化，2 × 2，1 到 4，窗口大小 2",
            "says": "教程对比了两种梯度：平均池化给 1、2、3、4 各分四分之一，最大池化则把梯度"
                    "全部交给最大的那个。",
            "note": "PyTorch 求得的最大值是 4，全部梯度 1 都送到存放它的格子，其他格子得到 0。",
        },
        op="max", height=2, width=2, input=counting(2, 2, 1), kernel_size=2),
    example(
        "max-ties-and-overlap", "Max pooling with ties and overlapping windows", COURSE,
        "A 4 × 4 grid with repeated values, a 2 × 2 window moving one cell at a time, and "
        "upstream gradients 1 to 9.",
        "Where a window holds its maximum twice, the first one in reading order wins it. The 4 "
        "in the middle is the maximum of four windows, so it collects 5 + 6 + 8 + 9 = 28.",
        zh={
            "title": "最大值并列、窗口重叠的最大池化",
            "says": "4 × 4 的网格里有重复的值，2 × 2 的窗口每次移动一格，上游梯度为 1 到 9。",
            "note": "窗口里的最大值出现两次时，按阅读顺序（逐行、从左到右）排在前面的那个胜出。"
                    "中间的 4 是四个窗口的最大值，所以它收到 5 + 6 + 8 + 9 = 28。",
        },
        op="max", height=4, width=4,
        input=[1.0, 3.0, 3.0, 0.0, 2.0, 3.0, 1.0, 1.0, 0.0, 1.0, 4.0, 4.0, 2.0, 2.0, 4.0, 0.0],
        kernel_size=2, stride=1, grad_output=[float(g) for g in range(1, 10)]),
    example(
        "max-padding", "Max pooling, 3 × 3, kernel 2, stride 1, padding 1", COURSE,
        "The reference page's padding example again, with max instead of average.",
        "Max pooling pads with minus infinity rather than 0, so the padding never wins: each of "
        "the 16 windows returns its largest real cell.",
        zh={
            "title": "最大池化，3 × 3，窗口大小 2，步长 1，填充 1",
            "says": "还是参考页面那个带填充的例子，只是把平均换成了最大值。",
            "note": "最大池化用负无穷而不是 0 来填充，所以填充永远不会胜出：16 个窗口各自返回"
                    "其中最大的真实格子。",
        },
        op="max", height=3, width=3, input=counting(3, 3, 1), kernel_size=2, stride=1, padding=1),
    example(
        "max-dilation", "Max pooling, 5 × 5, kernel 2, dilation 2", COURSE,
        "With dilation 2 a 2 × 2 window reads every other cell, so it spans 3 × 3.",
        "PyTorch returns a 3 × 3 output; each window's maximum is its bottom-right tap.",
        zh={
            "title": "最大池化，5 × 5，窗口大小 2，膨胀 2",
            "says": "dilation（膨胀）为 2 时，2 × 2 的窗口隔一格取一个格子，所以跨度是 3 × 3。",
            "note": "PyTorch 返回 3 × 3 的输出；每个窗口的最大值都在它右下角的那个采样点上。",
        },
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
