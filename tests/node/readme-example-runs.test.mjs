// The JS API example of each family's README (core/<family>/README.md) runs as written, in
// Node, and gives the numbers it promises.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Runs the ```js example of core/<family>/README.md, then prints `printed` as JSON. */
function runExample(family, packageExport, printed) {
  const readme = readFileSync(join(root, `core/${family}/README.md`), 'utf8');
  const example = readme.match(/```js\n([\s\S]*?)```/)?.[1];
  assert.ok(example, 'the README has a ```js example');
  assert.ok(example.includes(`from '${packageExport}'`), 'it imports the package export');
  // Outside the repo the package name does not resolve, so point it at the built module.
  const moduleUrl = pathToFileURL(join(root, `build/wasm/${family}/index.js`)).href;
  const script = example.replace(`'${packageExport}'`, `'${moduleUrl}'`)
    + `\nconsole.log(JSON.stringify(${printed}));\n`;
  const file = join(mkdtempSync(join(tmpdir(), 'readme-example-')), 'example.mjs');
  writeFileSync(file, script);
  return JSON.parse(execFileSync(process.execPath, [file], { encoding: 'utf8' }).trim().split('\n').pop());
}

test('the README example of the JS API runs and prints the lesson numbers', () => {
  const printed = runExample('pool', 'pooling-course/core', '{ data: [...data], shape, grad: [...grad], maxShape: max.shape,'
    + ' values: [...values.data], valuesHaveIndices: \'indices\' in values }');
  assert.deepEqual(printed.data, [2.5, 4.5, 10.5, 12.5]);
  assert.deepEqual(printed.shape, [1, 1, 2, 2]);
  assert.deepEqual(printed.grad, [1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4]);
  assert.deepEqual(printed.maxShape, [1, 4, 4]);
  assert.deepEqual(printed.values, [5, 7, 13, 15]);
  assert.equal(printed.valuesHaveIndices, false);
});

test('the activations README example runs and prints the numbers it promises', () => {
  const printed = runExample('activations', 'pooling-course/activations',
    '{ y: [...y], grad: [...grad], elu: [...elu], gelu: [...gelu] }');
  assert.deepEqual(printed.y, [0, 0, 0, 0.5, 2]);
  assert.deepEqual(printed.grad, [0, 0, 0, 1, 1]);
  assert.deepEqual(printed.elu, [2, 1]);
  assert.ok(Math.abs(printed.gelu[0] - 0.841192) < 1e-6);
});

test('the layers README example runs and prints the numbers it promises', () => {
  const printed = runExample('layers', 'pooling-course/layers',
    '{ probabilities: [...probabilities], large: [...large], gradient: [...gradient], rows: [...rows],'
    + ' gradTable: [...gradTable], mask: [...mask], dropped: [...dropped], output: [...batch.output],'
    + ' runningMean: [...batch.runningMean], runningVar: [...batch.runningVar], normalised: [...normalised] }');
  const near = (actual, expected, tolerance) => expected.forEach((e, i) =>
    assert.ok(Math.abs(actual[i] - e) <= tolerance, `index ${i}: ${actual[i]}, expected ${e}`));
  near(printed.probabilities, [0.659001, 0.242433, 0.098566], 1e-6);
  near(printed.large, [0.268941, 0.731059], 1e-6);
  near(printed.gradient, [0.224719, -0.159764, -0.064955], 1e-6);
  assert.deepEqual(printed.rows, [2, 2, 0, 0, 2, 2]);
  assert.deepEqual(printed.gradTable, [0, 0, 0, 0, 2, 2]);
  assert.deepEqual(printed.mask, [1, 0, 0, 1, 0, 0, 0, 1]);
  assert.deepEqual(printed.dropped, [2, 0, 0, 8, 0, 0, 0, 16]);
  near(printed.output, [-1, -1, 1, 1], 1e-6);
  near(printed.runningMean, [50.05, 50.65], 1e-4);
  near(printed.runningVar, [49900.95, 50703.35], 1e-2);
  near(printed.normalised, [-1.341635, -0.447212, 0.447212, 1.341635], 1e-6);
});

test('the losses README example runs and prints the numbers it promises', () => {
  const printed = runExample('losses', 'pooling-course/losses', '{ mse, mseTerms: [...mseTerms],'
    + ' mseGrad: [...mseGrad], huber: [...huber], huberGrad: [...huberGrad], ce, ceGrad: [...ceGrad],'
    + ' smoothed, extreme, rows: [...rows] }');
  const close = (actual, expected, what) => assert.ok(Math.abs(actual - expected) < 1e-4, `${what}: ${actual}`);
  close(printed.mse, 1 / 6, 'mse');
  assert.deepEqual(printed.mseTerms, [0.25, 0.25, 0]);
  printed.mseGrad.forEach((v, i) => close(v, [-1 / 3, 1 / 3, 0][i], `mseGrad[${i}]`));
  assert.deepEqual(printed.huber, [0.125, 2.5]);
  assert.deepEqual(printed.huberGrad, [0.5, 1, -1]);
  close(printed.ce, 0.41703, 'ce');
  printed.ceGrad.forEach((v, i) => close(v, [-0.341, 0.2424, 0.0986][i], `ceGrad[${i}]`));
  close(printed.smoothed, 0.5136967, 'smoothed');
  close(printed.extreme, 0.3132617, 'extreme');
  printed.rows.forEach((v, i) => close(v, [-0.341, 0.2424, 0.0986, 0.0226, 0.0226, -0.0453][i], `rows[${i}]`));
});

test('the optim README example runs and prints the numbers it promises', () => {
  const printed = runExample('optim', 'pooling-course/optim', '{ first: [...first.params],'
    + ' buffer: [...first.state.momentumBuffer], second: [...second.params], adam: [...adam.params],'
    + ' adamStep: adam.state.step, value: rosenbrock.value, gradient: [...rosenbrock.gradient],'
    + ' points: [...path.points], values: [...path.values], gradients: path.gradients.length,'
    + ' refused: [refused instanceof OptimError, refused.name, refused.parameter, refused.message] }');
  const near = (actual, expected, what) => expected.forEach((e, i) =>
    assert.ok(Math.abs(actual[i] - e) <= 1e-6, `${what}[${i}]: ${actual[i]}, expected ${e}`));
  near(printed.first, [0.95, -1.9], 'first');
  assert.deepEqual(printed.buffer, [0.5, -1]);
  near(printed.second, [0.855, -1.71], 'second');
  near(printed.adam, [0.99, -1.01], 'adam');
  assert.equal(printed.adamStep, 1);
  assert.equal(printed.value, 100);
  assert.deepEqual(printed.gradient, [-400, 200]);
  assert.deepEqual(printed.points, [2, -4, 1, -2, 0.5, -1, 0.25, -0.5]);
  assert.deepEqual(printed.values, [10, 2.5, 0.625, 0.15625]);
  assert.equal(printed.gradients, 6);
  assert.deepEqual(printed.refused, [true, 'OptimError', 'betas', 'betas[1] must be at least 0 and less than 1, got 1']);
});

test('the learning README example runs and prints the numbers it promises', () => {
  const printed = runExample('learning', 'pooling-course/learning', '{ y: [...y], gradInput: [...grads.gradInput],'
    + ' gradWeight: [...grads.gradWeight], gradBias: [...grads.gradBias], losses: [...trained.losses],'
    + ' probabilities: [...trained.probabilities], picture: [picture.probabilities.length, picture.hidden.length],'
    + ' seeded: [...seeded.w1, ...seeded.b2], seededSizes: [seeded.b1.length, seeded.w2.length],'
    + ' ratio: lamb.trustRatio, update: [...lamb.update], step: lamb.state.step,'
    + ' buffers: Object.keys(half.state.momentumBuffer ?? {}),'
    + ' continued: JSON.stringify(rest.params) === JSON.stringify(learning.xorTrain(start, heavy, 200).params),'
    + ' refused: [refused instanceof LearningError, refused.name, refused.parameter, refused.message] }');
  assert.deepEqual(printed.y, [1.5, -1.5, 3.5, -2.5]);
  assert.deepEqual(printed.gradInput, [1, 0, 0.5, -1]);
  assert.deepEqual(printed.gradWeight, [1, 2, 3, 4]);
  assert.deepEqual(printed.gradBias, [1, 1]);
  assert.equal(printed.losses.length, 501);
  assert.deepEqual([printed.losses[0], printed.losses[500]].map((loss) => loss.toFixed(4)), ['0.5836', '0.0073']);
  assert.deepEqual(printed.probabilities.map((p) => p.toFixed(3)), ['0.012', '0.997', '0.997', '0.012']);
  assert.deepEqual(printed.picture, [2, 4]);
  assert.deepEqual(printed.seeded.map((v) => v.toFixed(4)), ['0.0941', '0.3476', '0.6661', '-0.0787', '-0.3033']);
  assert.deepEqual(printed.seededSizes, [2, 2]);
  assert.equal(Math.fround(printed.ratio), Math.fround(3.5355372));
  assert.deepEqual(printed.update.map((u) => u.toFixed(5)), ['1.00000', '-1.00000']);
  assert.equal(printed.step, 1);
  assert.deepEqual(printed.buffers, ['w1', 'b1', 'w2', 'b2']);
  assert.equal(printed.continued, true, '100 steps and 100 more from the state are 200 steps');
  assert.deepEqual(printed.refused, [true, 'LearningError', 'weightShape', 'weightShape (1, 2) has in 2 but inputShape (1, 3) has in 3']);
});

test('the sequence README example runs and prints the numbers it promises', () => {
  const printed = runExample('sequence', 'pooling-course/sequence', '{ output: [...run.output], hN: [...run.hN],'
    + ' gradHidden: [...back.gradHidden], gradWHh: [...back.gradParams.wHh], biases: [back.gradParams.bIh, back.gradParams.bHh],'
    + ' faded: [...faded.gradHidden], cells: [...cell.cells], forget: [...cell.gates.forget], kept: [...kept.gradCells],'
    + ' scores: [...attended.scores].map(String), weights: [...attended.weights], output2: [...attended.output],'
    + ' refused: [refused instanceof SequenceError, refused.name, refused.parameter, refused.message] }');
  const fixed = (values, digits) => values.map((v) => v.toFixed(digits));
  assert.deepEqual(printed.output, [1, 0.5, 0.25]);
  assert.deepEqual(printed.hN, [0.25]);
  assert.deepEqual(printed.gradHidden, [0.25, 0.5, 1]);
  assert.deepEqual(printed.gradWHh, [1]);
  assert.deepEqual(printed.biases, [null, null]);
  assert.deepEqual(fixed(printed.faded, 4), ['0.1895', '0.3261', '0.4765', '0.6391', '0.8134', '1.0000']);
  assert.deepEqual(fixed(printed.cells, 4), ['0.3808', '0.3782', '0.3757', '0.3732']);
  assert.deepEqual(fixed(printed.forget, 4), ['0.9933', '0.9933', '0.9933', '0.9933']);
  assert.deepEqual(fixed(printed.kept, 4), ['0.8496', '0.8553', '0.8611', '0.8669']);
  assert.deepEqual(printed.scores, [String(Math.fround(Math.SQRT1_2)), '-Infinity', '0', String(Math.fround(Math.SQRT1_2))]);
  assert.deepEqual(fixed(printed.weights, 4), ['1.0000', '0.0000', '0.3302', '0.6698']);
  assert.deepEqual(fixed(printed.output2, 4), ['1.0000', '2.0000', '2.3395', '3.3395']);
  assert.deepEqual(printed.refused, [true, 'SequenceError', 'params',
    'params.wHh has 2 values, but wHh is [H, H] with H from 1 to 256: a square number of values up to 65536']);
});

test('the rl README example runs and prints the numbers it promises', () => {
  const printed = runExample('rl', 'pooling-course/rl', '{ ratio: [...out.ratio], objective: [...out.objective],'
    + ' loss: out.loss, gradRatio: [...grads.gradRatio], gradLogits: [...grads.gradLogits],'
    + ' slow: [...slow.ratio], slowGrad: [...slow.gradRatio], fast: [...fast.ratio],'
    + ' refused: [refused instanceof RlError, refused.name, refused.parameter, refused.message] }');
  const fixed = (values, digits) => values.map((v) => v.toFixed(digits));
  assert.deepEqual(fixed(printed.ratio, 4), ['1.4621', '0.5379']);
  assert.deepEqual(fixed(printed.objective, 4), ['1.2000', '0.5379']);
  assert.equal(printed.loss.toFixed(4), '-0.8689');
  assert.deepEqual(printed.gradRatio, [0, -0.5]);
  assert.deepEqual(fixed(printed.gradLogits, 4), ['0.0000', '0.0000', '-0.1966', '0.1966']);
  assert.deepEqual(fixed(printed.slow, 4), ['1.0000', '1.1244', '1.2431', '1.2431', '1.2431', '1.2431', '1.2431']);
  assert.deepEqual(printed.slowGrad, [-1, -1, 0, 0, 0, 0]);
  assert.deepEqual(fixed(printed.fast, 4), ['1.0000', '1.9999', '1.9999']);
  assert.deepEqual(printed.refused, [true, 'RlError', 'actions', 'actions[1] is 2 but A is 2: an action is from 0 to 1']);
});

test('the transformer README example runs and prints the numbers it promises', () => {
  const printed = runExample('transformer', 'pooling-course/transformer', '{ frequencies: [...frequencies],'
    + ' row1: [...table.slice(4, 8)], count, start: [...start.inProjWeight.slice(0, 2)], startLength: start.inProjWeight.length,'
    + ' norm: [...start.norm1Weight], weights: [...layer.attentionWeights], gradInput: [...back.gradInput.slice(0, 4)],'
    + ' refused: [refused instanceof TransformerError, refused.name, refused.parameter, refused.message] }');
  const fixed = (values, digits) => values.map((v) => v.toFixed(digits));
  assert.deepEqual(fixed(printed.frequencies, 4), ['1.0000', '0.0100']);
  assert.deepEqual(fixed(printed.row1, 5), ['0.84147', '0.54030', '0.01000', '0.99995']);
  assert.deepEqual(printed.count, { attention: 1050624, feedForward: 2099712, norms: 2048, total: 3152384 });
  assert.deepEqual(fixed(printed.start, 4), ['0.4695', '-0.0839']);
  assert.equal(printed.startLength, 48);
  assert.deepEqual(printed.norm, [1, 1, 1, 1]);
  assert.equal(printed.weights.length, 18);
  assert.deepEqual(fixed(printed.weights.slice(0, 3), 4), ['0.4785', '0.3457', '0.1758']);
  assert.deepEqual(fixed(printed.weights.slice(9, 12), 4), ['0.3334', '0.3333', '0.3333']);
  assert.deepEqual(fixed(printed.gradInput, 4), ['1.4399', '-0.3447', '-0.9087', '-0.2034']);
  assert.deepEqual(printed.refused, [true, 'TransformerError', 'nhead',
    'nhead 3 must divide d = 4 (inputShape (3, 4)): each head takes d / nhead features']);
});
