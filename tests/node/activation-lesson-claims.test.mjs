// The numbers the activation lessons print, recomputed with the activations core. Each number in
// the prose of lessons/01-one-neuron/0[1-3]-*.md and lessons/02-new-bends/0[1-3]-*.md has a test
// here, and every exercise's answer is recomputed from its playground line and checked against
// the answer the lesson prints and the one listed here. The neuron is the widget's: the sum
// w·x + b in plain JS (float32, in the inputs' order), f and f' from the core (f' is the core's
// backward with an upstream gradient of 1), and the linear layer's backward, g f'(sum) times an
// input or a weight. tests/golden/activations/lesson_claims.py checks the same claims with PyTorch.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import { loadActivations } from 'pooling-course/activations';
import YAML from 'yaml';

const LESSONS = {
  relu: 'lessons/01-one-neuron/01-relu.md',
  sigmoid: 'lessons/01-one-neuron/02-the-sigmoid.md',
  tanh: 'lessons/01-one-neuron/03-tanh.md',
  gelu: 'lessons/02-new-bends/01-gelu.md',
  swish: 'lessons/02-new-bends/02-swish.md',
  elu: 'lessons/02-new-bends/03-elu.md',
};

const f32 = Math.fround;
let core;
before(async () => {
  core = await loadActivations();
});

/** f(x) under the core. */
const f = (name, x, options = {}) => core[name](Float32Array.of(x), options)[0];
/** f'(x) under the core: its backward with an upstream gradient of 1. */
const slope = (name, x, options = {}) => core[`${name}Backward`](Float32Array.of(1), Float32Array.of(x), options)[0];
/** f and f' over many points at once. */
const curve = (name, xs, options = {}) => ({
  values: core[name](Float32Array.from(xs), options),
  slopes: core[`${name}Backward`](new Float32Array(xs.length).fill(1), Float32Array.from(xs), options),
});
/** [min, max] in count + 1 evenly spaced points. */
const grid = (min, max, count) => Array.from({ length: count + 1 }, (_, i) => min + ((max - min) * i) / count);
const GRID = grid(-5, 5, 100000);

/** One neuron, forward and backward, as the widget shows it. */
function neuron(name, inputs, weights, bias, gradOutput = 1, options = {}) {
  let sum = f32(bias);
  inputs.forEach((input, i) => {
    sum = f32(sum + f32(f32(weights[i]) * f32(input)));
  });
  const atSum = core[`${name}Backward`](Float32Array.of(gradOutput), Float32Array.of(sum), options)[0];
  return {
    sum,
    output: f(name, sum, options),
    derivative: slope(name, sum, options),
    grad_bias: atSum,
    grad_weight: inputs.map((input) => f32(atSum * f32(input))),
    grad_input: weights.map((weight) => f32(atSum * f32(weight))),
  };
}

const near = (actual, expected, tolerance, what) => {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: core ${actual}, lesson ${expected} (within ${tolerance})`);
};

// --- ReLU ---------------------------------------------------------------------------------------

describe('ReLU', () => {
  it('max(0, x): slope 1 right of 0, 0 left of it, and 0 at exactly 0 (PyTorch\'s choice)', () => {
    assert.deepEqual([f('relu', -1), f('relu', 1.5), f('relu', 0)], [0, 1.5, 0]);
    assert.deepEqual([slope('relu', 0.001), slope('relu', -0.001), slope('relu', 0)], [1, 0, 0]);
  });

  it('the widget: sum 1.5, output 1.5; bias 1, weights 2 and 1, inputs 0.5 and -0.25', () => {
    const n = neuron('relu', [2, 1], [0.5, -0.25], 0.75);
    assert.deepEqual([n.sum, n.output, n.grad_bias, n.grad_weight, n.grad_input], [1.5, 1.5, 1, [2, 1], [0.5, -0.25]]);
  });

  it('with bias -2 the sum is -1.25, the output 0 and every gradient 0: a dead neuron', () => {
    const n = neuron('relu', [2, 1], [0.5, -0.25], -2);
    assert.equal(n.sum, -1.25);
    // === rather than deepEqual: the gradient reaching input 2 is 0 times -0.25, which is -0.
    const zeros = [n.output, n.grad_bias, ...n.grad_weight, ...n.grad_input];
    assert.ok(zeros.every((value) => value === 0), `${zeros}`);
  });
});

// --- The sigmoid ----------------------------------------------------------------------------------

describe('The sigmoid', () => {
  it('outputs in (0, 1) on [-5, 5], sigmoid(0) = 0.5, sigmoid(2) = 0.881', () => {
    const { values } = curve('sigmoid', GRID);
    assert.ok(values.every((y) => y > 0 && y < 1));
    assert.equal(f('sigmoid', 0), 0.5);
    near(f('sigmoid', 2), 0.881, 0.0005, 'sigmoid(2)');
  });

  it('slope sigmoid (1 - sigmoid), at most 0.25, reached at 0', () => {
    const { values, slopes } = curve('sigmoid', GRID);
    slopes.forEach((d, i) => near(d, values[i] * (1 - values[i]), 1e-7, `slope at ${GRID[i]}`));
    assert.ok(slopes.every((d) => d <= 0.25));
    assert.equal(slope('sigmoid', 0), 0.25);
  });

  it('the table: 0.9933 and 0.0066 at 5, 0.99995 and 0.000045 (under 1/20000) at 10', () => {
    near(f('sigmoid', 5), 0.9933, 0.00005, 'sigmoid(5)');
    near(slope('sigmoid', 5), 0.0066, 0.00005, "sigmoid'(5)");
    near(f('sigmoid', 10), 0.99995, 0.000005, 'sigmoid(10)');
    near(slope('sigmoid', 10), 0.000045, 0.0000005, "sigmoid'(10)");
    assert.ok(slope('sigmoid', 10) < 1 / 20000);
  });

  it('beyond |x| = 5 the slope is below 0.0067 and only falls', () => {
    const xs = grid(5, 30, 100000);
    const { slopes } = curve('sigmoid', xs);
    assert.ok(slopes.every((d, i) => d < 0.0067 && (i === 0 || d <= slopes[i - 1])));
    assert.ok(slope('sigmoid', -5) < 0.0067);
  });

  it('in float32 the output reaches exactly 1 from a sum of about 16.64, with slope 0', () => {
    assert.ok(f('sigmoid', 16.6) < 1 && f('sigmoid', 16.63) < 1);
    assert.deepEqual([f('sigmoid', 16.64), slope('sigmoid', 16.64)], [1, 0]);
  });

  it('the widget: sum 0, output 0.5; bias 0.25, weights 0.5 and 0.25', () => {
    const n = neuron('sigmoid', [2, 1], [0.5, -0.25], -0.75);
    assert.deepEqual([n.sum, n.output, n.derivative, n.grad_bias, n.grad_weight], [0, 0.5, 0.25, 0.25, [0.5, 0.25]]);
  });

  it('ten sigmoids in a row at sum 0 pass back 0.25^10, about 0.00000095', () => {
    let gradient = 1;
    for (let layer = 0; layer < 10; layer += 1) gradient *= slope('sigmoid', 0);
    near(gradient, 0.00000095, 0.000000005, '0.25^10');
  });
});

// --- tanh -----------------------------------------------------------------------------------------

describe('Tanh', () => {
  it('outputs in (-1, 1) on [-5, 5], odd, tanh(0) = 0 with slope 1', () => {
    const { values } = curve('tanh', GRID);
    assert.ok(values.every((y) => y > -1 && y < 1));
    assert.deepEqual(Array.from(core.tanh(Float32Array.from(GRID, (x) => -x))), Array.from(values, (y) => -y));
    assert.deepEqual([f('tanh', 0), slope('tanh', 0)], [0, 1]);
  });

  it('in float32 the output reaches exactly 1 (and -1) from about 8.6643, with slope 0', () => {
    // As PyTorch's (lesson_claims.py checks it): the first float32 with output 1 is 8.664341, the
    // one before it gives 0.99999994; still below 1 at 8.6643, exactly 1 at 8.6644.
    const first = 8.66434097290039;
    const before = 8.664340019226074;
    assert.equal(f32(first), first);
    assert.equal(f32(before), before);
    assert.ok(f('tanh', before) < 1 && f('tanh', -before) > -1);
    assert.deepEqual([f('tanh', first), slope('tanh', first)], [1, 0]);
    assert.deepEqual([f('tanh', -first), slope('tanh', -first)], [-1, 0]);
    assert.ok(f('tanh', 8.6643) < 1 && f('tanh', -8.6643) > -1);
    assert.deepEqual([f('tanh', 8.6644), slope('tanh', 8.6644)], [1, 0]);
    assert.deepEqual([f('tanh', -8.6644), slope('tanh', -8.6644)], [-1, 0]);
  });

  it('tanh(x) = 2 sigmoid(2x) - 1 within 0.0000002 on [-5, 5]; tanh\'(x) = 4 sigmoid\'(2x) = 1 - tanh^2', () => {
    const tanh = curve('tanh', GRID).values;
    const sig = curve('sigmoid', GRID.map((x) => 2 * x)).values;
    const gap = Math.max(...Array.from(tanh, (y, i) => Math.abs(y - (2 * sig[i] - 1))));
    assert.ok(gap < 2e-7, `largest gap ${gap}`);
    near(slope('tanh', 0.5), 4 * slope('sigmoid', 1), 1e-6, "tanh'(0.5)");
    near(slope('tanh', 1), 1 - f('tanh', 1) ** 2, 1e-6, "tanh'(1)");
  });

  it('slope 0.0707 at 2, and under 0.01 from |x| = 3 on', () => {
    near(slope('tanh', 2), 0.0707, 0.00005, "tanh'(2)");
    assert.ok(curve('tanh', grid(3, 20, 100000)).slopes.every((d) => d < 0.01));
    assert.ok(slope('tanh', -3) < 0.01);
  });

  it('the widget: sum 0, output 0, weights get 2 and 1 (the sigmoid: 0.5 and 0.25)', () => {
    const n = neuron('tanh', [2, 1], [0.5, -0.25], -0.75);
    assert.deepEqual([n.sum, n.output, n.derivative, n.grad_weight], [0, 0, 1, [2, 1]]);
    assert.deepEqual(neuron('sigmoid', [2, 1], [0.5, -0.25], -0.75).grad_weight, [0.5, 0.25]);
  });

  it('the sums -2..2 average 0 through tanh and 0.5 through the sigmoid', () => {
    const sums = [-2, -1, 0, 1, 2];
    const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
    near(mean(Array.from(core.tanh(sums))), 0, 1e-7, 'tanh mean');
    near(mean(Array.from(core.sigmoid(sums))), 0.5, 1e-7, 'sigmoid mean');
  });

  it('all-positive inputs give every weight a gradient of one sign', () => {
    for (const g of [-1, 1]) {
      const { grad_weight: grads } = neuron('tanh', [0.2, 0.9], [1, -0.5], 0.1, g);
      assert.ok(grads.every((grad) => Math.sign(grad) === g), `upstream ${g}: ${grads}`);
    }
  });
});

// --- GELU -----------------------------------------------------------------------------------------

describe('GELU', () => {
  it('gelu(0) = 0 with slope 0.5; 2.996 at 3, -0.004 at -3; gelu(x) - gelu(-x) = x, as for ReLU', () => {
    assert.deepEqual([f('gelu', 0), slope('gelu', 0)], [0, 0.5]);
    near(f('gelu', 3), 2.996, 0.0005, 'gelu(3)');
    near(f('gelu', -3), -0.004, 0.0005, 'gelu(-3)');
    const { values } = curve('gelu', GRID);
    const mirrored = curve('gelu', GRID.map((x) => -x)).values;
    assert.ok(GRID.every((x, i) => Math.abs(values[i] - mirrored[i] - x) < 1e-6));
    const relu = curve('relu', GRID).values;
    const reluMirrored = curve('relu', GRID.map((x) => -x)).values;
    assert.ok(GRID.every((x, i) => Math.abs(relu[i] - reluMirrored[i] - f32(x)) < 1e-6));
  });

  it('the dip: lowest value -0.170 at x = -0.752, slope 0 there, negative left of it', () => {
    const { values } = curve('gelu', GRID);
    let lowest = 0;
    values.forEach((y, i) => { if (y < values[lowest]) lowest = i; });
    near(GRID[lowest], -0.752, 0.0011, 'x of the bottom');
    near(values[lowest], -0.170, 0.0005, 'bottom');
    near(slope('gelu', -0.752), 0, 0.0005, 'slope at the bottom');
    assert.ok(slope('gelu', -2) < 0 && slope('gelu', -1) < 0 && slope('gelu', -0.5) > 0);
  });

  it('the slope peaks at 1.129 at sqrt(2), settles towards 1, and fades to -0.012 at -3', () => {
    const { slopes } = curve('gelu', GRID);
    let top = 0;
    slopes.forEach((d, i) => { if (d > slopes[top]) top = i; });
    near(GRID[top], Math.SQRT2, 0.001, 'x of the peak');
    near(slopes[top], 1.129, 0.0005, 'peak');
    near(slope('gelu', 5), 1, 0.0005, "gelu'(5)");
    near(slope('gelu', -3), -0.012, 0.0005, "gelu'(-3)");
  });

  it('the tanh form: 0.8412 at 1 (exact 0.8413); never more than 0.00048 away on [-5, 5], most (about 0.00047) near ±2.7', () => {
    near(f('gelu', 1, { approximate: 'tanh' }), 0.8412, 0.00005, 'tanh form at 1');
    near(f('gelu', 1), 0.8413, 0.00005, 'exact at 1');
    const exact = curve('gelu', GRID).values;
    const tanh = curve('gelu', GRID, { approximate: 'tanh' }).values;
    let widest = 0;
    const gaps = Array.from(exact, (y, i) => Math.abs(y - tanh[i]));
    gaps.forEach((gap, i) => { if (gap > gaps[widest]) widest = i; });
    assert.ok(gaps[widest] < 0.00048, `largest gap ${gaps[widest]}`);
    near(gaps[widest], 0.00047, 0.000006, 'largest gap');
    near(Math.abs(GRID[widest]), 2.7, 0.02, 'where');
  });

  it('the widget: sum -0.75, near the bottom of the dip', () => {
    const n = neuron('gelu', [1, -2], [0.5, 0.25], -0.75);
    assert.equal(n.sum, -0.75);
    near(n.output, -0.170, 0.0005, 'output');
  });
});

// --- Swish ----------------------------------------------------------------------------------------

const swish = (x, beta) => f('swish', x, { beta });
const swishSlope = (x, beta) => slope('swish', x, { beta });

describe('Swish', () => {
  it('the widget: sum -1, output -0.269 with slope 0.072 (ReLU: 0)', () => {
    const n = neuron('swish', [1, -2], [0.5, 0.25], -1, 1, { beta: 1 });
    assert.equal(n.sum, -1);
    near(n.output, -0.269, 0.0005, 'output');
    near(n.derivative, 0.072, 0.0005, 'slope');
    assert.equal(f('relu', -1), 0);
  });

  it('beta 1 is x sigmoid(x); slope 0.5 at 0 for every beta; beta 0 is x / 2 with slope 0.5', () => {
    const ys = curve('swish', GRID, { beta: 1 }).values;
    const sig = curve('sigmoid', GRID).values;
    GRID.forEach((x, i) => near(ys[i], x * sig[i], 1e-6, `silu(${x})`));
    for (const beta of [0, 0.5, 1, 5, 10]) assert.deepEqual([swish(0, beta), swishSlope(0, beta)], [0, 0.5], `beta ${beta}`);
    assert.deepEqual([swish(3, 0), swishSlope(3, 0), swish(-4, 0), swishSlope(-4, 0)], [1.5, 0.5, -2, 0.5]);
  });

  it('the farthest from ReLU (on [-5, 5]) is 0.278 / beta: 0.278, 0.139, 0.028; the dip is -0.278 / beta at -1.278 / beta', () => {
    const relu = curve('relu', GRID).values;
    for (const [beta, distance] of [[1, 0.278], [2, 0.139], [10, 0.028]]) {
      const { values } = curve('swish', GRID, { beta });
      near(Math.max(...Array.from(values, (y, i) => Math.abs(y - relu[i]))), distance, 0.0005, `beta ${beta}`);
      let lowest = 0;
      values.forEach((y, i) => { if (y < values[lowest]) lowest = i; });
      near(values[lowest], -0.278465 / beta, 0.0001, `beta ${beta}: bottom`);
      near(GRID[lowest], -1.278465 / beta, 0.001, `beta ${beta}: where`);
    }
  });

  it('beta 1 falls from -0.238 at -2 to -0.278 at -1.278, then rises; deeper than GELU\'s -0.170', () => {
    near(swish(-2, 1), -0.238, 0.0005, 'swish(-2)');
    near(swish(-1.278, 1), -0.278, 0.0005, 'swish(-1.278)');
    assert.ok(swishSlope(-2, 1) < 0 && swishSlope(-1, 1) > 0);
    assert.ok(Math.min(...curve('swish', GRID, { beta: 1 }).values) < Math.min(...curve('gelu', GRID).values));
  });
});

// --- ELU ------------------------------------------------------------------------------------------

describe('ELU', () => {
  it('the widget: sum -0.5, output -0.393, slope 0.607 = output + 1 (ReLU: 0 and 0)', () => {
    const n = neuron('elu', [1, -2], [0.5, 0.25], -0.5, 1, { alpha: 1 });
    assert.equal(n.sum, -0.5);
    near(n.output, -0.393, 0.0005, 'output');
    near(n.derivative, 0.607, 0.0005, 'slope');
    assert.deepEqual([f('relu', -0.5), slope('relu', -0.5)], [0, 0]);
  });

  it('the floor: -0.993 at -5, never below -alpha', () => {
    near(f('elu', -5), -0.993, 0.0005, 'elu(-5)');
    for (const alpha of [0.5, 1, 2]) assert.ok(curve('elu', grid(-30, 5, 10000), { alpha }).values.every((y) => y >= -alpha), `alpha ${alpha}`);
  });

  it('the sums -2..2: ReLU averages 0.6; ELU gives -0.865, -0.632, 0, 1, 2 and averages 0.301, half as far from 0', () => {
    const sums = [-2, -1, 0, 1, 2];
    const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
    near(mean(Array.from(core.relu(sums))), 0.6, 1e-6, 'ReLU mean');
    const elu = Array.from(core.elu(sums));
    [-0.865, -0.632, 0, 1, 2].forEach((want, i) => near(elu[i], want, 0.0005, `elu(${sums[i]})`));
    near(mean(elu), 0.301, 0.0005, 'ELU mean');
    near(mean(elu) / 0.6, 0.5, 0.005, 'half as far from 0 as ReLU\'s');
  });

  it('below 0 the slope is elu(x) + alpha: 0.990 at -0.01, 0.0067 at -5 (ReLU: 0)', () => {
    for (const alpha of [1, 2]) {
      for (const x of [-0.01, -0.5, -1, -3]) near(slope('elu', x, { alpha }), f('elu', x, { alpha }) + alpha, 1e-6, `alpha ${alpha}, x ${x}`);
    }
    near(slope('elu', -0.01), 0.990, 0.0005, "elu'(-0.01)");
    near(slope('elu', -5), 0.0067, 0.00005, "elu'(-5)");
    assert.deepEqual([slope('relu', -0.01), slope('relu', -5)], [0, 0]);
  });

  it('at exactly 0 the slope is alpha, the left side\'s: 1 with alpha 1, 2 with alpha 2; right of 0 it is 1', () => {
    assert.deepEqual([slope('elu', 0), slope('elu', 0, { alpha: 2 }), slope('elu', 0.001, { alpha: 2 })], [1, 2, 1]);
  });
});

// --- Every exercise -------------------------------------------------------------------------------

// Each exercise's answer, by lesson and by the start of its question.
const ANSWERS = {
  relu: [
    ['A neuron has inputs 1 and −2, weights 0.5 and 0.25, and bias −1.', 0],
    ['The same neuron receives an upstream gradient of 1.', 0],
    ['Raise the bias to 1.', -2],
    ['Bias 1 again, but the upstream gradient is 3.', 1.5],
    ['Set the bias to 0, so that the sum is exactly 0.', 0],
    ['Inputs 3 and 1, weights −1 and 2, bias 0.5', 0],
  ],
  sigmoid: [
    ['What is the sigmoid\'s slope at x = 2?', 0.105],
    ['What does the sigmoid give at x = −2?', 0.119],
    ['Inputs 4 and 2, weights 0.5 and −1, bias 0', 1],
    ['The same neuron receives an upstream gradient of 4.', 1],
    ['What is the sigmoid\'s slope at x = −6?', 0.0025],
    ['Now the sum is 6 and the upstream gradient is 4.', 0.0099],
  ],
  tanh: [
    ['$\\sigma(2) = 0.881$. Use', 0.762],
    ['What is tanh\'s slope at x = 1?', 0.42],
    ['Inputs 3 and −1, weights 0.5 and 1.5, bias 0', 3],
    ['The same neuron with the sigmoid instead of tanh.', 0.75],
    ['Back to tanh, with an upstream gradient of −3.', -4.5],
    ['The sum is 3 and the upstream gradient is 10.', 0.099],
  ],
  gelu: [
    ['$\\Phi(1) = 0.841$.', 0.841],
    ['What does GELU give at x = −1?', -0.159],
    ['What is GELU\'s slope at x = −1?', -0.083],
    ['The sum is 0 and the upstream gradient is 3.', 0.75],
    ['With the tanh form, bias −1', 0.166],
    ['$\\Phi(2) = 0.977$.', 1.954],
  ],
  swish: [
    ['β = 1. What does Swish give at x = 1?', 0.731],
    ['β = 0 and the sum is 3.', 1.5],
    ['β = 1. What is the slope at x = −2?', -0.091],
    ['β = 5, the sum is 0', 1],
    ['β = 10 and the sum is −1.', 0],
    ['The widget\'s starting neuron', -0.145],
  ],
  elu: [
    ['With α = 1, ELU gives −0.632 at x = −1.', -1.896],
    ['With α = 1, what is the slope at x = −1?', 0.368],
    ['And with α = 2, at the same x = −1?', 0.736],
    ['In the ReLU lesson, inputs 1 and −2', -0.736],
    ['The same neuron with an upstream gradient of 2.', 0.368],
    ['α = 1.5 and the sum is −10.', -1.5],
  ],
};

// A lesson's front matter and its exercise blocks, read as the lessons README describes them.
async function readLesson(file) {
  const text = await readFile(new URL(`../../${file}`, import.meta.url), 'utf8');
  const [, frontMatter] = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const exercises = [...text.matchAll(/^```exercise\n([\s\S]*?)^```$/gm)].map((block) => {
    const fields = {};
    for (const line of block[1].split('\n')) {
      const match = /^([a-z_]+):\s*(.*)$/.exec(line);
      if (match) fields[match[1]] = match[2].trim();
    }
    return fields;
  });
  return { widget: YAML.parse(frontMatter).widget, exercises };
}

// The playground query read over the lesson's widget settings.
function settingsOf(widget, query) {
  const settings = { ...widget, grad_output: widget.grad_output ?? 1 };
  for (const [key, value] of new URLSearchParams(query)) {
    settings[key] = ['inputs', 'weights'].includes(key) ? value.split(',').map(Number) : (['activation', 'approximate'].includes(key) ? value : Number(value));
  }
  return settings;
}

function exerciseValue(settings, spec) {
  const options = { gelu: { approximate: settings.approximate ?? 'none' }, swish: { beta: settings.beta ?? 1 }, elu: { alpha: settings.alpha ?? 1 } }[settings.activation] ?? {};
  const n = neuron(settings.activation, settings.inputs, settings.weights, settings.bias, settings.grad_output, options);
  const [what, index] = spec.split(/\s+/);
  return index === undefined ? n[what] : n[what][Number(index) - 1];
}

describe('every exercise', () => {
  for (const [lesson, file] of Object.entries(LESSONS)) {
    it(`${file}: each answer is the one listed here, and the core's number within its tolerance`, async () => {
      const { widget, exercises } = await readLesson(file);
      assert.equal(exercises.length, ANSWERS[lesson].length, `${file}: ${exercises.length} exercises, ${ANSWERS[lesson].length} listed here`);
      assert.ok(exercises.length <= 9, `${file}: at most nine exercises`);
      exercises.forEach((exercise, i) => {
        const [start, answer] = ANSWERS[lesson][i];
        const what = `${file}, exercise ${i + 1}`;
        assert.ok(exercise.question.startsWith(start), `${what}: the question starts ${JSON.stringify(exercise.question.slice(0, 40))}`);
        assert.equal(Number(exercise.answer), answer, `${what}: answer`);
        assert.ok(exercise.playground && exercise.core, `${what}: needs a playground and a core line`);
        const tolerance = exercise.tolerance === undefined ? 0.005 : Number(exercise.tolerance);
        const value = exerciseValue(settingsOf(widget, exercise.playground), exercise.core);
        near(value, answer, tolerance, `${what} (${exercise.core})`);
      });
    });
  }
});
