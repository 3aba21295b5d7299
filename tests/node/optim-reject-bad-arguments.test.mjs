// Every bad argument to an optimiser step, a surface or a descent throws an OptimError (and so a
// CoreError) naming the parameter (the JS API's camelCase) and its value, and the module answers
// correctly afterwards. Also: options from own properties only, undefined taking the default,
// one CoreError class across families.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CoreError as PoolingCoreError } from 'pooling-course/core';
import { CoreError, OptimError, loadOptim } from 'pooling-course/optim';

import { rejectsWith } from './rejects.mjs';

const optim = await loadOptim();

function assertStillWorks() {
  assert.deepEqual([...optim.sgdStep([1, 2], [1, -1], null, { lr: 0.5 }).params], [0.5, 2.5]);
  assert.deepEqual([...optim.surface('ravine', [2, 1]).gradient], [2, 25]);
}

const assertOptimError = rejectsWith(OptimError, assertStillWorks);

const sgdOptions = 'lr, momentum, dampening, weightDecay, nesterov, maximize';
const keeps = 'needs it: a state keeps the buffers its first step\'s options made, so start from a fresh state';
const rmspropState = { step: 1, squareAvg: [0, 0], momentumBuffer: null, gradAvg: null };
const adamState = { step: 1, expAvg: [0, 0], expAvgSq: [0, 0], maxExpAvgSq: null };

const GRID = { x: [-5, 5], y: [-3, 3], columns: 8, rows: 8 };

const cases = [
  // SGD's options: PyTorch's checks, every value a finite number.
  ['SGD without lr', () => optim.sgdStep([1], [1], null, {}),
    'lr', 'sgdStep needs lr: PyTorch\'s SGD has no default learning rate'],
  ['SGD without options', () => optim.sgdStep([1], [1]),
    'lr', 'sgdStep needs lr: PyTorch\'s SGD has no default learning rate'],
  ['an inherited lr', () => optim.sgdStep([1], [1], null, Object.create({ lr: 0.1 })),
    'lr', 'sgdStep needs lr: PyTorch\'s SGD has no default learning rate'],
  ['a negative lr', () => optim.sgdStep([1], [1], null, { lr: -1 }),
    'lr', 'lr must be at least 0, got -1'],
  ['a NaN lr', () => optim.sgdStep([1], [1], null, { lr: NaN }),
    'lr', 'lr must be a finite number, got nan'],
  ['a string lr', () => optim.sgdStep([1], [1], null, { lr: '0.1' }),
    'lr', 'lr must be a number, got "0.1"'],
  ['a negative momentum', () => optim.sgdStep([1], [1], null, { lr: 0.1, momentum: -0.9 }),
    'momentum', 'momentum must be at least 0, got -0.9'],
  ['a negative weightDecay', () => optim.sgdStep([1], [1], null, { lr: 0.1, weightDecay: -0.5 }),
    'weightDecay', 'weightDecay must be at least 0, got -0.5'],
  ['an infinite dampening', () => optim.sgdStep([1], [1], null, { lr: 0.1, dampening: Infinity }),
    'dampening', 'dampening must be a finite number, got inf'],
  ['nesterov without momentum', () => optim.sgdStep([1], [1], null, { lr: 0.1, nesterov: true }),
    'nesterov', 'nesterov needs a momentum above 0 and a dampening of 0, got momentum 0 and dampening 0'],
  ['nesterov with dampening', () => optim.sgdStep([1], [1], null, { lr: 0.1, momentum: 0.9, dampening: 0.5, nesterov: true }),
    'nesterov', 'nesterov needs a momentum above 0 and a dampening of 0, got momentum 0.9 and dampening 0.5'],
  ['a nesterov that is not a boolean', () => optim.sgdStep([1], [1], null, { lr: 0.1, momentum: 0.9, nesterov: 1 }),
    'nesterov', 'nesterov must be true or false, got 1'],
  ['another optimiser\'s option', () => optim.sgdStep([1], [1], null, { lr: 0.1, betas: [0.9, 0.99] }),
    'betas', `sgdStep has no option betas (got [0.9, 0.99]); its options are ${sgdOptions}`],
  ['PyTorch\'s spelling of an option', () => optim.sgdStep([1], [1], null, { lr: 0.1, weight_decay: 0.1 }),
    'weight_decay', `sgdStep has no option weight_decay (got 0.1); its options are ${sgdOptions}`],
  ['options that are not an object', () => optim.sgdStep([1], [1], null, 0.1),
    'options', 'options of sgdStep must be an object, got 0.1'],
  // A number PyTorch's step converts to float32 (alpha=, value=), beyond its range: optim.golden.
  ['an lr beyond float32', () => optim.sgdStep([1], [1], null, { lr: 1e39 }),
    'lr', '-lr is -1e+39, beyond float32\'s largest finite value: PyTorch\'s step cannot convert it to float32'],
  ['a weightDecay beyond float32', () => optim.rmspropStep([1], [1], null, { weightDecay: 1e39 }),
    'weightDecay', 'weightDecay is 1e+39, beyond float32\'s largest finite value: PyTorch\'s step cannot convert it to float32'],
  ['a dampening beyond float32, once momentum has a buffer', () => optim.descend('bowl', [1, 1], 'sgd', { lr: 0.1, momentum: 0.5, dampening: 1e39 }, 2),
    'dampening', '1 - dampening is -1e+39, beyond float32\'s largest finite value: PyTorch\'s step cannot convert it to float32'],
  ['an Adam descent whose second step size is beyond float32 (the first, infinite, passes)', () => optim.descend('bowl', [1, 1], 'adam', { lr: 1e308, betas: [0.5, 0.999] }, 2),
    'lr', '-lr / (1 - beta1^2) is -1.33333333e+308, beyond float32\'s largest finite value: PyTorch\'s step cannot convert it to float32'],
  ['an Adam step size beyond float32', () => optim.adamStep([1], [1], null, { lr: 1e37, betas: [0.99, 0.999] }),
    'lr', '-lr / (1 - beta1^1) is -1e+39, beyond float32\'s largest finite value: PyTorch\'s step cannot convert it to float32'],
  // RMSprop's options.
  ['a negative RMSprop lr', () => optim.rmspropStep([1], [1], null, { lr: -0.01 }),
    'lr', 'lr must be at least 0, got -0.01'],
  ['a negative alpha', () => optim.rmspropStep([1], [1], null, { alpha: -0.5 }),
    'alpha', 'alpha must be at least 0, got -0.5'],
  ['a negative eps', () => optim.rmspropStep([1], [1], null, { eps: -1e-8 }),
    'eps', 'eps must be at least 0, got -1e-08'],
  ['a negative RMSprop momentum', () => optim.rmspropStep([1], [1], null, { momentum: -1 }),
    'momentum', 'momentum must be at least 0, got -1'],
  ['a negative RMSprop weightDecay', () => optim.rmspropStep([1], [1], null, { weightDecay: -2 }),
    'weightDecay', 'weightDecay must be at least 0, got -2'],
  ['a centered that is not a boolean', () => optim.rmspropStep([1], [1], null, { centered: 'yes' }),
    'centered', 'centered must be true or false, got "yes"'],
  // Adam's options.
  ['betas[0] of 1', () => optim.adamStep([1], [1], null, { betas: [1, 0.999] }),
    'betas', 'betas[0] must be at least 0 and less than 1, got 1'],
  ['a negative betas[1]', () => optim.adamStep([1], [1], null, { betas: [0.9, -0.1] }),
    'betas', 'betas[1] must be at least 0 and less than 1, got -0.1'],
  ['a NaN beta', () => optim.adamStep([1], [1], null, { betas: [NaN, 0.9] }),
    'betas', 'betas[0] must be at least 0 and less than 1, got nan'],
  ['one beta', () => optim.adamStep([1], [1], null, { betas: [0.9] }),
    'betas', 'betas must be a pair [beta1, beta2] of numbers, got [0.9]'],
  ['betas that are not numbers', () => optim.adamStep([1], [1], null, { betas: ['0.9', '0.99'] }),
    'betas', 'betas must be a pair [beta1, beta2] of numbers, got ["0.9", "0.99"]'],
  ['a negative Adam eps', () => optim.adamStep([1], [1], null, { eps: -1 }),
    'eps', 'eps must be at least 0, got -1'],
  ['an infinite Adam weightDecay', () => optim.adamStep([1], [1], null, { weightDecay: Infinity }),
    'weightDecay', 'weightDecay must be a finite number, got inf'],
  ['an amsgrad that is not a boolean', () => optim.adamStep([1], [1], null, { amsgrad: null }),
    'amsgrad', 'amsgrad must be true or false, got null'],
  // Values.
  ['grads of another length', () => optim.adamStep([1, 2, 3], [1, 2]),
    'grads', 'grads has 2 values but params has 3'],
  ['params that are not an array', () => optim.adamStep('1, 2', [1, 2]),
    'params', 'params must be a Float32Array or an array of numbers, got "1, 2"'],
  ['grads that are not numbers', () => optim.rmspropStep([1, 2], [1, null]),
    'grads', 'grads[1] must be a number, got null'],
  // States.
  ['a state that is not an object', () => optim.adamStep([1], [1], 3),
    'state', 'state must be null or a state that adamStep returned, got 3'],
  ['a state key in PyTorch\'s spelling', () => optim.sgdStep([1, 2], [1, 2], { momentum_buffer: [1, 2] }, { lr: 0.1 }),
    'state', 'state has no momentum_buffer (got [1, 2]); its keys are momentumBuffer'],
  ['a state buffer of another length', () => optim.adamStep([1, 2], [1, 2], { ...adamState, expAvg: [0] }),
    'state', 'state.expAvg has 1 values but params has 2'],
  ['a momentum buffer of another length', () => optim.sgdStep([1, 2], [1, 2], { momentumBuffer: [0, 0, 0] }, { lr: 0.1, momentum: 0.9 }),
    'state', 'state.momentumBuffer has 3 values but params has 2'],
  // A missing key is named as missing, as every record's is (grid.rows, params.b2).
  ['a state without its squareAvg', () => optim.rmspropStep([1, 2], [1, 2], { step: 1 }),
    'state', 'state.squareAvg is missing; state is { step, squareAvg, momentumBuffer, gradAvg }'],
  ['a state without its step', () => optim.adamStep([1, 2], [1, 1], {}, {}),
    'state', 'state.step is missing; state is { step, expAvg, expAvgSq, maxExpAvgSq }'],
  ['a state whose expAvg is undefined', () => optim.adamStep([1, 2], [1, 1], { ...adamState, expAvg: undefined }),
    'state', 'state.expAvg is missing; state is { step, expAvg, expAvgSq, maxExpAvgSq }'],
  ['a state buffer that is not numbers', () => optim.rmspropStep([1, 2], [1, 2], { ...rmspropState, squareAvg: ['a', 0] }),
    'state', 'state.squareAvg[0] must be a number, got "a"'],
  ['a step that is not a number', () => optim.adamStep([1, 2], [1, 2], { ...adamState, step: '1' }),
    'state', 'state.step must be a number, got "1"'],
  ['a negative step', () => optim.rmspropStep([1, 2], [1, 2], { ...rmspropState, step: -1 }),
    'state', 'state.step must be a whole number from 0 to 9007199254740992, got -1'],
  ['a step that is not whole', () => optim.adamStep([1, 2], [1, 2], { ...adamState, step: 2.5 }),
    'state', 'state.step must be a whole number from 0 to 9007199254740992, got 2.5'],
  ['a state without the momentum buffer momentum needs', () => optim.rmspropStep([1, 2], [1, 2], rmspropState, { momentum: 0.9 }),
    'state', `state.momentumBuffer is missing, but momentum 0.9 ${keeps}`],
  ['a state without the gradAvg centered needs', () => optim.rmspropStep([1, 2], [1, 2], rmspropState, { centered: true }),
    'state', `state.gradAvg is missing, but centered ${keeps}`],
  ['a state without the maxExpAvgSq amsgrad needs', () => optim.adamStep([1, 2], [1, 2], adamState, { amsgrad: true }),
    'state', `state.maxExpAvgSq is missing, but amsgrad ${keeps}`],
  // Surfaces and descents.
  ['an unknown surface', () => optim.surface('saddle', [0, 0]),
    'name', 'name must be a surface: \'bowl\', \'ravine\' or \'rosenbrock\', got "saddle"'],
  ['a point of three values', () => optim.surface('bowl', [1, 2, 3]),
    'point', 'point has 3 values, but a point is [x, y]'],
  ['a point that is a number', () => optim.surface('bowl', 1),
    'point', 'point must be a Float32Array or an array of numbers, got 1'],
  ['a start of one value', () => optim.descend('bowl', [1], 'adam', {}, 1),
    'start', 'start has 1 values, but a point is [x, y]'],
  ['an unknown optimizer', () => optim.descend('bowl', [0, 0], 'adagrad', {}, 1),
    'optimizer', 'optimizer must be \'sgd\', \'rmsprop\' or \'adam\', got "adagrad"'],
  ['a descent with another optimiser\'s option', () => optim.descend('bowl', [0, 0], 'adam', { momentum: 0.9 }, 1),
    'momentum', 'descend with \'adam\' has no option momentum (got 0.9); its options are lr, betas, eps, weightDecay, amsgrad, maximize'],
  ['an SGD descent without lr', () => optim.descend('ravine', [0, 0], 'sgd', {}, 1),
    'lr', 'descend with \'sgd\' needs lr: PyTorch\'s SGD has no default learning rate'],
  ['a descent of 1001 steps', () => optim.descend('bowl', [1, 1], 'rmsprop', {}, 1001),
    'steps', 'steps must be a whole number from 0 to 1000, got 1001'],
  ['a descent of -1 steps', () => optim.descend('bowl', [1, 1], 'rmsprop', {}, -1),
    'steps', 'steps must be a whole number from 0 to 1000, got -1'],
  ['a descent of 2.5 steps', () => optim.descend('bowl', [1, 1], 'rmsprop', {}, 2.5),
    'steps', 'steps must be a whole number from 0 to 1000, got 2.5'],
  ['a grid that is not an object', () => optim.surfaceGrid('bowl', [[-5, 5], [-3, 3], 8, 8]),
    'grid', 'grid must be { x, y, columns, rows }, got [[-5, 5], [-3, 3], 8, 8]'],
  ['a grid over an unknown surface', () => optim.surfaceGrid('saddle', GRID),
    'name', 'name must be a surface: \'bowl\', \'ravine\' or \'rosenbrock\', got "saddle"'],
  ['a grid whose x runs backwards', () => optim.surfaceGrid('bowl', { ...GRID, x: [5, -5] }),
    'x', 'x must run from a finite number to a larger one, got 5 to -5'],
  ['a grid whose y is one number', () => optim.surfaceGrid('bowl', { ...GRID, y: [3] }),
    'y', 'y must be two numbers, the lower first, got [3]'],
  ['a grid whose y is infinite', () => optim.surfaceGrid('bowl', { ...GRID, y: [-Infinity, 3] }),
    'y', 'y must run from a finite number to a larger one, got -inf to 3'],
  ['a grid of 401 columns', () => optim.surfaceGrid('bowl', { ...GRID, columns: 401 }),
    'columns', 'columns must be a whole number from 1 to 400, got 401'],
  ['a grid of no rows', () => optim.surfaceGrid('bowl', { ...GRID, rows: 0 }),
    'rows', 'rows must be a whole number from 1 to 400, got 0'],
  ['a grid of 2.5 rows', () => optim.surfaceGrid('bowl', { ...GRID, rows: 2.5 }),
    'rows', 'rows must be a whole number from 1 to 400, got 2.5'],
  ['a grid with a key of its own beyond the four', () => optim.surfaceGrid('bowl', { ...GRID, cols: 9 }),
    'grid', 'grid has no cols (got 9); its keys are x, y, columns, rows'],
  ['a grid without rows', () => optim.surfaceGrid('bowl', { x: [-5, 5], y: [-3, 3], columns: 64 }),
    'grid', 'grid.rows is missing; grid is { x, y, columns, rows }'],
  ['a grid whose keys are inherited', () => optim.surfaceGrid('bowl', Object.create(GRID)),
    'grid', 'grid.x is missing; grid is { x, y, columns, rows }'],
  ['a grid whose x is inherited', () => optim.surfaceGrid('bowl', Object.assign(Object.create({ x: [-5, 5] }), { y: [-3, 3], columns: 8, rows: 8 })),
    'grid', 'grid.x is missing; grid is { x, y, columns, rows }'],
  ['a state through JSON as it is, its arrays turned into objects of indices', () => {
    const first = optim.adamStep([1, 2], [0.1, 0.2], null, {});
    return optim.adamStep(first.params, [0.1, 0.2], JSON.parse(JSON.stringify(first.state)), {});
  }, 'state', 'state.expAvg must be a Float32Array or an array of numbers, got [object Object]'],
  ['a descent of 2^31 steps', () => optim.descend('bowl', [1, 1], 'rmsprop', {}, 2 ** 31),
    'steps', 'steps must be a whole number from 0 to 1000, got 2147483648'],
];

for (const [what, call, parameter, message] of cases) {
  test(`${what}: OptimError on ${parameter}`, () => assertOptimError(call, parameter, message));
}

test('one CoreError class across families', () => {
  assert.equal(CoreError, PoolingCoreError);
});

test('an option that is undefined takes its default, which is PyTorch\'s', () => {
  const given = optim.adamStep([1, -1], [0.5, 2], null, { lr: undefined, betas: [0.9, 0.999], eps: 1e-8, amsgrad: false });
  const defaults = optim.adamStep([1, -1], [0.5, 2], null);
  assert.deepEqual(given, defaults);
  // The first Adam step moves each parameter by lr against the gradient's sign.
  assert.deepEqual([...defaults.params], [Math.fround(1 - 0.001), Math.fround(-1 - 0.001)]);
  const rmsprop = optim.rmspropStep([0], [1], null);
  // sqrt(0.01 * 1) + 1e-8 is the denominator: 0.01 / 0.1000000... of the step.
  assert.ok(Math.abs(rmsprop.params[0] + 0.01 / 0.1) < 1e-6, `${rmsprop.params[0]}`);
});
