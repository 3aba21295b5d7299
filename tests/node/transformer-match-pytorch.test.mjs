// The transformer family through its JS API against PyTorch 1.13's golden data
// (tests/golden/transformer): the positional encoding's frequencies and the parameter counts to
// the bit, the table within max(1e-6, 1e-5 |e|); the encoder layer's output, its inside and
// every gradient within the same rule, or the case's own tolerance where the golden file gives
// one (twice PyTorch's float32 distance from its float64 answer). core/transformer/README.md
// says why.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadTransformer } from 'pooling-course/transformer';

import { assertBits, assertNear } from './golden-asserts.mjs';
import { loadTransformerGolden, optionsOf, PARAMS, paramsOf, sampled, TRACE } from './transformer-golden.mjs';

const transformer = await loadTransformer();
const cases = loadTransformerGolden(new URL('../golden/transformer/transformer.golden', import.meta.url));

test('the golden file has both activations, both norm orders, 1, 2 and 8 heads, and the edges', () => {
  const encoders = cases.filter((c) => c.op === 'encoder');
  for (const activation of ['relu', 'gelu']) assert.ok(encoders.some((c) => c.activation === activation));
  for (const first of [0, 1]) assert.ok(encoders.some((c) => c.numbers.norm_first[0] === first));
  for (const nhead of [1, 2, 8]) assert.ok(encoders.some((c) => c.numbers.nhead[0] === nhead), `nhead ${nhead}`);
  for (const [i, side] of [[0, 1], [0, 64], [1, 1], [1, 128]]) {
    assert.ok(encoders.some((c) => c.numbers.input_shape[i] === side), `input_shape[${i}] ${side}`);
  }
  const names = new Set(cases.map((c) => c.name));
  for (const name of ['encoder_large_values', 'encoder_nonfinite', 'positional_odd', 'frequencies_many', 'count_lesson']) {
    assert.ok(names.has(name), name);
  }
});

test('positionalEncoding: the frequencies are PyTorch\'s bits and the table is within an ulp', () => {
  for (const c of cases) {
    if (c.op === 'frequencies') {
      const all = c.numbers.d_models.flatMap((d) => [...transformer.positionalEncoding(1, d).frequencies]);
      assertBits(c.values.frequencies, Float32Array.from(all), c.name);
    } else if (c.op === 'positional') {
      const { table, frequencies } = transformer.positionalEncoding(c.numbers.length[0], c.numbers.d_model[0]);
      assertBits(c.values.frequencies, frequencies, `${c.name}: frequencies`);
      assertNear(c, 'table', table);
    }
  }
});

test('parameterCount counts as sum(p.numel()) does, the lesson\'s 512, 8, 2048 included', () => {
  for (const c of cases.filter((k) => k.op === 'count')) {
    const count = transformer.parameterCount(c.numbers.d_model[0], c.numbers.nhead[0], c.numbers.dim_feedforward[0]);
    assert.deepEqual(count, {
      attention: c.numbers.attention[0], feedForward: c.numbers.feed_forward[0], norms: c.numbers.norms[0],
      total: c.numbers.total[0],
    }, c.name);
  }
  const lesson = transformer.parameterCount(512, 8, 2048);
  assert.equal(lesson.attention, 1050624);
  assert.equal(lesson.feedForward, 2099712);
});

test('encoderInit draws the generator\'s numbers within PyTorch\'s bounds, to the bit', () => {
  const starts = cases.filter((k) => k.op === 'init');
  assert.ok(starts.length >= 5, 'the golden file has seeded starts');
  for (const c of starts) {
    const start = transformer.encoderInit(c.numbers.d_model[0], c.numbers.nhead[0], c.numbers.dim_feedforward[0],
      c.numbers.seed[0]);
    assert.deepEqual(Object.keys(start), PARAMS.map(([, name]) => name), `${c.name}: state_dict's keys in its order`);
    for (const [key, name] of PARAMS) assertBits(c.values[key], start[name], `${c.name}: ${name}`);
  }
});

for (const c of cases.filter((k) => k.op === 'encoder')) {
  test(`encoderLayer and encoderLayerBackward match PyTorch: ${c.name}`, () => {
    const params = paramsOf(c);
    const options = optionsOf(c);
    const shape = [...c.numbers.input_shape];
    const out = transformer.encoderLayer(c.values.input, shape, params, options);
    assertNear(c, 'output', out.output);
    for (const [key, name] of TRACE) assertNear(c, key, out[name]);
    const back = transformer.encoderLayerBackward(c.values.grad_output, c.values.input, shape, params, options);
    assertNear(c, 'grad_input', back.gradInput);
    for (const [key, name] of PARAMS) assertNear(c, `grad_${key}`, sampled(c, back.gradParams[name]));
  });
}
