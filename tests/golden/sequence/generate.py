#!/usr/bin/python3
"""Writes sequence.golden: what PyTorch answers for the sequence family, forward and backward:
torch.nn.RNN (tanh and relu) and torch.nn.LSTM, one layer, on unbatched sequences, with
autograd's gradients of the input, the starting state and every weight, and the whole gradient
reaching each step's hidden state (and cell); and scaled dot-product attention as
nn.MultiheadAttention computes it (torch/nn/functional.py, multi_head_attention_forward), with
and without a causal mask.

Run with a Python that has PyTorch (on this machine:
/usr/bin/python3 tests/golden/sequence/generate.py). The output is committed, so the C++ and
Node tests never need PyTorch. The format is described in README.md next to this file.

nn.RNN and nn.LSTM run their steps inside ATen, where no hook reaches a step's h_t or c_t. So
`rnn_steps` and `lstm_steps` below run the same steps with the same torch operations as ATen's
RNN.cpp (the input projected for every step at once, then per step linear_hh(h) + that, the
LSTM's gates chunked i, f, g, o), keep each step's h_t and c_t, and their gradients; each case
asserts that they give nn.RNN's or nn.LSTM's outputs and every gradient bit for bit before it
writes anything, and the file takes the outputs and gradients from the modules themselves.

Every random tensor is drawn from a generator seeded by the case's name, so adding, removing or
reordering cases leaves the other cases' numbers unchanged.
"""

import copy
import math
import pathlib
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from golden_text import Cases, floats, own_rounding, same_bits, seeded, write_golden  # noqa: E402

OUTPUT_PATH = pathlib.Path(__file__).with_name("sequence.golden")
NAN, INF = float("nan"), float("inf")

cases = Cases()  # one list of lines per case, in file order
add = cases.add


def assert_same(expected, actual, what):
    assert same_bits(expected, actual), f"{what}: the step-by-step run differs from the module"


# ---- RNN and LSTM ----

def rnn_steps(x, h0, params, nonlinearity):
    """nn.RNN's steps on the CPU (aten/src/ATen/native/RNN.cpp): the input projected for every
    step at once (F.linear on [T, 1, I]), then h_t = act(linear_hh(h_{t-1}) + projected[t])."""
    w_ih, w_hh, *biases = params
    b_ih, b_hh = biases if biases else (None, None)
    act = torch.tanh if nonlinearity == "tanh" else torch.relu
    projected = F.linear(x.unsqueeze(1), w_ih, b_ih)
    h, hs = h0, []
    for t in range(x.shape[0]):
        h = act(F.linear(h, w_hh, b_hh) + projected[t])
        h.retain_grad()
        hs.append(h)
    return hs


def lstm_steps(x, h0, c0, params):
    """nn.LSTM's steps on the CPU (RNN.cpp's LSTMCell): gates = linear_hh(h) + projected[t],
    chunked i, f, g, o; c = f * c + i * g; h = o * tanh(c)."""
    w_ih, w_hh, *biases = params
    b_ih, b_hh = biases if biases else (None, None)
    projected = F.linear(x.unsqueeze(1), w_ih, b_ih)
    h, c, hs, cs, gates = h0, c0, [], [], []
    for t in range(x.shape[0]):
        i, f, g, o = (F.linear(h, w_hh, b_hh) + projected[t]).chunk(4, 1)
        i, f, g, o = torch.sigmoid(i), torch.sigmoid(f), torch.tanh(g), torch.sigmoid(o)
        c = f * c + i * g
        h = o * torch.tanh(c)
        h.retain_grad()
        c.retain_grad()
        hs.append(h)
        cs.append(c)
        gates.append((i, f, g, o))
    return hs, cs, gates


def fill(module, g, scale):
    with torch.no_grad():
        for p in module.parameters():
            p.copy_(torch.randn(p.shape, generator=g) * scale)


def run_recurrent(name, kind, module, x, state, grads, grad_hn, grad_cn, nonlinearity, dtype):
    """The module's outputs and autograd's gradients in `dtype`, by name, with each step's h_t and
    c_t gradients from the step-by-step run, which must give the module's numbers bit for bit."""
    module = copy.deepcopy(module).to(dtype)
    x = x.detach().to(dtype).requires_grad_(True)
    state = [s.detach().to(dtype).requires_grad_(True) for s in state]
    grads = [gr.to(dtype) for gr in grads]
    params = list(module.parameters())
    wanted = [grad_hn, grad_cn]

    def backward(output, ends):
        ends = [(t, gr) for (t, gr), want in zip(ends, wanted) if want]
        torch.autograd.backward([output] + [t for t, _ in ends], [grads[0]] + [gr for _, gr in ends])

    out = {}
    if kind == "rnn":
        output, h_n = module(x, state[0])
        backward(output, [(h_n, grads[1])])
    else:
        output, (h_n, c_n) = module(x, (state[0], state[1]))
        backward(output, [(h_n, grads[1]), (c_n, grads[2])])
        out["c_n"] = c_n
    out.update(output=output, h_n=h_n)
    leaves = {"grad_input": x, "grad_h0": state[0], "grad_w_ih": params[0], "grad_w_hh": params[1]}
    if kind == "lstm":
        leaves["grad_c0"] = state[1]
    if len(params) == 4:
        leaves.update(grad_b_ih=params[2], grad_b_hh=params[3])
    for key, leaf in leaves.items():
        out[key] = leaf.grad.clone()
        leaf.grad = None

    if kind == "rnn":
        hs = rnn_steps(x, state[0], params, nonlinearity)
        ends = [(hs[-1], grads[1])]
    else:
        hs, cs, gates = lstm_steps(x, state[0], state[1], params)
        ends = [(hs[-1], grads[1]), (cs[-1], grads[2])]
    steps_output = torch.stack(hs).squeeze(1)
    assert_same(output, steps_output, f"{name} output")
    backward(steps_output, ends)
    for key, leaf in leaves.items():
        assert_same(out[key], leaf.grad, f"{name} {key}")
    out["grad_hidden"] = torch.cat([h.grad for h in hs])
    if kind == "lstm":
        out["cells"] = torch.cat(cs)
        out["grad_cells"] = torch.cat([c.grad for c in cs])
        for k, key in enumerate(["gate_input", "gate_forget", "gate_cell", "gate_output"]):
            out[key] = torch.cat([step[k] for step in gates])
    return out


def recurrent_case(name, comment, kind, T, I, H, bias=True, nonlinearity="tanh", given_h0=True,
                   grad_hn=True, grad_cn=True, scale=0.5, input_scale=1.0, make=None):
    """One nn.RNN or nn.LSTM call on an unbatched [T, I] input and its backward pass for a random
    gradient of the output (and of hN, cN where asked). `make(x, params, state, grads)` may edit
    the values before the call. A state not given is zeros, as the module's own."""
    g = seeded(name)
    module = (torch.nn.RNN(I, H, nonlinearity=nonlinearity, bias=bias) if kind == "rnn"
              else torch.nn.LSTM(I, H, bias=bias))
    fill(module, g, scale)
    x = torch.randn(T, I, generator=g) * input_scale
    state = [torch.randn(1, H, generator=g) if given_h0 else torch.zeros(1, H)
             for _ in range(1 if kind == "rnn" else 2)]
    grads = [torch.randn(T, H, generator=g), torch.randn(1, H, generator=g),
             torch.randn(1, H, generator=g)]
    params = list(module.parameters())
    if make:
        with torch.no_grad():
            make(x, params, state, grads)
    grad_cn = grad_cn and kind == "lstm"
    run = lambda dtype: run_recurrent(name, kind, module, x, state, grads, grad_hn, grad_cn,
                                      nonlinearity, dtype)
    out = run(torch.float32)

    lines = [f"op {kind}"]
    if kind == "rnn":
        lines.append(f"nonlinearity {nonlinearity}")
    lines += [f"input_shape {T} {I}", f"hidden {H}"]
    # A long or saturated recurrence carries float32's own rounding along, and the core's
    # transcendental functions round otherwise (and may land on the other side of the exact
    # answer). ReLU networks are held to the bit.
    if nonlinearity == "tanh" or kind == "lstm":
        lines += own_rounding(name, out, run(torch.float64))
    lines.append(f"input {floats(x)}")
    lines += [f"{key} {floats(p)}" for key, p in zip(["w_ih", "w_hh", "b_ih", "b_hh"], params)]
    if given_h0:
        lines += [f"{key} {floats(s)}" for key, s in zip(["h0", "c0"], state)]
    keys = ["output", "h_n"]
    if kind == "lstm":
        keys += ["c_n", "cells", "gate_input", "gate_forget", "gate_cell", "gate_output"]
    lines += [f"{key} {floats(out[key])}" for key in keys]
    lines.append(f"grad_output {floats(grads[0])}")
    if grad_hn:
        lines.append(f"grad_hn {floats(grads[1])}")
    if grad_cn:
        lines.append(f"grad_cn {floats(grads[2])}")
    keys = ["grad_input", "grad_h0", "grad_c0", "grad_w_ih", "grad_w_hh", "grad_b_ih",
            "grad_b_hh", "grad_hidden", "grad_cells"]
    lines += [f"{key} {floats(out[key])}" for key in keys if key in out]
    add(name, comment, lines)


def nonfinite(x, params, state, grads):
    x[0, 0] = NAN
    x[2, 1] = INF
    params[0][1, 2] = -INF


def nonfinite_gradient(x, params, state, grads):
    grads[0][1, 0] = INF
    grads[0][2, 1] = NAN


def relu_kink(x, params, state, grads):
    # Unit 0's input is exactly 0 at every step: relu(0) = 0, and its gradient there is 0.
    x.zero_()
    params[1][0].zero_()
    params[2][0] = 0.0
    params[3][0] = 0.0


def exploding(x, params, state, grads):
    # W_hh = 1.5 I: through ReLU each step multiplies the gradient by 1.5.
    params[1].copy_(torch.eye(params[1].shape[0]) * 1.5)
    params[0].abs_()
    x.abs_()


def rnn_cases():
    recurrent_case("rnn_tanh", "nn.RNN(3, 4) tanh on [5, 3], h0 given, gradients of output and hN",
                   "rnn", 5, 3, 4)
    recurrent_case("rnn_relu", "nn.RNN(3, 4, nonlinearity='relu')", "rnn", 5, 3, 4,
                   nonlinearity="relu")
    recurrent_case("rnn_no_bias", "nn.RNN(2, 3, bias=False), h0 zeros", "rnn", 4, 2, 3, bias=False,
                   given_h0=False)
    recurrent_case("rnn_t1", "T = 1", "rnn", 1, 3, 2)
    recurrent_case("rnn_t1_h1_i1", "T = I = H = 1, relu", "rnn", 1, 1, 1, nonlinearity="relu")
    recurrent_case("rnn_no_grad_hn", "hN unused: only the output's gradient", "rnn", 6, 2, 3,
                   grad_hn=False)
    recurrent_case("rnn_saturating", "large weights: tanh saturates and the gradient fades",
                   "rnn", 12, 3, 5, scale=4.0, input_scale=3.0)
    recurrent_case("rnn_relu_exploding", "W_hh = 1.5 I, relu: the gradient grows going back",
                   "rnn", 16, 2, 3, nonlinearity="relu", make=exploding)
    recurrent_case("rnn_relu_kink", "relu with unit 0 on its kink at every step", "rnn", 4, 2, 3,
                   nonlinearity="relu", make=relu_kink)
    recurrent_case("rnn_nonfinite", "NaN and +-inf in the input and W_ih", "rnn", 5, 3, 4,
                   make=nonfinite)
    recurrent_case("rnn_nonfinite_gradient", "inf and NaN in the output's gradient", "rnn", 4, 2, 3,
                   nonlinearity="relu", make=nonfinite_gradient)
    recurrent_case("rnn_long", "T = 20, H = 33: b_ih's gradient sums 20 rows, a chunk of 16 and "
                   "4 more, 32 columns as vectors and 1 as interleaved lanes", "rnn", 20, 2, 33,
                   scale=0.2)
    recurrent_case("rnn_h1_long", "H = 1, T = 37: one contiguous column of gradients to sum",
                   "rnn", 37, 2, 1)
    recurrent_case("rnn_h9_t20", "H = 9, T = 20: a vector of 8 columns and one more", "rnn", 20, 4, 9,
                   nonlinearity="relu", scale=0.3)


def lstm_cases():
    recurrent_case("lstm_basic", "nn.LSTM(3, 4) on [5, 3], state given, gradients of output, hN, cN",
                   "lstm", 5, 3, 4)
    recurrent_case("lstm_zero_state", "no state: h0 = c0 = 0", "lstm", 4, 2, 3, given_h0=False)
    recurrent_case("lstm_no_bias", "bias=False", "lstm", 4, 3, 2, bias=False)
    recurrent_case("lstm_t1", "T = 1", "lstm", 1, 2, 3)
    recurrent_case("lstm_h1", "H = 1: four gate rows", "lstm", 6, 2, 1)
    recurrent_case("lstm_output_only", "hN and cN unused", "lstm", 5, 2, 3, grad_hn=False,
                   grad_cn=False)
    recurrent_case("lstm_no_grad_cn", "cN unused", "lstm", 5, 2, 3, grad_cn=False)
    recurrent_case("lstm_saturating", "large weights and inputs: the gates saturate at 0 and 1",
                   "lstm", 10, 3, 4, scale=5.0, input_scale=4.0)
    recurrent_case("lstm_nonfinite", "NaN and +-inf in the input and W_ih", "lstm", 5, 3, 4,
                   make=nonfinite)
    recurrent_case("lstm_long", "T = 20, H = 9 (36 gate rows: a block of 32 columns and 4 more)",
                   "lstm", 20, 3, 9, scale=0.3)
    recurrent_case("lstm_t20_h2", "T = 20, H = 2: 8 gate rows, one vector of columns", "lstm", 20, 3,
                   2)


# ---- A bias's gradient: a column sum ----

def column_sums_case(name, rows, columns):
    """torch.sum over dim 0, the sum autograd takes of a bias's gradient over the steps, on
    values of widely spread magnitudes, so that the order of the sum shows."""
    g = seeded(name)
    values = torch.randn(rows, columns, generator=g) * torch.exp(torch.randn(rows, columns, generator=g) * 3)
    lines = ["op column_sums", f"shape {rows} {columns}", f"values {floats(values)}",
             f"sums {floats(values.sum(0))}"]
    add(name, f"[{rows}, {columns}].sum(0)", lines)


def column_sums_cases():
    column_sums_case("column_sums_300x5", 300, 5)      # 4 cascades 300 deep, 1 interleaved
    column_sums_case("column_sums_512x1", 512, 1)      # one contiguous column: 8 lanes
    column_sums_case("column_sums_7x1", 7, 1)          # shorter than the lanes
    column_sums_case("column_sums_60x36", 60, 36)      # 32 columns as vectors, 4 interleaved
    column_sums_case("column_sums_17x11", 17, 11)      # 8 to 31 columns: all interleaved


# ---- Attention ----

def mha_attention(q, k, v, mask):
    """The attention of torch/nn/functional.py's multi_head_attention_forward (PyTorch 1.13),
    one head, unbatched: its lines from `q_scaled = q / math.sqrt(E)` to the output's bmm."""
    q, k, v = q.unsqueeze(0), k.unsqueeze(0), v.unsqueeze(0)
    B, Nt, E = q.shape
    q_scaled = q / math.sqrt(E)
    if mask is not None:
        attn_output_weights = torch.baddbmm(mask, q_scaled, k.transpose(-2, -1))
    else:
        attn_output_weights = torch.bmm(q_scaled, k.transpose(-2, -1))
    scores = attn_output_weights
    attn_output_weights = F.softmax(attn_output_weights, dim=-1)
    attn_output = torch.bmm(attn_output_weights, v)
    return attn_output[0], attn_output_weights[0], scores[0]


def causal_mask(Lq, Lk):
    """-inf where key j comes after query i (j > i), as nn.Transformer's square mask."""
    return torch.triu(torch.full((Lq, Lk), -INF), diagonal=1)


def check_against_multihead_attention():
    """nn.MultiheadAttention with one head and identity projections gives mha_attention's
    output and weights bit for bit (finite values: 0 * x is 0 in the projections)."""
    g = seeded("multihead_attention")
    E, L, S = 4, 3, 5
    mha = torch.nn.MultiheadAttention(E, 1)
    with torch.no_grad():
        mha.in_proj_weight.copy_(torch.cat([torch.eye(E)] * 3))
        mha.in_proj_bias.zero_()
        mha.out_proj.weight.copy_(torch.eye(E))
        mha.out_proj.bias.zero_()
    q, k, v = (torch.randn(n, E, generator=g) for n in (L, S, S))
    for mask in (None, causal_mask(L, S)):
        out, weights = mha(q, k, v, attn_mask=mask)
        mine, my_weights, _ = mha_attention(q, k, v, mask)
        assert same_bits(out, mine) and same_bits(weights, my_weights), "MultiheadAttention differs"


def run_attention(q, k, v, grad_output, causal, dtype):
    """mha_attention's results and autograd's gradients in `dtype`, by name."""
    q, k, v = (t.detach().to(dtype).requires_grad_(True) for t in (q, k, v))
    mask = causal_mask(q.shape[0], k.shape[0]).to(dtype) if causal else None
    output, weights, scores = mha_attention(q, k, v, mask)
    output.backward(grad_output.to(dtype))
    return {"scores": scores, "weights": weights, "output": output, "grad_query": q.grad,
            "grad_key": k.grad, "grad_value": v.grad}


def attention_case(name, comment, Lq, Lk, d, dv, causal=False, scale=1.0, make=None):
    g = seeded(name)
    q = torch.randn(Lq, d, generator=g) * scale
    k = torch.randn(Lk, d, generator=g) * scale
    v = torch.randn(Lk, dv, generator=g)
    grad_output = torch.randn(Lq, dv, generator=g)
    if make:
        make(q, k, v, grad_output)
    out = run_attention(q, k, v, grad_output, causal, torch.float32)
    lines = ["op attention", f"causal {int(causal)}", f"query_shape {Lq} {d}",
             f"key_shape {Lk} {d}", f"value_shape {Lk} {dv}"]
    # A saturated softmax carries float32's own rounding along, and the core's softmax rounds
    # otherwise.
    lines += own_rounding(name, out, run_attention(q, k, v, grad_output, causal, torch.float64))
    lines += [f"query {floats(q)}", f"key {floats(k)}", f"value {floats(v)}"]
    lines += [f"{key} {floats(out[key])}" for key in ("scores", "weights", "output")]
    lines.append(f"grad_output {floats(grad_output)}")
    lines += [f"{key} {floats(out[key])}" for key in ("grad_query", "grad_key", "grad_value")]
    add(name, comment, lines)


def overflowing(q, k, v, grad_output):
    # Scores near 1000: exp overflows unless the row's largest score is subtracted first.
    q.copy_(torch.full_like(q, 40.0) + q)
    k.copy_(torch.full_like(k, 40.0) + k)


def ties(q, k, v, grad_output):
    k.copy_(k[0].expand_as(k))


def nonfinite_attention(q, k, v, grad_output):
    q[1, 0] = NAN   # query 1's scores are all NaN
    k[2, 1] = INF   # key 2 scores +-inf with the other queries
    v[0, 0] = -INF


def masked_infinity(q, k, v, grad_output):
    # q0 . k1 = +inf, masked for query 0: -inf + inf is NaN, and the whole row with it.
    q[0, 0] = 1.0
    k[1, 0] = INF


def attention_cases():
    check_against_multihead_attention()
    attention_case("attention_basic", "Lq 3, Lk 4, d 2, dv 5", 3, 4, 2, 5)
    attention_case("attention_causal", "causal, 4 x 4", 4, 4, 3, 3, causal=True)
    attention_case("attention_causal_more_queries", "causal on [Lq 5, Lk 3]: queries 2 to 4 see "
                   "every key", 5, 3, 2, 4, causal=True)
    attention_case("attention_causal_more_keys", "causal on [Lq 3, Lk 6]: keys 3 to 5 are never "
                   "seen", 3, 6, 4, 2, causal=True)
    attention_case("attention_one_key", "Lk = 1: every weight is 1", 4, 1, 3, 2)
    attention_case("attention_one_query", "Lq = 1, d = 1", 1, 5, 1, 3)
    attention_case("attention_1x1x1x1", "every side 1, causal", 1, 1, 1, 1, causal=True)
    attention_case("attention_overflowing", "scores near 1000: softmax subtracts the largest",
                   3, 4, 2, 2, make=overflowing)
    attention_case("attention_saturating", "large scores: one key takes nearly all the weight",
                   4, 5, 3, 2, scale=6.0)
    attention_case("attention_ties", "every key the same: equal weights", 3, 4, 3, 2, make=ties)
    attention_case("attention_nonfinite", "NaN in a query, +inf in a key, -inf in a value", 3, 4,
                   2, 2, make=nonfinite_attention)
    attention_case("attention_masked_infinity", "causal: +inf where the mask is -inf gives NaN",
                   2, 2, 1, 2, causal=True, make=masked_infinity)
    attention_case("attention_large", "Lq 12, Lk 17, d 9, dv 5: past 400 products, BLAS's path",
                   12, 17, 9, 5)
    attention_case("attention_large_causal", "causal, Lq 16, Lk 16, d 8, dv 4", 16, 16, 8, 4,
                   causal=True)


def write():
    rnn_cases()
    lstm_cases()
    column_sums_cases()
    attention_cases()
    write_golden(OUTPUT_PATH, "sequence",
                 "sequence family: nn.RNN and nn.LSTM through time, and attention, forward and "
                 "backward", cases)


if __name__ == "__main__":
    torch.set_flush_denormal(False)
    torch.set_num_threads(1)
    write()
