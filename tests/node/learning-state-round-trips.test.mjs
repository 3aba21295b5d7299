// What one call returns, the next takes: a LAMB state through JSON or as plain arrays steps as
// the state itself does, a state of zeros at step 0 as a fresh one; an XOR training's params and
// SGD state (its momentum buffers), passed back as they came, through JSON or as plain arrays,
// continue a training to the bit, and the final hidden features and probabilities are what
// xorForward draws at the four points.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadLearning } from 'pooling-course/learning';

const learning = await loadLearning();

const param = [0.5, -1, 2, 0, 3];
const grads = [[0.1, -0.2, 0.3, 0.4, -0.5], [1, 1, -1, 0, 2], [-0.3, 0.2, 0.1, 0, 0.5]];
const options = { lr: 0.05, weightDecay: 0.01 };

// A state as a page might keep it: through JSON, its arrays as plain arrays, exactly as
// core/learning/README.md writes it.
const throughJson = (state) => JSON.parse(JSON.stringify(state, (key, value) => (value instanceof Float32Array ?
  Array.from(value) : value)));

test('a LAMB state passed back as JSON, or as plain arrays, steps as the state itself does', () => {
  let direct = { param, state: null };
  let viaJson = { param, state: null };
  for (const grad of grads) {
    direct = learning.lambStep(direct.param, grad, direct.state, options);
    viaJson = learning.lambStep([...viaJson.param], grad, viaJson.state && throughJson(viaJson.state), options);
    assert.deepEqual(viaJson, direct);
  }
  assert.equal(direct.state.step, 3);
});

test('a LAMB state stepped on from the last count it holds is taken back: its step stays at 2^53', () => {
  let state = { step: 2 ** 53 - 2, expAvg: [0, 0, 0, 0, 0], expAvgSq: [0, 0, 0, 0, 0] };
  const steps = [];
  for (let i = 0; i < 3; i++) {
    state = learning.lambStep(param, grads[0], state, options).state;
    steps.push(state.step);
  }
  assert.deepEqual(steps, [2 ** 53 - 1, 2 ** 53, 2 ** 53]);
});

test('a LAMB state of zeros at step 0 steps as a fresh one (null or undefined)', () => {
  const zeros = { step: 0, expAvg: [0, 0, 0, 0, 0], expAvgSq: [0, 0, 0, 0, 0] };
  const fresh = learning.lambStep(param, grads[0], null, options);
  assert.deepEqual(learning.lambStep(param, grads[0], zeros, options), fresh);
  assert.deepEqual(learning.lambStep(param, grads[0], undefined, options), fresh);
});

test('LAMB\'s trust ratio is 1 where the parameter or the update is 0', () => {
  const zeroParam = learning.lambStep([0, 0, 0], [1, -2, 3], null, {});
  assert.equal(zeroParam.trustRatio, 1);
  const zeroGrad = learning.lambStep([1, 2, 3], [0, 0, 0], null, {});
  assert.equal(zeroGrad.trustRatio, 1);
  assert.deepEqual([...zeroGrad.param], [1, 2, 3]);
});

const net = { w1: [0.8, -0.6, -0.7, 0.9, 0.3, 0.2], b1: [0.1, -0.1, 0.05], w2: [1.2, 0.9, -0.4], b2: [0.1] };


for (const activation of ['tanh', 'relu', 'sigmoid']) {
  test(`${activation}: 60 steps, then 40 more from the params returned, are 100 steps`, () => {
    const whole = learning.xorTrain(net, { activation, lr: 0.5 }, 100);
    const first = learning.xorTrain(net, { activation, lr: 0.5 }, 60);
    const rest = learning.xorTrain(first.params, { activation, lr: 0.5 }, 40);
    assert.deepEqual(rest.params, whole.params);
    assert.deepEqual([...first.losses.slice(0, 60), ...rest.losses], [...whole.losses]);
    assert.deepEqual(whole.state, { momentumBuffer: null }, 'without momentum SGD keeps no buffer');
  });

  test(`${activation}, momentum 0.9: calls of 1, 0, 59 and 40 steps, each from the params and state the one before returned, are 100 steps to the bit`, () => {
    const options = { activation, lr: 0.2, momentum: 0.9 };
    const whole = learning.xorTrain(net, options, 100);
    for (const passBack of [(state) => state, throughJson]) {
      let params = net;
      let state = null;
      const losses = [];
      for (const steps of [1, 0, 59, 40]) {
        const t = learning.xorTrain(params, options, steps, passBack(state));
        losses.push(...t.losses.subarray(0, steps));
        ({ params, state } = t);
      }
      losses.push(whole.losses.at(-1));
      assert.deepEqual(losses, [...whole.losses], 'losses');
      assert.deepEqual(params, whole.params, 'params');
      assert.deepEqual(state, whole.state, 'momentum buffers');
    }
    // A fresh optimiser again at 60 steps is another training: the state matters.
    const first = learning.xorTrain(net, options, 60);
    assert.notDeepEqual(learning.xorTrain(first.params, options, 40).params, whole.params);
  });

  test(`${activation}: a training's hidden features and probabilities are what xorForward draws`, () => {
    const trained = learning.xorTrain(net, { activation }, 200);
    const drawn = learning.xorForward(trained.params, [0, 0, 0, 1, 1, 0, 1, 1], { activation });
    assert.deepEqual(drawn.hidden, trained.hidden);
    assert.deepEqual(drawn.probabilities, trained.probabilities);
  });
}

test('no steps: one loss, the params given back unchanged, and the state too', () => {
  const t = learning.xorTrain(net, { momentum: 0.9 }, 0);
  assert.equal(t.losses.length, 1);
  for (const key of ['w1', 'b1', 'w2', 'b2']) assert.deepEqual([...t.params[key]], [...Float32Array.from(net[key])]);
  assert.deepEqual(t.state, { momentumBuffer: null }, 'PyTorch makes no buffer before a step');
  const { state } = learning.xorTrain(net, { momentum: 0.9 }, 3);
  assert.deepEqual(learning.xorTrain(net, { momentum: 0.9 }, 0, state).state, state);
});

test('PyTorch\'s rules for the buffers: the first step with momentum copies its gradient, a step without momentum leaves them be', () => {
  const one = learning.xorTrain(net, { lr: 1, momentum: 0.5 }, 1);
  for (const key of ['w1', 'b1', 'w2', 'b2']) {
    assert.deepEqual(one.params[key], Float32Array.from(net[key], (value, i) => Math.fround(value) - one.state.momentumBuffer[key][i]), key);
  }
  const plain = learning.xorTrain(one.params, { momentum: 0 }, 5, one.state);
  assert.deepEqual(plain.state, one.state, 'the buffers as they were');
  assert.deepEqual(plain.params, learning.xorTrain(one.params, {}, 5).params, 'and unused');
  const fresh = learning.xorTrain(net, { momentum: 0.9 }, 7, { momentumBuffer: null });
  assert.deepEqual(fresh, learning.xorTrain(net, { momentum: 0.9 }, 7), 'a null buffer is a fresh optimiser');
  assert.deepEqual(learning.xorTrain(net, { momentum: 0.9 }, 7, undefined), fresh);
});

test('xorForward draws a 400 x 400 picture in one call', () => {
  const points = new Float32Array(2 * 400 * 400);
  for (let i = 0; i < 400 * 400; i++) {
    points[2 * i] = (i % 400) / 399;
    points[2 * i + 1] = Math.floor(i / 400) / 399;
  }
  const { hidden, probabilities } = learning.xorForward(net, points);
  assert.equal(probabilities.length, 160000);
  assert.equal(hidden.length, 3 * 160000);
  assert.ok(probabilities.every((p) => p >= 0 && p <= 1));
});

test('a state through JSON as it is (its Float32Arrays turned into objects of indices) is refused, naming the array', () => {
  const first = learning.xorTrain(net, { lr: 0.2, momentum: 0.9 }, 2);
  assert.throws(() => learning.xorTrain(first.params, { lr: 0.2, momentum: 0.9 }, 1, JSON.parse(JSON.stringify(first.state))),
    (error) => error.name === 'LearningError' && error.parameter === 'state'
      && error.message === 'state.momentumBuffer.w1 must be a Float32Array or an array of numbers, got [object Object]');
  const lamb = learning.lambStep([1, 2], [0.1, 0.2], null, {});
  assert.throws(() => learning.lambStep(lamb.param, [0.1, 0.2], JSON.parse(JSON.stringify(lamb.state)), {}),
    (error) => error.parameter === 'state' && /^state\.expAvg must be a Float32Array/.test(error.message));
});
