// core/learning/README.md's JS example runs as written (its import pointed at the built module)
// and gives the numbers its comments promise.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const readme = readFileSync(new URL('../../core/learning/README.md', import.meta.url), 'utf8');
const example = readme.match(/```js\n([\s\S]*?)```/)[1];
const built = new URL('../../build/wasm/learning/index.js', import.meta.url).href;

test('the learning README example runs and prints what its comments say', async () => {
  assert.ok(example.includes('from \'pooling-course/learning\''), 'it imports the package export');
  const source = `${example.replace('\'pooling-course/learning\'', `'${built}'`)}
export { y, grads, trained, picture, lamb, refused, LearningError };`;
  const run = await import(`data:text/javascript,${encodeURIComponent(source)}`);
  assert.deepEqual([...run.y], [1.5, -1.5, 3.5, -2.5]);
  assert.deepEqual([...run.grads.gradInput], [1, 0, 0.5, -1]);
  assert.deepEqual([...run.grads.gradWeight], [1, 2, 3, 4]);
  assert.deepEqual([...run.grads.gradBias], [1, 1]);
  assert.equal(run.trained.losses.length, 501);
  assert.equal(run.trained.losses[0].toFixed(4), '0.5836');
  assert.equal(run.trained.losses[500].toFixed(4), '0.0073');
  assert.deepEqual([...run.trained.probabilities].map((p) => p.toFixed(3)), ['0.012', '0.997', '0.997', '0.012']);
  assert.equal(run.picture.probabilities.length, 2);
  assert.equal(run.picture.hidden.length, 4);
  assert.equal(Math.fround(run.lamb.trustRatio), Math.fround(3.5355372));
  assert.deepEqual([...run.lamb.update].map((u) => u.toFixed(5)), ['1.00000', '-1.00000']);
  assert.equal(run.lamb.state.step, 1);
  assert.ok(run.refused instanceof run.LearningError);
  assert.equal(run.refused.parameter, 'weightShape');
  assert.equal(run.refused.message, 'weightShape (1, 2) has in 2 but inputShape (1, 3) has in 3');
});
