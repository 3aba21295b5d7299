// The rl family through its JS API against PyTorch 1.13's golden data (tests/golden/rl): PPO's
// objective and gradients and the trainings within max(1e-6, 1e-5 |e|) (or the case's own
// tolerance where the golden file gives one); the ratio's gradient where the ratio sits exactly
// on a bound of the clip range, and every gradient that the clip sets to 0, to the bit.
// core/rl/README.md says why.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadRl } from 'pooling-course/rl';

import { assertNear } from './golden-asserts.mjs';
import { batchOf, loadRlGolden } from './rl-golden.mjs';

const rl = await loadRl();
const cases = loadRlGolden(new URL('../golden/rl/rl.golden', import.meta.url));

test('the golden file has every edge the README lists', () => {
  const names = new Set(cases.map((c) => c.name));
  for (const name of ['ppo_inside', 'ppo_above', 'ppo_below', 'ppo_at_bounds', 'ppo_zero_advantage',
    'ppo_tiny_advantage', 'ppo_large_logits', 'ppo_n1_a2', 'ppo_a16', 'ppo_n256', 'ppo_ratio_overflow',
    'train_small_lr', 'train_large_lr']) {
    assert.ok(names.has(name), name);
  }
});

for (const c of cases.filter((k) => k.op === 'ppo')) {
  test(`ppo and ppoBackward match PyTorch: ${c.name}`, () => {
    const options = { clip: c.numbers.clip[0] };
    const out = rl.ppo(...batchOf(c), options);
    assertNear(c, 'log_probs', out.logProbs);
    assertNear(c, 'ratio', out.ratio);
    assertNear(c, 'surrogate', out.surrogate);
    assertNear(c, 'clipped_surrogate', out.clippedSurrogate);
    assertNear(c, 'objective', out.objective);
    assert.equal(typeof out.loss, 'number');
    assertNear(c, 'loss', Float32Array.of(out.loss));
    assertNear(c, 'log_softmax', out.logSoftmax);
    // Each taken action's log-prob is its entry of the whole log-softmax, to the bit.
    const [N, A] = c.numbers.logits_shape;
    for (let i = 0; i < N; i++) {
      assert.ok(Object.is(out.logProbs[i], out.logSoftmax[i * A + c.values.actions[i]]), `${c.name}: logProbs[${i}]`);
    }
    const g = rl.ppoBackward(c.numbers.grad_loss[0], ...batchOf(c), options);
    assertNear(c, 'grad_logits', g.gradLogits);
    assertNear(c, 'grad_ratio', g.gradRatio);
    // What the clip stops, it stops exactly: PyTorch's zero, its sign included.
    c.values.grad_ratio.forEach((e, i) => {
      if (e === 0) assert.ok(Object.is(g.gradRatio[i], e), `${c.name}: gradRatio[${i}] is ${e}`);
    });
  });
}

test('at the bounds, clamp passes the gradient and torch.min splits it: PyTorch\'s bits', () => {
  const c = cases.find((k) => k.name === 'ppo_at_bounds');
  const g = rl.ppoBackward(1, ...batchOf(c));
  assert.deepEqual([...g.gradRatio], [...c.values.grad_ratio]);
  assert.deepEqual([...g.gradRatio], [-0.375, 0.375, -0.5, 0.125]);
});

for (const c of cases.filter((k) => k.op === 'train')) {
  test(`ppoTrain matches PyTorch's SGD steps: ${c.name}`, () => {
    const options = { clip: c.numbers.clip[0], lr: c.numbers.lr[0], epochs: c.numbers.epochs[0] };
    const out = rl.ppoTrain(...batchOf(c), options);
    assertNear(c, 'history_logits', out.logits);
    assertNear(c, 'history_log_probs', out.logProbs);
    assertNear(c, 'history_ratio', out.ratio);
    assertNear(c, 'history_loss', out.loss);
    assertNear(c, 'history_grad_ratio', out.gradRatio);
  });
}

test('a training stops a ratio at the clip edge, and a large step overshoots it', () => {
  const small = cases.find((k) => k.name === 'train_small_lr');
  const out = rl.ppoTrain(...batchOf(small), { lr: 0.5, epochs: 30 });
  const first = (values, rows) => Array.from({ length: rows }, (_, e) => values[e * 4]);
  const ratio = first(out.ratio, 31);
  const grad = first(out.gradRatio, 30);
  const stop = grad.indexOf(0);
  assert.ok(stop > 0 && grad.slice(stop).every((v) => v === 0), 'once clipped, no more gradient');
  assert.ok(ratio.slice(stop).every((r) => r === ratio[stop]), 'and the ratio stays where it stopped');
  assert.ok(ratio[stop] > Math.fround(1.2) && ratio[stop] < 1.3, `just past 1.2: ${ratio[stop]}`);
  const large = rl.ppoTrain(...batchOf(small), { lr: 40, epochs: 2 });
  assert.ok(large.ratio[4] > 1.9, `one step of lr 40 takes the ratio to ${large.ratio[4]}`);
  assert.equal(large.gradRatio[4], 0, 'the clip then stops the gradient, not the step already taken');
});
