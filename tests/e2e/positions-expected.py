"""What the sinusoidal positional encoding of PyTorch's tutorial ("Language modeling with
nn.Transformer and torchtext", its PositionalEncoding) answers for the settings the
<positions-widget> specs set up: div_term = exp(arange(0, d, 2) * (-log(10000) / d)), the
frequencies omega_i, and the table [L, d] with column 2i = sin(pos * omega_i) and column 2i + 1 =
cos(pos * omega_i), in float32. It runs `tutorial_encoding` of tests/golden/transformer/generate.py,
the lines the core's golden data was made with (core/transformer/README.md states the same
definition), and checks them bit for bit against the tutorial's own spelling, with `.float()`.
The cases are the specs' own and the widget of every lesson whose element is <positions-widget>
(read from its front matter, named "lesson <file>"), with each of their exercises that names a
number in its core line (under its playground query over the lesson's settings), whose stated
answer is checked before anything is written; so are the numbers the lesson's text, its
exercises' workings and their likely mistakes state (claims() below). Writes
positions-expected.json beside this file; run with a Python that has PyTorch: /usr/bin/python3 tests/e2e/positions-expected.py"""
import math

import torch

from lesson_expected import check_claims, golden_generator, lesson_cases, printed_by, write_expected


tutorial_encoding = golden_generator("transformer").tutorial_encoding

# The widget's defaults (web/components/positions-widget/settings.js).
DEFAULTS = {"positions": 16, "dModel": 8, "selected": 1, "compare": 0}

CASES = [
    {"name": "defaults"},
    {"name": "one position", "positions": 1, "selected": 0, "compare": 0},
    {"name": "64 positions of 64 features", "positions": 64, "dModel": 64, "selected": 63, "compare": 10},
    {"name": "one clock, d_model 2", "dModel": 2, "selected": 5, "compare": 3},
]


def settings_of(case):
    """The case's settings over the defaults."""
    return {**DEFAULTS, **{key: value for key, value in case.items() if key in DEFAULTS}}


def as_written(length, d_model):
    """The tutorial's lines as it writes them, arange made float first."""
    position = torch.arange(length).unsqueeze(1)
    div_term = torch.exp(torch.arange(0, d_model, 2).float() * (-math.log(10000.0) / d_model))
    pe = torch.zeros(length, d_model)
    pe[:, 0::2] = torch.sin(position * div_term)
    pe[:, 1::2] = torch.cos(position * div_term)
    return div_term, pe


def encode(s):
    """The table [L, d] row-major and the frequencies [d / 2]."""
    frequencies, table = tutorial_encoding(s["positions"], s["dModel"])
    written_frequencies, written_table = as_written(s["positions"], s["dModel"])
    assert torch.equal(frequencies, written_frequencies) and torch.equal(table, written_table), s
    assert frequencies.dtype == torch.float32 and table.dtype == torch.float32
    return {"table": table.reshape(-1).tolist(), "frequencies": frequencies.tolist()}


def run(case):
    s = settings_of(case)
    return {"settings": s, **encode(s)}


# The numbers the lesson (lessons/09-the-transformer-and-the-reward/01-positions-as-clocks.md and
# its .zh.md) states, each as (the text the lesson writes, PyTorch's value): lesson_expected's
# check_claims fails if a value does not round to its text. Statements without a number are asserted.
def claims():
    frequencies, pe = tutorial_encoding(16, 8)
    out = [("0.841", pe[1, 0].item()), ("0.540", pe[1, 1].item()), ("0.001", pe[1, 6].item()), ("1.000", pe[1, 7].item()),
           ("0.657", pe[7, 0].item()), ("0.754", pe[7, 1].item())]
    # Attention cannot see order: shuffled rows give the same rows, shuffled.
    generator = torch.Generator().manual_seed(0)
    x = torch.randn(5, 4, generator=generator)
    attention = lambda rows: torch.softmax(rows @ rows.T / 2, dim=-1) @ rows
    order = torch.tensor([3, 0, 4, 1, 2])
    assert torch.allclose(attention(x[order]), attention(x)[order], rtol=0, atol=1e-6)
    # A clock for each pair: the speeds, the turns, position 0 at the top.
    out += [(text, value.item()) for text, value in zip(["1", "0.1", "0.01", "0.001"], frequencies)]
    out += [("6.28", 2 * math.pi / frequencies[0].item()), ("6283", 2 * math.pi / frequencies[3].item())]
    assert pe[0, 0::2].eq(0).all() and pe[0, 1::2].eq(1).all() and pe.abs().max() <= 1
    # A shift is a turn: each pair of position p + k is pair p turned by k * omega.
    for i, omega in enumerate(frequencies.tolist()):
        for p, k in ((1, 1), (3, 5), (9, 6)):
            angle = k * omega
            turned = (pe[p, 2 * i] * math.cos(angle) + pe[p, 2 * i + 1] * math.sin(angle),
                      pe[p, 2 * i + 1] * math.cos(angle) - pe[p, 2 * i] * math.sin(angle))
            assert abs(turned[0] - pe[p + k, 2 * i]) < 1e-5 and abs(turned[1] - pe[p + k, 2 * i + 1]) < 1e-5
    dot = lambda table_, p, q: (table_[p] @ table_[q]).item()
    out += [("3.535", dot(pe, 1, 2)), ("3.535", dot(pe, 5, 6)), ("4", dot(pe, 3, 3)), ("3.784", dot(pe, 0, 6))]
    assert dot(pe, 0, 6) > dot(pe, 0, 1)
    for p, q in ((1, 2), (5, 6), (0, 6), (3, 10)):
        assert abs(dot(pe, p, q) - sum(math.cos((p - q) * w) for w in frequencies.tolist())) < 1e-5
    _, wide = tutorial_encoding(64, 64)
    out += [("32", dot(wide, 0, 0)), ("30.92", dot(wide, 0, 1)), ("23.56", dot(wide, 0, 6)), ("23.50", dot(wide, 0, 5))]
    falls = [dot(wide, 0, k) for k in range(16)]
    assert falls[15] < falls[6] < falls[1] < falls[0] and any(b > a for a, b in zip(falls, falls[1:]))
    # Exercises' workings and likely mistakes. The second takes d_model to 16, the fourth the
    # offset to 2: cases the text does not work.
    out += [("0.141", pe[3, 0].item()), ("-0.990", pe[3, 1].item()), ("0.052", math.sin(math.radians(3))),
            ("62.8", 2 * math.pi / frequencies[1].item()), ("10", 1 / frequencies[1].item())]
    sixteen, _ = tutorial_encoding(16, 16)
    steps = [sixteen[i + 1].item() / sixteen[i].item() for i in range(7)]
    assert all(abs(step - 10 ** -0.5) < 1e-6 for step in steps)
    out += [("0.3162", sixteen[1].item()), ("0.0003", sixteen[7].item()), ("0.1", frequencies[1].item()),
            ("0.5623", 10000 ** (-1 / 16)), ("1", sixteen[0].item())]
    out += [("2.564", dot(pe, 3, 5)), ("2.564", dot(pe, 0, 2)), ("-0.416", math.cos(2)), ("0.980", math.cos(0.2)),
            ("1.000", math.cos(0.02)), ("1.000", math.cos(0.002)), ("3.535", dot(pe, 5, 6)),
            ("3.999", sum(math.cos(math.radians(2 * w)) for w in frequencies.tolist())), ("7.071", 2 * dot(pe, 1, 2))]
    assert abs(dot(pe, 3, 5) - sum(math.cos(2 * w) for w in frequencies.tolist())) < 1e-5 and math.cos(2) < 0
    # The lesson's PyTorch code prints the widget's numbers.
    assert printed_by("09-the-transformer-and-the-reward/01-positions-as-clocks.md") == [
        f"tensor([{pe[1, 0]:.4f}, {pe[1, 1]:.4f}])", f"tensor({dot(pe, 1, 2):.4f})"]
    return out


KEYS = {"positions": "positions", "d_model": "dModel", "selected": "selected", "compare": "compare"}


def query_value(name, value):
    """One value of an exercise's playground query, under its settings key's form: every
    setting is a whole number."""
    return int(value)


def exercise_value(settings, spec):
    """The number an exercise's core line names: value P J (table[P][J]) or frequency I
    (omega_I), all from 0."""
    s = settings_of(settings)
    numbers = encode(s)
    name, *places = spec.split()
    if name == "frequency":
        return numbers["frequencies"][int(places[0])]
    assert name == "value", spec
    return numbers["table"][int(places[0]) * s["dModel"] + int(places[1])]


def main():
    torch.set_flush_denormal(False)
    torch.set_num_threads(1)
    check_claims(claims())
    lessons = lesson_cases("positions-widget", KEYS, query_value, exercise_value)
    write_expected(__file__, CASES + lessons, run, [])


if __name__ == "__main__":
    main()
