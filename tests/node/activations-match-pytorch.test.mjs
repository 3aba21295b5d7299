// Every activation through the JS API against PyTorch 1.13's golden data
// (tests/golden/activations): the forward, the gradient for a random gradOutput, and the
// derivative itself, within max(1e-6, 1e-5 * |expected|), with NaN and the infinities exact.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadActivations } from 'pooling-course/activations';

import { firstMismatch, loadActivationGolden } from './activations-golden.mjs';

const activations = await loadActivations();
const cases = loadActivationGolden(new URL('../golden/activations/activations.golden', import.meta.url));

function assertClose(expected, actual, what) {
  assert.ok(actual instanceof Float32Array, `${what}: a Float32Array`);
  const i = firstMismatch(expected, actual);
  assert.equal(i, -1, `${what}: at index ${i}, got ${actual[i]}, expected ${expected[i]}`);
}

test('the golden file has every activation, at the edges and on random values', () => {
  const ops = new Set(cases.map((c) => c.op));
  assert.deepEqual([...ops].sort(), ['elu', 'gelu', 'relu', 'sigmoid', 'swish', 'tanh']);
});

for (const c of cases) {
  test(`${c.name}: forward, backward and derivative match PyTorch`, () => {
    const where = `${c.name} (line ${c.line})`;
    assertClose(c.output, activations[c.op](c.input, c.options), `${where} forward`);
    assertClose(c.gradInput, activations[`${c.op}Backward`](c.gradOutput, c.input, c.options), `${where} backward`);
    const ones = new Float32Array(c.input.length).fill(1);
    assertClose(c.derivative, activations[`${c.op}Backward`](ones, c.input, c.options), `${where} derivative`);
  });
}

test('where PyTorch answers a zero and the core does too, the zeros have the same sign, in every golden case', () => {
  // The tolerance takes -0 for +0; a learner who prints the value does not.
  for (const c of cases) {
    const ones = new Float32Array(c.input.length).fill(1);
    const answers = {
      output: activations[c.op](c.input, c.options),
      gradInput: activations[`${c.op}Backward`](c.gradOutput, c.input, c.options),
      derivative: activations[`${c.op}Backward`](ones, c.input, c.options),
    };
    for (const [row, actual] of Object.entries(answers)) {
      actual.forEach((value, i) => {
        const expected = c[row][i];
        if (value === 0 && expected === 0) {
          assert.ok(Object.is(value, expected), `${c.name} (line ${c.line}) ${row}[${i}] at x = ${c.input[i]}: got ${Object.is(value, -0) ? '-0' : '+0'}, PyTorch's is ${Object.is(expected, -0) ? '-0' : '+0'}`);
        }
      });
    }
  }
});

test('exact GELU is +0 where erf rounds to -1 and at -0, as PyTorch gives for a tensor of 2 or more elements; the tanh form -0', () => {
  // F.gelu(torch.tensor([-0., -20., -3e38])) is [0., 0., 0.]; with approximate='tanh', [-0., -0., -0.].
  const x = [-0, -20, -3e38, -1e-45];
  for (const [i, y] of activations.gelu(x).entries()) assert.ok(Object.is(y, 0), `gelu(${x[i]}) is +0, got ${y}`);
  for (const [i, y] of activations.gelu(x.slice(0, 3), { approximate: 'tanh' }).entries()) {
    assert.ok(Object.is(y, -0), `gelu(${x[i]}, tanh) is -0, got ${y}`);
  }
  assert.ok(Object.is(activations.gelu([0])[0], 0), 'gelu(0) is +0');
  assert.ok(Object.is(activations.gelu([-3e-45])[0], -1.401298464324817e-45), 'the smallest negative value is kept');
});

test('a plain array gives the same result as a Float32Array, and the result is a fresh array', () => {
  const input = Float32Array.of(-2, -0.5, 0, 0.5, 2);
  for (const op of ['relu', 'sigmoid', 'tanh', 'gelu', 'swish', 'elu']) {
    const fromTyped = activations[op](input);
    assert.notEqual(fromTyped, input, `${op} returns a new array`);
    assert.equal(fromTyped.length, input.length);
    assert.deepEqual(activations[op]([...input]), fromTyped, op);
    const grad = activations[`${op}Backward`]([1, 1, 1, 1, 1], input);
    assert.ok(grad instanceof Float32Array && grad.length === input.length, `${op}Backward`);
  }
  assert.deepEqual([...input], [-2, -0.5, 0, 0.5, 2], 'the input is left as it was');
});

test('an empty input gives an empty result', () => {
  for (const op of ['relu', 'sigmoid', 'tanh', 'gelu', 'swish', 'elu']) {
    const y = activations[op]([]);
    assert.ok(y instanceof Float32Array && y.length === 0, op);
    const g = activations[`${op}Backward`](new Float32Array(0), []);
    assert.ok(g instanceof Float32Array && g.length === 0, `${op}Backward`);
  }
});

test('the pinned edges: ReLU\'s gradient at 0 is 0, ELU\'s is alpha, sigmoid\'s at inf is 0', () => {
  assert.deepEqual([...activations.reluBackward([1, 1, 1], [-0, 0, NaN])], [0, 0, 1]);
  assert.ok(Object.is(activations.relu([-0])[0], -0), 'relu(-0) is -0');
  assert.deepEqual([...activations.eluBackward([1, 1], [-0, 0], { alpha: 2 })], [2, 2]);
  assert.deepEqual([...activations.sigmoidBackward([1, 1], [Infinity, -Infinity])], [0, 0]);
  assert.deepEqual([...activations.tanhBackward([1, 1], [Infinity, -Infinity])], [0, 0]);
  assert.ok(Number.isNaN(activations.geluBackward([1], [Infinity])[0]), "GELU's gradient at inf is NaN");
  assert.deepEqual([...activations.swish([-3, 4], { beta: 0 })], [-1.5, 2], 'beta 0 halves');
});
