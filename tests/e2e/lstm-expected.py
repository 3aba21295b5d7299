"""What torch.nn.LSTM(1, 1) answers for the units the <lstm-widget> specs set up: one unit run
over a short sequence from the zero state (h_0 = c_0 = 0), each gate's three numbers (input
weight w_x, recurrent weight w_h, bias b) in PyTorch's rows i, f, g, o, bias_hh all 0; then the
loss L = h_T (the last step's output) taken back through time by autograd. For each step it
records the four gates after their functions, c_t, h_t, and the whole gradient reaching h_t and
c_t (dL/dh_t, dL/dc_t).

nn.LSTM runs its steps inside ATen, where no hook reaches a step's c_t; `run_recurrent` of
tests/golden/sequence/generate.py (the one definition the core's golden data was made with)
runs the same steps with the same torch operations, keeps each step's h_t and c_t and their
gradients, and asserts that they give nn.LSTM's outputs and gradients bit for bit before this
script writes anything.

The cases are the specs' own and the widget of every lesson whose element is <lstm-widget> (read
from its front matter, named "lesson <file>"), with each of their exercises that names a number
in its core line (under its playground query over the lesson's settings), whose stated answer is
checked before anything is written; so are the numbers the lesson's text, its exercises' workings
and their likely mistakes state (claims() below). Writes lstm-expected.json beside this file; run
with a Python that has PyTorch:
/usr/bin/python3 tests/e2e/lstm-expected.py"""
import ast

import torch

from lesson_expected import check_claims, golden_generator, lesson_cases, printed_by, write_expected


run_recurrent = golden_generator("sequence").run_recurrent

# The gates in PyTorch's row order, each under its settings key.
GATES = {"input": "inputGate", "forget": "forgetGate", "cell": "cellGate", "output": "outputGate"}
DEFAULTS = {
    "input": [1, 0, 0, 0, 0, 0], "inputGate": [10, 0, -5], "forgetGate": [0, 0, 5], "cellGate": [2, 0, 0],
    "outputGate": [0, 0, 5], "selected": 0,
}

# Each case is the widget's settings under their keys; the defaults where not given.
CASES = [
    {"name": "defaults"},
    {"name": "forget bias -5", "forgetGate": [0, 0, -5]},
    {"name": "forget bias 0", "forgetGate": [0, 0, 0]},
    {"name": "forget bias 5", "forgetGate": [0, 0, 5], "selected": 3},
    {"name": "forget bias 10", "forgetGate": [0, 0, 10]},
    {"name": "recurrent weights: the gradient also flows through h", "input": [1, 0, -0.5, 0, 1, 0],
     "inputGate": [10, 2, -5], "forgetGate": [0, 3, 2], "cellGate": [2, -1.5, 0], "outputGate": [0, 2, 1], "selected": 4},
    {"name": "the output gate closed: h is about 0 but c keeps", "outputGate": [0, 0, -10]},
    {"name": "negative inputs", "input": [-1, 0.5, -2, 0, 1.5, -0.25], "selected": 2},
    {"name": "one step", "input": [1], "selected": 1},
    {"name": "twelve steps", "input": [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "forgetGate": [0, 0, 2]},
    {"name": "a step of 0 added", "input": [1, 0, 0, 0, 0, 0, 0]},
    {"name": "the largest weights", "input": [0.5, -0.25, 1, 0], "inputGate": [100, -100, 100],
     "forgetGate": [-100, 100, 50], "cellGate": [100, 100, -100], "outputGate": [-100, 100, 100]},
]


def settings_of(case):
    """The case's settings over the defaults."""
    return {**DEFAULTS, **{key: value for key, value in case.items() if key in DEFAULTS}}


def lstm_module(s):
    """torch.nn.LSTM(1, 1) holding the settings' gates: weight_ih_l0 [4, 1] is each gate's w_x
    in the order i, f, g, o, weight_hh_l0 their w_h, bias_ih_l0 their b, bias_hh_l0 zeros."""
    module = torch.nn.LSTM(1, 1)
    rows = [s[key] for key in GATES.values()]
    with torch.no_grad():
        module.weight_ih_l0.copy_(torch.tensor([[row[0]] for row in rows]))
        module.weight_hh_l0.copy_(torch.tensor([[row[1]] for row in rows]))
        module.bias_ih_l0.copy_(torch.tensor([row[2] for row in rows]))
        module.bias_hh_l0.zero_()
    return module


def lstm_numbers(s):
    """Every number the widget shows for these settings: each gate, c_t, h_t, and dL/dh_t, dL/dc_t
    for L = h_T, from nn.LSTM and autograd through generate.py's checked step-by-step run."""
    steps = len(s["input"])
    x = torch.tensor(s["input"], dtype=torch.float32).reshape(steps, 1)
    zeros = [torch.zeros(1, 1), torch.zeros(1, 1)]
    grad_output = torch.zeros(steps, 1)
    grad_output[-1, 0] = 1.0
    out = run_recurrent("lstm-widget", "lstm", lstm_module(s), x, zeros, [grad_output, torch.zeros(1, 1), torch.zeros(1, 1)],
                        False, False, "tanh", torch.float32)
    flat = lambda key: out[key].reshape(-1).tolist()
    return {
        "gates": {gate: flat(f"gate_{gate}") for gate in GATES},
        "cells": flat("cells"), "hidden": flat("output"), "gradCells": flat("grad_cells"), "gradHidden": flat("grad_hidden"),
    }


def run(case):
    s = settings_of(case)
    return {"settings": s, **lstm_numbers(s)}


# The numbers the lesson (lessons/08-memory-and-attention/02-the-gates-of-an-lstm.md and its
# .zh.md) states, each as (the text the lesson writes, PyTorch's value): lesson_expected's
# check_claims fails if a value does not round to its text. Statements without a number are asserted.
def unit(**changed):
    """The lesson's unit with some settings changed."""
    return lstm_numbers(settings_of(changed))


def claims():
    lesson, shut = unit(), unit(forgetGate=[0, 0, 0])
    gates = lesson["gates"]
    # Try it: the write at step 1 kept to step 6; the gradient reaching c_1 with the bias at 5 and 0.
    out = [("0.958", lesson["cells"][0]), ("0.926", lesson["cells"][5]),
           ("0.450", lesson["gradCells"][0]), ("0.031", shut["gradCells"][0])]
    # The input gate writes on a 1 only; the forget gate is sigmoid(5) at every step, under 1 % lost.
    out += [("0.9933", gates["input"][0]), ("0.0067", gates["input"][1]), ("0.9933", gates["forget"][0]),
            ("0.9640", gates["cell"][0]), ("1", 100 * (1 - gates["forget"][0]))]
    assert len(set(gates["forget"])) == 1 and 1 - gates["forget"][0] < 0.01
    # Three gates: forget 0 halves, -5 erases; a second 1 adds; a closed output gate hides the cell.
    out += [("0.5", shut["gates"]["forget"][0]), ("0.030", shut["cells"][5])]
    erased = unit(forgetGate=[0, 0, -5])
    assert erased["cells"][1] < 0.01 * erased["cells"][0]
    counted = unit(input=[1, 0, 0, 1, 0, 0])
    out += [("1.896", counted["cells"][3])]
    hidden = unit(outputGate=[0, 0, -10])
    out += [("0.926", hidden["cells"][5])] + [("0.00003", h) for h in hidden["hidden"]]
    # The gradient along the cell: with every w_h at 0, the last one times the forget gates.
    out += [("0.466", lesson["gradCells"][5])]
    forget = gates["forget"][0]
    for t in range(5):
        assert abs(lesson["gradCells"][t + 1] * forget - lesson["gradCells"][t]) < 1e-6
        assert lesson["gradHidden"][t] == 0
    # Exercises' workings and likely mistakes. The first and the last take the forget gate's bias
    # to 2, between the text's 5 and 0; the third adds a third 1 to the text's 1, 0, 0, 1, 0, 0.
    kept = unit(forgetGate=[0, 0, 2])
    f2 = kept["gates"]["forget"][0]
    assert len(set(kept["gates"]["forget"])) == 1 and kept["cells"][0] == lesson["cells"][0]
    out += [("0.8808", f2), ("0.881", f2), ("0.9576", kept["cells"][0]), ("0.958", kept["cells"][0]),
            ("0.0067", kept["gates"]["input"][1]), ("0.843", kept["cells"][1]), ("12", 100 * (1 - f2)),
            ("0.951", lesson["cells"][1]), ("0.9933", gates["forget"][0]), ("0.479", shut["cells"][1])]
    assert kept["gates"]["cell"][1] == 0
    out += [("0.239", shut["cells"][2]), ("0.120", shut["cells"][3])]
    third = unit(input=[1, 0, 0, 1, 0, 1])
    write = third["gates"]["input"][5] * third["gates"]["cell"][5]
    f = third["gates"]["forget"]
    assert third["cells"][3] == counted["cells"][3]
    out += [("1.896", third["cells"][3]), ("1.8961", third["cells"][3]), ("1.8834", third["cells"][4]),
            ("1.883", third["cells"][4]), ("1.8708", f[5] * third["cells"][4]), ("0.9576", write), ("0.958", write),
            ("0.9640", third["gates"]["cell"][5]), ("2.828", third["cells"][5]),
            ("2.854", third["cells"][3] + write), ("2.841", third["cells"][4] + write)]
    assert abs(f[4] * third["cells"][3] - third["cells"][4]) < 1e-6 and abs(f[5] * third["cells"][4] + write - third["cells"][5]) < 1e-6
    out += [("0.776", kept["gradCells"][5]), ("0.7757", kept["gradCells"][5]), ("0.5301", f2 ** 5), ("0.530", f2 ** 5),
            ("0.411", kept["gradCells"][0]), ("0.031", shut["gradCells"][0]), ("0.450", lesson["gradCells"][0]),
            ("0.967", gates["forget"][0] ** 5), ("0.362", kept["gradCells"][5] * f2 ** 6), ("0.683", kept["gradCells"][4]),
            ("0.024", kept["gradCells"][5] * 0.5 ** 5)]
    for t in range(5):
        assert abs(kept["gradCells"][t + 1] * f2 - kept["gradCells"][t]) < 1e-6 and kept["gradHidden"][t] == 0
    # The lesson's PyTorch code prints the widget's cells and the gradients reaching them.
    lines = printed_by("08-memory-and-attention/02-the-gates-of-an-lstm.md")
    assert ast.literal_eval(lines[0]) == lesson["cells"] and ast.literal_eval(lines[1]) == lesson["gradCells"], lines
    return out


KEYS = {"input": "input", "input_gate": "inputGate", "forget_gate": "forgetGate", "cell_gate": "cellGate",
        "output_gate": "outputGate", "selected": "selected"}
# The numbers an exercise may name, by their name in a core line (a step T from 1 follows).
NUMBERS = {"cell": "cells", "hidden": "hidden", "grad_cell": "gradCells", "grad_hidden": "gradHidden"}


def query_value(name, value):
    """One value of an exercise's playground query, under its settings key's form."""
    return int(value) if name == "selected" else [float(v) for v in value.split(",")]


def exercise_value(settings, spec):
    """The number an exercise's core line names: gate NAME T (NAME input, forget, cell or
    output), cell T, hidden T, grad_cell T or grad_hidden T, step T from 1."""
    words = spec.split()
    numbers = lstm_numbers(settings_of(settings))
    if words[0] == "gate":
        return numbers["gates"][words[1]][int(words[2]) - 1]
    return numbers[NUMBERS[words[0]]][int(words[1]) - 1]


def main():
    torch.set_flush_denormal(False)
    torch.set_num_threads(1)
    check_claims(claims())
    lessons = lesson_cases("lstm-widget", KEYS, query_value, exercise_value)
    write_expected(__file__, CASES + lessons, run, [])


if __name__ == "__main__":
    main()
