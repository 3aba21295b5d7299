// Every layer operation through the JS API (the WASM module) against PyTorch 1.13's golden data
// (tests/golden/layers), within max(1e-6, 1e-5 * |expected|) (or the case's wider "tolerance",
// twice PyTorch's own float32 rounding on an ill-conditioned input), NaN and infinities exact;
// and dropoutMask bit for bit against the Python reimplementation of its generator.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadLayers } from 'pooling-course/layers';

import { firstMismatch } from './activations-golden.mjs';
import { loadLayerGolden } from './layers-golden.mjs';

const layers = await loadLayers();
const cases = loadLayerGolden(new URL('../golden/layers/layers.golden', import.meta.url));

function assertClose(expected, actual, what, abs = 1e-6) {
  assert.ok(actual instanceof Float32Array, `${what}: a Float32Array`);
  const i = firstMismatch(expected, actual, abs);
  assert.equal(i, -1, `${what}: at index ${i}, got ${actual[i]}, expected ${expected[i]}`);
}

const optional = (c, key) => (c.has(key) ? c.floats(key) : undefined);
const tolerance = (c) => (c.has('tolerance') ? Math.max(1e-6, c.number('tolerance')) : 1e-6);

test('the golden file has every operation', () => {
  const ops = new Set(cases.map((c) => c.op));
  assert.deepEqual([...ops].sort(), ['batch_norm2d', 'dropout', 'dropout_mask', 'embedding', 'layer_norm', 'softmax']);
});

const checks = {
  softmax(c, where) {
    const options = { dim: c.number('dim'), temperature: c.number('temperature') };
    const [x, g, shape] = [c.floats('input'), c.floats('grad_output'), c.row('shape')];
    assertClose(c.floats('softmax'), layers.softmax(x, shape, options), `${where} softmax`);
    assertClose(c.floats('softmax_grad'), layers.softmaxBackward(g, x, shape, options), `${where} softmaxBackward`);
    assertClose(c.floats('log_softmax'), layers.logSoftmax(x, shape, options), `${where} logSoftmax`);
    assertClose(c.floats('log_softmax_grad'), layers.logSoftmaxBackward(g, x, shape, options), `${where} logSoftmaxBackward`);
  },
  embedding(c, where) {
    const options = c.has('padding_idx') ? { paddingIdx: c.number('padding_idx') } : {};
    const indices = Int32Array.from(c.row('indices'));
    const shape = c.row('weight_shape');
    assertClose(c.floats('output'), layers.embedding(indices, c.floats('weight'), shape, options), `${where} embedding`);
    assertClose(c.floats('grad_weight'), layers.embeddingBackward(c.floats('grad_output'), c.row('indices'), shape, options), `${where} embeddingBackward`);
  },
  dropout(c, where) {
    const mask = Uint8Array.from(c.row('mask'));
    const p = c.number('p');
    assertClose(c.floats('output'), layers.dropout(c.floats('input'), mask, { p }), `${where} dropout`);
    assertClose(c.floats('grad_input'), layers.dropoutBackward(c.floats('grad_output'), c.row('mask'), { p }), `${where} dropoutBackward`);
  },
  dropout_mask(c, where) {
    const mask = layers.dropoutMask(c.number('length'), { p: c.number('p'), seed: c.number('seed') });
    assert.ok(mask instanceof Uint8Array, `${where}: a Uint8Array`);
    assert.deepEqual([...mask], c.row('mask'), where);
  },
  batch_norm2d(c, where) {
    const abs = tolerance(c);
    const training = c.number('training') === 1;
    const options = {
      weight: optional(c, 'weight'), bias: optional(c, 'bias'),
      runningMean: c.floats('running_mean'), runningVar: c.floats('running_var'),
      training, momentum: c.number('momentum'), eps: c.number('eps'),
    };
    const x = c.floats('input');
    const result = layers.batchNorm2d(x, c.row('shape'), options);
    assertClose(c.floats('output'), result.output, `${where} output`, abs);
    assertClose(c.floats('new_running_mean'), result.runningMean, `${where} runningMean`, abs);
    assertClose(c.floats('new_running_var'), result.runningVar, `${where} runningVar`, abs);
    if (!training) return;
    const grads = layers.batchNorm2dBackward(c.floats('grad_output'), x, c.row('shape'), { weight: options.weight, eps: options.eps });
    for (const key of ['grad_input', 'grad_weight', 'grad_bias']) {
      const name = key.replace(/_([a-z])/g, (_, ch) => ch.toUpperCase());
      assertClose(c.floats(key), grads[name], `${where} ${name}`, abs);
    }
  },
  layer_norm(c, where) {
    const abs = tolerance(c);
    const options = { weight: optional(c, 'weight'), bias: optional(c, 'bias'), eps: c.number('eps') };
    const x = c.floats('input');
    assertClose(c.floats('output'), layers.layerNorm(x, c.row('shape'), options), `${where} layerNorm`, abs);
    const grads = layers.layerNormBackward(c.floats('grad_output'), x, c.row('shape'), options);
    assertClose(c.floats('grad_input'), grads.gradInput, `${where} gradInput`, abs);
    assertClose(c.floats('grad_weight'), grads.gradWeight, `${where} gradWeight`, abs);
    assertClose(c.floats('grad_bias'), grads.gradBias, `${where} gradBias`, abs);
  },
};

for (const c of cases) {
  test(`${c.name}: matches PyTorch`, () => checks[c.op](c, `${c.name} (line ${c.line})`));
}

test('the lesson numbers: (2, 1, 0.1) gives 0.659, 0.242, 0.099; 1000 and 1001 work', () => {
  assert.deepEqual([...layers.softmax([2, 1, 0.1], [3])].map((p) => p.toFixed(3)), ['0.659', '0.242', '0.099']);
  const large = layers.softmax([1000, 1001], [2]);
  assert.ok(Math.abs(large[0] - 1 / (1 + Math.E)) < 1e-6, `got ${large[0]}`);
});
