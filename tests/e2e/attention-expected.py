"""What scaled dot-product attention answers for the settings the <attention-widget> specs set
up: one head, Lq queries over Lk keys, scores = (q / sqrt(d)) k^T (plus the causal mask, -inf
where key j comes after query i), weights = each row's softmax, output = weights v. It runs
`mha_attention` and `causal_mask` of tests/golden/sequence/generate.py, the lines of
nn.MultiheadAttention's forward that the core's golden data was made with (core/sequence/README.md
states the same definition), on float32 tensors. The cases are the specs' own and the widget of
every lesson whose element is <attention-widget> (read from its front matter, named
"lesson <file>"), with each of their exercises that names a number in its core line (under its
playground query over the lesson's settings), whose stated answer is checked before anything is
written; so are the numbers the lesson's text, its exercises' workings and their likely mistakes
state (claims() below). Writes attention-expected.json beside this file; run with a Python that has PyTorch:
/usr/bin/python3 tests/e2e/attention-expected.py"""
import math

import torch

from lesson_expected import check_claims, golden_generator, lesson_cases, printed_by, write_expected


_golden = golden_generator("sequence")
mha_attention, causal_mask = _golden.mha_attention, _golden.causal_mask

# The widget's defaults (web/components/attention-widget/settings.js): a list left out is its
# default's numbers taken over again, in order, until it fits the sizes.
DEFAULT_QUERY = [1, 0, 0, 1, 1, 1]
DEFAULT_KEY = [1, 0, 0, 1, 1, 1]
DEFAULT_VALUE = [1, 0, 0, 1, 0.5, 0.5]
DEFAULTS = {"queries": 3, "keys": 3, "dim": 2, "valueDim": 2, "causal": False, "selected": 1}

# The largest widget: six queries over six keys of size 4, values of size 4.
SIX_BY_SIX = {
    "queries": 6, "keys": 6, "dim": 4, "valueDim": 4,
    "query": [0.5, -1, 2, 0, 1, 1, -0.5, 0.25, -2, 0, 1, 3, 0.1, 0.2, 0.3, 0.4, -1, -1, 1, 1, 4, -3, 0, 2],
    "key": [1, 0, -1, 2, 0.5, 0.5, 0.5, 0.5, -2, 1, 0, 0, 3, -1, 2, -2, 0, 0, 0, 1, 1.5, -0.5, -1, 0],
    "value": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0.5, -0.5, 2, -2, 10, 20, -30, 40],
}

CASES = [
    {"name": "defaults"},
    {"name": "causal", "causal": True},
    {"name": "more queries than keys, causal: query i sees keys 1 to i",
     "queries": 5, "keys": 3, "causal": True, "selected": 4},
    {"name": "more keys than queries, causal: the last keys are never seen",
     "queries": 2, "keys": 5, "dim": 3, "valueDim": 1, "causal": True,
     "query": [1, -1, 0.5, 0, 2, -1], "key": [1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, -1, -1, -1],
     "value": [1, 2, 3, 4, 5]},
    {"name": "one query, one key", "queries": 1, "keys": 1, "dim": 1, "valueDim": 1,
     "query": [2], "key": [-3], "value": [0.75]},
    {"name": "six by six, d 4, dv 4", **SIX_BY_SIX, "selected": 6},
    {"name": "six by six, d 4, dv 4, causal", **SIX_BY_SIX, "causal": True, "selected": 2},
    {"name": "large scores: one key takes all the weight", "queries": 2, "keys": 3, "dim": 2, "valueDim": 2,
     "query": [100, 0, 0, -100], "key": [100, 0, 0, 100, -100, -100], "value": [1, 2, 3, 4, 5, 6]},
    {"name": "equal keys: equal weights", "keys": 4,
     "query": [1, 2, -3, 0.5, 7, -7], "key": [0.5, -1, 0.5, -1, 0.5, -1, 0.5, -1],
     "value": [1, 2, 3, 4, 5, 6, 7, 8]},
    {"name": "negative values", "dim": 3, "valueDim": 3, "selected": 2,
     "query": [-1, -2, -3, 0.5, -0.5, 1, -4, 0, 2], "key": [-1, 0, 1, 2, -2, 0, -0.25, -0.75, -1.5],
     "value": [-1, -2, -3, -10, 5, -0.5, 1000, -1000, -7]},
    {"name": "a query added: its row taken from the default", "queries": 4},
]


def fitted(values, count):
    """A default for other sizes: its numbers taken over again, in order."""
    return [values[i % len(values)] for i in range(count)]


def settings_of(case):
    """The case's settings over the defaults, each list left out fitted to its sizes."""
    s = {**DEFAULTS, **{key: value for key, value in case.items() if key in DEFAULTS}}
    s["query"] = case.get("query", fitted(DEFAULT_QUERY, s["queries"] * s["dim"]))
    s["key"] = case.get("key", fitted(DEFAULT_KEY, s["keys"] * s["dim"]))
    s["value"] = case.get("value", fitted(DEFAULT_VALUE, s["keys"] * s["valueDim"]))
    return s


def attend(s):
    """Scores [Lq, Lk] (a masked one None), weights [Lq, Lk] and output [Lq, dv], row-major."""
    q = torch.tensor(s["query"], dtype=torch.float32).reshape(s["queries"], s["dim"])
    k = torch.tensor(s["key"], dtype=torch.float32).reshape(s["keys"], s["dim"])
    v = torch.tensor(s["value"], dtype=torch.float32).reshape(s["keys"], s["valueDim"])
    mask = causal_mask(s["queries"], s["keys"]) if s["causal"] else None
    output, weights, scores = mha_attention(q, k, v, mask)
    flat = lambda tensor: tensor.reshape(-1).tolist()
    # JSON has no infinity: a masked score (-inf) is written as null.
    masked = [None if score == -math.inf else score for score in flat(scores)]
    return {"scores": masked, "weights": flat(weights), "output": flat(output)}


def run(case):
    s = settings_of(case)
    return {"settings": s, **attend(s)}


# The numbers the lesson (lessons/08-memory-and-attention/03-attention.md and its .zh.md)
# states, each as (the text the lesson writes, PyTorch's value): lesson_expected's check_claims
# fails if a value does not round to its text. Statements without a number are asserted.
LESSON = {"query": [2, 0, 0, 2, 0, 0], "key": [1, 0, 0, 1, -1, 0], "value": [1, 0, 0, 1, 1, 1]}


def lesson_attend(**changed):
    """The lesson's three queries over its three keys, as rows: scores, weights and output."""
    numbers = attend(settings_of({**LESSON, **changed}))
    return {name: [values[i:i + 3] for i in range(0, 9, 3)] if name != "output" else [values[i:i + 2] for i in range(0, 6, 2)]
            for name, values in numbers.items()}


def claims():
    lesson = lesson_attend()
    s, w, o = lesson["scores"], lesson["weights"], lesson["output"]
    # Try it: query 1 favours key 1; doubled, more so.
    doubled = lesson_attend(query=[4, 0, 0, 2, 0, 0])
    out = [("0.768", w[0][0]), ("0.813", o[0][0]), ("0.232", o[0][1]), ("0.941", doubled["weights"][0][0])]
    # Compare, weigh, average: query 1's scores, weights and output; query 3's plain average.
    out += [("1.414", s[0][0]), ("0", s[0][1]), ("-1.414", s[0][2]), ("0.187", w[0][1]), ("0.045", w[0][2]),
            ("0.667", o[2][0]), ("0.667", o[2][1])] + [("0.333", weight) for weight in w[2]]
    assert s[2] == [0, 0, 0] and all(abs(sum(row) - 1) < 1e-6 and min(row) > 0 for row in w)
    # A soft lookup: doubling the query doubles its scores; turned round, it favours key 3.
    assert doubled["scores"][0] == [2 * score for score in s[0]]
    out += [("0.944", doubled["output"][0][0]), ("0.059", doubled["output"][0][1]),
            ("0.768", lesson_attend(query=[-2, 0, 0, 2, 0, 0])["weights"][0][2])]
    # Why divide by sqrt(d): the dot product of random unit-variance vectors of length 512
    # spreads by about sqrt(512), and by about 1 once divided.
    generator = torch.Generator().manual_seed(0)
    q, k = torch.randn(20000, 512, generator=generator), torch.randn(20000, 512, generator=generator)
    dots = (q * k).sum(1)
    out += [("23", dots.std().item()), ("23", math.sqrt(512)), ("1", (dots / math.sqrt(512)).std().item())]
    # A causal mask: query 1 returns value 1 exactly, query 2 shares keys 1 and 2, query 3 is unchanged.
    causal = lesson_attend(causal=True)
    assert causal["weights"][0] == [1, 0, 0] and causal["output"][0] == [1, 0]
    assert causal["weights"][1][2] == 0 and causal["weights"][2] == w[2]
    out += [("0.196", causal["weights"][1][0]), ("0.804", causal["weights"][1][1])]
    # Exercises' workings and likely mistakes. The first changes query 2 to (1, 3), the third value 3
    # to (1, 4), the fourth query 2 to (0, 4) under the mask: each a case the text does not work.
    tilted = lesson_attend(query=[2, 0, 1, 3, 0, 0])
    out += [("2.121", tilted["scores"][1][1]), ("3", tilted["scores"][1][1] * math.sqrt(2)), ("1.5", 3 / 2),
            ("2.828", (1 + 3) / math.sqrt(2)), ("0.707", tilted["scores"][1][0]), ("1.414", math.sqrt(2))]
    out += [("1.414", s[1][1]), ("0.164", w[1][0]), ("4.113", math.exp(s[1][1])), ("5.113", 1 + math.exp(s[1][1]))]
    moved = lesson_attend(value=[1, 0, 0, 1, 1, 4])
    assert moved["weights"][2] == w[2]
    out += [("1.667", moved["output"][2][1]), ("0.667", o[2][1]), ("1.333", w[2][2] * 4), ("5", 0 + 1 + 4),
            ("2.5", (1 + 4) / 2)]
    sharp, sharp_open = lesson_attend(query=[2, 0, 0, 4, 0, 0], causal=True), lesson_attend(query=[2, 0, 0, 4, 0, 0])
    assert sharp["scores"][1][0] == 0 and sharp["weights"][1][2] == 0
    out += [("2.828", sharp["scores"][1][1]), ("16.92", math.exp(sharp["scores"][1][1])),
            ("17.92", 1 + math.exp(sharp["scores"][1][1])), ("0.944", sharp["weights"][1][1]),
            ("0.804", causal["weights"][1][1]), ("0.894", sharp_open["weights"][1][1]), ("0.056", sharp["weights"][1][0])]
    # The lesson's PyTorch code prints query 1's weights and output as the widget shows them.
    assert printed_by("08-memory-and-attention/03-attention.md") == [f"tensor([{w[0][0]:.4f}, {w[0][1]:.4f}, {w[0][2]:.4f}])",
                                    f"tensor([{o[0][0]:.4f}, {o[0][1]:.4f}])"]
    return out


KEYS = {"queries": "queries", "keys": "keys", "dim": "dim", "value_dim": "valueDim", "query": "query",
        "key": "key", "value": "value", "causal": "causal", "selected": "selected"}
LISTS = {"query", "key", "value"}
COUNTS = {"queries", "keys", "dim", "valueDim", "selected"}
# The grids an exercise may name, by their name in a core line, and their columns.
GRIDS = {"score": ("scores", "keys"), "weight": ("weights", "keys"), "output": ("output", "valueDim")}


def query_value(name, value):
    """One value of an exercise's playground query, under its settings key's form."""
    key = KEYS[name]
    if key in LISTS:
        return [float(v) for v in value.split(",")]
    if key == "causal":
        assert value in ("true", "false"), value
        return value == "true"
    return int(value)


def exercise_value(settings, spec):
    """The number an exercise's core line names: score I J, weight I J or output I K (from 1)."""
    name, row, column = spec.split()
    grid, columns = GRIDS[name]
    s = settings_of(settings)
    return attend(s)[grid][(int(row) - 1) * s[columns] + int(column) - 1]


def main():
    torch.set_flush_denormal(False)
    torch.set_num_threads(1)
    check_claims(claims())
    lessons = lesson_cases("attention-widget", KEYS, query_value, exercise_value)
    write_expected(__file__, CASES + lessons, run, [])


if __name__ == "__main__":
    main()
