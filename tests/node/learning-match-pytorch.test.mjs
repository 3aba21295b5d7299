// The learning family through its JS API against PyTorch 1.13's golden data
// (tests/golden/learning): F.linear's output, grad_input and grad_weight to the bit (netlib
// BLAS's order), its bias gradient to the bit over up to 4 rows and within max(1e-6, 1e-5 |e|)
// over more; XOR trainings within max(5e-6, 1e-5 |e|) at every step of the loss curve and in the
// final parameters, hidden features and probabilities (and momentum buffers, for trainings in
// two calls, the second from the state the first returned); XOR drawings and LAMB parameters and
// trust ratios within max(1e-6, 1e-5 |e|), LAMB's moments and update to the bit, each step from
// the state the one before returned; the XOR network's seeded starts to the bit (the course's
// generator, reimplemented in Python). core/learning/README.md says why each tolerance is what
// it is.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadLearning } from 'pooling-course/learning';

import { assertBits } from './golden-asserts.mjs';
import { firstMismatch, loadLearningGolden, xorParamsOf } from './learning-golden.mjs';

const learning = await loadLearning();
const cases = loadLearningGolden(new URL('../golden/learning/learning.golden', import.meta.url));

function assertClose(expected, actual, what, abs = 1e-6, rel = 1e-5) {
  assert.ok(actual instanceof Float32Array, `${what}: a Float32Array`);
  const i = firstMismatch(expected, actual, abs, rel);
  assert.equal(i, -1, `${what}: at index ${i}, got ${actual[i]}, expected ${expected[i]}`);
}

test('the golden file has layers with and without bias, every activation at H = 2, 3, 4, and LAMB\'s edges', () => {
  const names = new Set(cases.map((c) => c.name));
  assert.ok(cases.some((c) => c.op === 'linear' && !c.values.bias));
  assert.ok(cases.some((c) => c.op === 'linear' && c.numbers.input_shape[0] === 1));
  for (const activation of ['tanh', 'relu', 'sigmoid']) {
    for (const h of [2, 3, 4]) assert.ok(names.has(`xor_${activation}_h${h}`), `${activation} H ${h}`);
  }
  for (const name of ['xor_relu_kink', 'lamb_zero_param', 'lamb_zero_grad', 'linear_nonfinite',
    'xor_relu_h4_momentum_resumed', 'xor_sigmoid_h3_momentum_then_none', 'xor_tanh_h3_none_then_momentum']) {
    assert.ok(names.has(name), name);
  }
});

for (const c of cases.filter((c) => c.op === 'linear')) {
  test(`${c.name}: linear and linearBackward match PyTorch`, () => {
    const v = c.values;
    const [inputShape, weightShape] = [c.numbers.input_shape, c.numbers.weight_shape];
    const where = `${c.name} (line ${c.line})`;
    assertBits(v.output, learning.linear(v.input, inputShape, v.weight, weightShape, v.bias ?? null), `${where}: output`);
    const grads = learning.linearBackward(v.grad_output, v.input, inputShape, v.weight, weightShape, { bias: Boolean(v.bias) });
    assertBits(v.grad_input, grads.gradInput, `${where}: gradInput`);
    assertBits(v.grad_weight, grads.gradWeight, `${where}: gradWeight`);
    if (!v.bias) {
      assert.equal(grads.gradBias, null);
    } else if (inputShape[0] <= 4) {
      assertBits(v.grad_bias, grads.gradBias, `${where}: gradBias`);
    } else {
      assertClose(v.grad_bias, grads.gradBias, `${where}: gradBias`);
    }
  });
}

// A training against the case's keys that end in `suffix` ('' for xor_train, '_1' and '_2' for
// the calls of xor_train_resumed), and, where the case records SGD's state, its momentum
// buffers (none where PyTorch keeps none).
function assertTraining(c, t, suffix, where, { recordsState }) {
  const near = (expected, actual, what) => assertClose(expected, actual, `${where}: ${what}`, 5e-6, 1e-5);
  near(c.values[`losses${suffix}`], t.losses, 'losses');
  for (const key of ['w1', 'b1', 'w2', 'b2']) near(c.values[`final_${key}${suffix}`], t.params[key], `params.${key}`);
  near(c.values[`hidden${suffix}`], t.hidden, 'hidden');
  near(c.values[`probabilities${suffix}`], t.probabilities, 'probabilities');
  if (!recordsState) return;
  const buffer = t.state.momentumBuffer;
  if (!c.values[`momentum_buffer_w1${suffix}`]) {
    assert.equal(buffer, null, `${where}: PyTorch keeps no momentum buffer`);
    return;
  }
  assert.ok(buffer, `${where}: PyTorch keeps momentum buffers`);
  for (const key of ['w1', 'b1', 'w2', 'b2']) near(c.values[`momentum_buffer_${key}${suffix}`], buffer[key], `momentumBuffer.${key}`);
}

const xorOptionsOf = (c, suffix = '') => ({ activation: c.activation, lr: c.numbers[`lr${suffix}`][0], momentum: c.numbers[`momentum${suffix}`][0] });

for (const c of cases.filter((c) => c.op === 'xor_train')) {
  test(`${c.name}: the loss curve, final parameters and outputs follow PyTorch's`, () => {
    const t = learning.xorTrain(xorParamsOf(c), xorOptionsOf(c), c.numbers.steps[0]);
    assertTraining(c, t, '', `${c.name} (line ${c.line})`, { recordsState: false });
  });
}

for (const c of cases.filter((c) => c.op === 'xor_train_resumed')) {
  test(`${c.name}: a training in two calls, the second from the first's state, follows PyTorch's state_dict()`, () => {
    let params = xorParamsOf(c);
    let state = null;
    for (const suffix of ['_1', '_2']) {
      const t = learning.xorTrain(params, xorOptionsOf(c, suffix), c.numbers[`steps${suffix}`][0], state);
      assertTraining(c, t, suffix, `${c.name} (line ${c.line}), call ${suffix.slice(1)}`, { recordsState: true });
      ({ params, state } = t);
    }
  });
}

for (const c of cases.filter((c) => c.op === 'xor_forward')) {
  test(`${c.name}: the network's features and probabilities over a grid match PyTorch`, () => {
    const out = learning.xorForward(xorParamsOf(c), c.values.points, { activation: c.activation });
    assertClose(c.values.hidden, out.hidden, `${c.name}: hidden`);
    assertClose(c.values.probabilities, out.probabilities, `${c.name}: probabilities`);
  });
}

for (const c of cases.filter((c) => c.op === 'xor_init')) {
  test(`${c.name}: the seeded start is the generator's draws to the bit, and trains`, () => {
    const start = learning.xorInit(c.numbers.hidden_units[0], c.numbers.seed[0]);
    assert.deepEqual(Object.keys(start), ['w1', 'b1', 'w2', 'b2']);
    for (const key of ['w1', 'b1', 'w2', 'b2']) assertBits(c.values[key], start[key], `${c.name}: ${key}`);
    assert.equal(learning.xorTrain(start, {}, 1).losses.length, 2);
  });
}

for (const c of cases.filter((c) => c.op === 'lamb')) {
  test(`${c.name}: each LAMB step from the state the one before returned matches the generator`, () => {
    const options = {};
    if (c.numbers.lr) options.lr = c.numbers.lr[0];
    if (c.numbers.betas) options.betas = c.numbers.betas;
    if (c.numbers.eps) options.eps = c.numbers.eps[0];
    if (c.numbers.weight_decay) options.weightDecay = c.numbers.weight_decay[0];
    let param = c.values.param;
    let state = null;
    for (let k = 1; k <= c.numbers.steps[0]; k++) {
      const where = `${c.name} (line ${c.line}), step ${k}`;
      const r = learning.lambStep(param, c.values[`grad_${k}`], state, options);
      assert.equal(r.state.step, c.numbers[`step_${k}`][0], `${where}: step`);
      assertBits(c.values[`exp_avg_${k}`], r.state.expAvg, `${where}: expAvg`);
      assertBits(c.values[`exp_avg_sq_${k}`], r.state.expAvgSq, `${where}: expAvgSq`);
      assertBits(c.values[`update_${k}`], r.update, `${where}: update`);
      assert.equal(firstMismatch(c.values[`trust_ratio_${k}`], [r.trustRatio]), -1,
        `${where}: trustRatio ${r.trustRatio}, expected ${c.values[`trust_ratio_${k}`][0]}`);
      assertClose(c.values[`param_${k}`], r.param, `${where}: param`);
      ({ param, state } = r);
    }
  });
}
