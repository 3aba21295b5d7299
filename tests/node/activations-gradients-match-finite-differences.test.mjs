// Every backward through the JS API against central differences of its forward, away from the
// kinks (ReLU's and ELU's at 0): elementwise, so one step of the whole input gives every
// element's difference quotient, with the step measured as float32 has it.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadActivations } from 'pooling-course/activations';

const activations = await loadActivations();

const settings = [
  ['relu'], ['sigmoid'], ['tanh'],
  ['gelu', { approximate: 'none' }], ['gelu', { approximate: 'tanh' }],
  ['swish'], ['swish', { beta: 2 }], ['swish', { beta: 0 }], ['swish', { beta: -1.5 }],
  ['elu'], ['elu', { alpha: 2 }], ['elu', { alpha: 0.3 }], ['elu', { alpha: -1 }],
];

// Deterministic values in [-6, 6], none closer than 0.1 to 0.
function inputs(count) {
  const x = new Float32Array(count);
  let state = 12345;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const v = (state / 2147483648) * 12 - 6;
    x[i] = Math.abs(v) < 0.1 ? Math.sign(v || 1) * 0.1 + v : v;
  }
  return x;
}

for (const [op, options] of settings) {
  test(`${op}Backward ${JSON.stringify(options ?? {})} matches central differences of ${op}`, () => {
    const step = 1e-2;
    const x = inputs(200);
    const g = x.map((v, i) => Math.sin(i));
    const up = x.map((v) => v + step);
    const down = x.map((v) => v - step);
    const yUp = activations[op](up, options);
    const yDown = activations[op](down, options);
    const grad = activations[`${op}Backward`](g, x, options);
    for (let i = 0; i < x.length; i++) {
      const expected = (g[i] * (yUp[i] - yDown[i])) / (up[i] - down[i]);
      assert.ok(Math.abs(grad[i] - expected) <= 1e-3 + 1e-3 * Math.abs(expected),
        `at index ${i}, x = ${x[i]}: got ${grad[i]}, central difference ${expected}`);
    }
  });
}
