// The sequence family through its JS API against PyTorch 1.13's golden data
// (tests/golden/sequence): a ReLU RNN's every output and gradient, and attention's scores, to
// the bit; a tanh RNN, an LSTM and attention's weights, output and gradients within
// max(1e-6, 1e-5 |e|), or the case's own tolerance where the golden file gives one (twice
// PyTorch's float32 distance from its float64 answer). core/sequence/README.md says why.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadSequence } from 'pooling-course/sequence';

import { assertBits, assertNear } from './golden-asserts.mjs';
import { loadSequenceGolden, paramsOf } from './sequence-golden.mjs';

const sequence = await loadSequence();
const cases = loadSequenceGolden(new URL('../golden/sequence/sequence.golden', import.meta.url));

// Within the golden tolerance, or bit for bit when `exact`.
function check(c, key, actual, exact) {
  if (exact) assertBits(c.values[key], actual, `${c.name} (line ${c.line}): ${key}`);
  else assertNear(c, key, actual);
}

function checkParamGradients(c, g, exact) {
  check(c, 'grad_w_ih', g.wIh, exact);
  check(c, 'grad_w_hh', g.wHh, exact);
  if (!c.values.b_ih) {
    assert.equal(g.bIh, null);
    assert.equal(g.bHh, null);
    return;
  }
  check(c, 'grad_b_ih', g.bIh, exact);
  check(c, 'grad_b_hh', g.bHh, exact);
}

test('the golden file has both nonlinearities, both layers, masks, and the edges', () => {
  const names = new Set(cases.map((c) => c.name));
  assert.ok(cases.some((c) => c.op === 'rnn' && c.nonlinearity === 'relu'));
  assert.ok(cases.some((c) => c.op === 'rnn' && c.nonlinearity === 'tanh'));
  assert.ok(cases.some((c) => c.op === 'lstm' && !c.values.b_ih));
  assert.ok(cases.some((c) => c.op === 'attention' && c.numbers.causal[0] === 1));
  for (const name of ['rnn_t1', 'rnn_relu_exploding', 'rnn_nonfinite', 'lstm_saturating', 'lstm_output_only',
    'attention_one_key', 'attention_overflowing', 'attention_masked_infinity']) {
    assert.ok(names.has(name), name);
  }
});

for (const c of cases.filter((c) => c.op === 'rnn')) {
  test(`${c.name}: rnn and rnnBackward match PyTorch`, () => {
    const shape = c.numbers.input_shape;
    const options = { nonlinearity: c.nonlinearity };
    const h0 = c.values.h0 ?? null;
    const exact = c.nonlinearity === 'relu';
    const out = sequence.rnn(c.values.input, shape, paramsOf(c), h0, options);
    check(c, 'output', out.output, exact);
    check(c, 'h_n', out.hN, exact);
    const g = sequence.rnnBackward(c.values.grad_output, c.values.grad_hn ?? null, c.values.input, shape,
      paramsOf(c), h0, options);
    check(c, 'grad_input', g.gradInput, exact);
    check(c, 'grad_h0', g.gradH0, exact);
    check(c, 'grad_hidden', g.gradHidden, exact);
    checkParamGradients(c, g.gradParams, exact);
  });
}

for (const c of cases.filter((c) => c.op === 'lstm')) {
  test(`${c.name}: lstm and lstmBackward match PyTorch`, () => {
    const shape = c.numbers.input_shape;
    const state = c.values.h0 ? { h0: c.values.h0, c0: c.values.c0 } : null;
    const out = sequence.lstm(c.values.input, shape, paramsOf(c), state);
    for (const [key, actual] of [['output', out.output], ['h_n', out.hN], ['c_n', out.cN], ['cells', out.cells],
      ['gate_input', out.gates.input], ['gate_forget', out.gates.forget], ['gate_cell', out.gates.cell],
      ['gate_output', out.gates.output]]) {
      check(c, key, actual, false);
    }
    const g = sequence.lstmBackward(c.values.grad_output, c.values.grad_hn ?? null, c.values.grad_cn ?? null,
      c.values.input, shape, paramsOf(c), state);
    for (const [key, actual] of [['grad_input', g.gradInput], ['grad_h0', g.gradH0], ['grad_c0', g.gradC0],
      ['grad_hidden', g.gradHidden], ['grad_cells', g.gradCells]]) {
      check(c, key, actual, false);
    }
    checkParamGradients(c, g.gradParams, false);
  });
}

for (const c of cases.filter((c) => c.op === 'attention')) {
  test(`${c.name}: attention and attentionBackward match PyTorch`, () => {
    const v = c.values;
    const [qs, ks, vs] = [c.numbers.query_shape, c.numbers.key_shape, c.numbers.value_shape];
    const options = { causal: c.numbers.causal[0] === 1 };
    const out = sequence.attention(v.query, qs, v.key, ks, v.value, vs, options);
    check(c, 'scores', out.scores, true);
    check(c, 'weights', out.weights, false);
    check(c, 'output', out.output, false);
    const g = sequence.attentionBackward(v.grad_output, v.query, qs, v.key, ks, v.value, vs, options);
    check(c, 'grad_query', g.gradQuery, false);
    check(c, 'grad_key', g.gradKey, false);
    check(c, 'grad_value', g.gradValue, false);
  });
}
