"""What torch.nn.RNN(1, 1) answers for the sequences the <rnn-widget> specs set up: one unit
(input size I = 1, hidden size H = 1) run over the inputs x_1..x_T from h_0, h_t = act(w_ih x_t +
w_hh h_{t-1} + b), with the loss L = h_T (the last state: a gradient of 1 at the last step of the
output, none for h_n). For each case it records every state h_t, the gradient reaching each step
∂L/∂h_t, and autograd's gradients of w_hh, w_ih, the bias and h_0.

The numbers come from `run_recurrent` of tests/golden/sequence/generate.py, which made the
core's golden data: it calls nn.RNN once for the outputs and the parameters' gradients, and runs
the same steps again with each h_t kept (retain_grad) for ∂L/∂h_t, asserting that the two runs
agree bit for bit. The widget's bias is nn.RNN's bias_ih_l0; bias_hh_l0 is 0.

The cases are the specs' own and the widget of every lesson whose element is <rnn-widget> (read
from its front matter, named "lesson <file>"), with each of their exercises that names a number
in its core line (under its playground query over the lesson's settings), whose stated answer is
checked before anything is written; so are the numbers the lesson's text, its exercises' workings
and their likely mistakes state (claims() below). Writes rnn-expected.json beside this file; run with a Python that has PyTorch:
/usr/bin/python3 tests/e2e/rnn-expected.py"""
import ast

import torch

from lesson_expected import check_claims, golden_generator, lesson_cases, printed_by, write_expected


run_recurrent = golden_generator("sequence").run_recurrent

DEFAULTS = {
    "input": [1, 0, 0, 0, 0, 0, 0, 0], "wIh": 1, "wHh": 0.5, "bias": 0, "h0": 0, "nonlinearity": "tanh",
}

# Each case is the widget's settings under their keys; the defaults where not given.
CASES = [
    {"name": "defaults"},
    {"name": "relu, w_hh 0.5: the gradient halves at each step back", "nonlinearity": "relu"},
    {"name": "relu, w_hh 0.9", "nonlinearity": "relu", "wHh": 0.9},
    {"name": "relu, w_hh 1: the gradient stays 1", "nonlinearity": "relu", "wHh": 1},
    {"name": "relu, w_hh 1.5: the gradient grows", "nonlinearity": "relu", "wHh": 1.5},
    {"name": "tanh, w_hh 1.5: saturated, the gradient still fades", "wHh": 1.5},
    {"name": "tanh, a large input saturates the first step", "input": [5, 0, 0, 0, 0, 0], "wIh": 2, "wHh": 1.5},
    {"name": "a negative w_hh alternates the signs", "wHh": -0.8},
    {"name": "a starting state and a bias", "h0": 0.5, "bias": -0.2, "wHh": 0.7, "input": [0.3, -0.1, 0.2, 0.4, -0.5]},
    {"name": "relu units at 0 exactly: no gradient through the kink", "nonlinearity": "relu",
     "input": [1, -1, 0, 2], "wHh": 1},
    {"name": "one step", "input": [0.7], "h0": -0.3, "bias": 0.1, "wHh": 1.2},
    {"name": "twelve steps, relu, w_hh 2: the gradient doubles at each step back", "nonlinearity": "relu",
     "wHh": 2, "input": [1] + [0] * 11},
    {"name": "mixed inputs", "input": [0.5, -1.25, 2, 0.1, -0.3, 1.5, -2, 0.75, 0, 1], "wIh": 0.8, "wHh": 0.95,
     "bias": 0.05, "h0": 0.2},
    {"name": "limits: every weight at 100", "input": [100, -100], "wIh": 100, "wHh": -100, "bias": 100, "h0": -100},
]


def settings_of(case):
    """The case's settings over the defaults."""
    return {**DEFAULTS, **{key: value for key, value in case.items() if key in DEFAULTS}}


def rnn_numbers(s):
    """nn.RNN(1, 1) over the settings' inputs, backward from L = h_T."""
    T = len(s["input"])
    module = torch.nn.RNN(1, 1, nonlinearity=s["nonlinearity"])
    with torch.no_grad():
        module.weight_ih_l0.fill_(s["wIh"])
        module.weight_hh_l0.fill_(s["wHh"])
        module.bias_ih_l0.fill_(s["bias"])
        module.bias_hh_l0.fill_(0)
    x = torch.tensor(s["input"], dtype=torch.float32).reshape(T, 1)
    h0 = torch.tensor([[s["h0"]]], dtype=torch.float32)
    grad_output = torch.zeros(T, 1)
    grad_output[-1, 0] = 1
    out = run_recurrent("rnn-widget", "rnn", module, x, [h0], [grad_output, torch.zeros(1, 1), torch.zeros(1, 1)],
                        False, False, s["nonlinearity"], torch.float32)
    return {
        "states": out["output"].flatten().tolist(),
        "gradHidden": out["grad_hidden"].flatten().tolist(),
        "gradWHh": out["grad_w_hh"].item(),
        "gradWIh": out["grad_w_ih"].item(),
        "gradBias": out["grad_b_ih"].item(),
        "gradH0": out["grad_h0"].item(),
    }


def run(case):
    s = settings_of(case)
    return {"settings": s, **rnn_numbers(s)}


# The numbers the lesson (lessons/08-memory-and-attention/01-a-recurrent-cell.md and its .zh.md)
# states, each as (the text the lesson writes, PyTorch's value): lesson_expected's check_claims
# fails if a value does not round to its text. Statements without a number are asserted.
def unit(w_hh, nonlinearity="relu", steps=8):
    """The lesson's cell: a 1, then 0s, through nn.RNN(1, 1) with w_ih 1 and no bias."""
    return rnn_numbers(settings_of({"input": [1] + [0] * (steps - 1), "wHh": w_hh, "nonlinearity": nonlinearity}))


def claims():
    half, big, one = unit(0.5), unit(1.5), unit(1.0)
    # Try it, and one cell used at every step: the state halves, h_t = 0.5^(t-1) exactly.
    out = [("0.0078", half["states"][7]), ("0.0078", half["gradHidden"][0]),
           ("17.09", big["states"][7]), ("17.09", big["gradHidden"][0])]
    assert half["states"] == [0.5 ** t for t in range(8)]
    # The way back: w_hh^7 reaches step 1; exactly 1 keeps it at 1; over 50 steps.
    assert half["gradHidden"][0] == 0.5 ** 7 and one["gradHidden"] == [1.0] * 8 and one["states"] == [1.0] * 8
    out += [("1.8", unit(0.5, steps=50)["gradHidden"][0] * 1e15), ("4.3", unit(1.5, steps=50)["gradHidden"][0] / 1e8)]
    # tanh bounds the state, not the gradient: it settles near 0.858, where each step back
    # multiplies by 1.5 times a slope of 0.263, and less reaches step 1 than with w_hh 0.5.
    tanh, tanh_half = unit(1.5, "tanh"), unit(0.5, "tanh")
    last = tanh["states"][7]
    assert abs(last - tanh["states"][6]) < 1e-3 and all(abs(h) < 1 for h in tanh["states"])
    out += [("0.858", last), ("0.8584", last), ("0.263", 1 - last ** 2), ("0.39", 1.5 * (1 - last ** 2)),
            ("0.0023", tanh["gradHidden"][0]), ("0.0065", tanh_half["gradHidden"][0])]
    assert tanh["gradHidden"][0] < tanh_half["gradHidden"][0]
    # The weight's gradient: seven equal terms, gradient reaching step t times h_{t-1}.
    terms = [half["gradHidden"][t] * half["states"][t - 1] for t in range(1, 8)]
    assert terms == [0.015625] * 7
    out += [("0.015625", terms[0]), ("0.109375", half["gradWHh"])]
    # Exercises' workings and likely mistakes, each the next case of the text's: twelve steps
    # instead of eight, tanh with w_hh 2 instead of 1.5, and the weight's gradient for 1.5.
    long, longer = unit(1.5, steps=12), unit(1.5, steps=13)
    out += [("86.5", long["gradHidden"][0]), ("129.7", longer["gradHidden"][0]), ("16.5", 11 * 1.5),
            ("17.09", big["gradHidden"][0]), ("5.06", long["gradHidden"][0] / big["gradHidden"][0])]
    steep = unit(2.0, "tanh")
    steep_last = steep["states"][7]
    out += [("0.9575", steep_last), ("0.0832", 1 - steep_last ** 2), ("0.083", 1 - steep_last ** 2),
            ("0.166", 2 * (1 - steep_last ** 2)), ("0.1664", steep["gradHidden"][6]),
            ("0.395", 1.5 * (1 - last ** 2)), ("0.858", last), ("1.834", 2 * steep_last ** 2)]
    assert abs(steep["gradHidden"][6] - 2 * (1 - steep_last ** 2)) < 1e-6 and steep["gradHidden"][7] == 1
    big_terms = [big["gradHidden"][t] * big["states"][t - 1] for t in range(1, 8)]
    assert big_terms == [1.5 ** 6] * 7 and big["states"][0] == 1
    out += [("79.734375", big["gradWHh"]), ("11.390625", big_terms[0]), ("91.125", 8 * big_terms[0]),
            ("17.0859375", big["gradHidden"][0]), ("0.109375", half["gradWHh"])]
    # The lesson's PyTorch code prints the widget's states, gradients and the weight's gradient.
    lines = printed_by("08-memory-and-attention/01-a-recurrent-cell.md")
    assert ast.literal_eval(lines[0]) == half["states"] and ast.literal_eval(lines[1]) == half["gradHidden"], lines
    assert float(lines[2]) == half["gradWHh"] == 0.109375, lines
    return out


KEYS = {"input": "input", "w_ih": "wIh", "w_hh": "wHh", "bias": "bias", "h0": "h0", "nonlinearity": "nonlinearity"}


def query_value(name, value):
    """One value of an exercise's playground query, under its settings key's form."""
    key = KEYS[name]
    if key == "input":
        return [float(v) for v in value.split(",")]
    return value if key == "nonlinearity" else float(value)


def exercise_value(settings, spec):
    """The number an exercise's core line names: hidden T, grad T (steps from 1), grad_w_hh,
    grad_w_ih, grad_bias or grad_h0."""
    name, *step = spec.split()
    numbers = rnn_numbers(settings_of(settings))
    if name in ("hidden", "grad"):
        return numbers["states" if name == "hidden" else "gradHidden"][int(step[0]) - 1]
    return numbers[{"grad_w_hh": "gradWHh", "grad_w_ih": "gradWIh", "grad_bias": "gradBias", "grad_h0": "gradH0"}[name]]


def main():
    torch.set_flush_denormal(False)
    torch.set_num_threads(1)
    check_claims(claims())
    lessons = lesson_cases("rnn-widget", KEYS, query_value, exercise_value)
    write_expected(__file__, CASES + lessons, run, [])


if __name__ == "__main__":
    main()
