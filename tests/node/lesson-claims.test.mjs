// The numbers the pooling lessons print, recomputed with the core. Each number in the prose of
// lessons/04-pictures/0[1-3]-*.md has a test here, and so does the answer of every exercise that
// the build cannot check (one without a `core:` line): a new exercise of that kind fails the last
// test until a check for it is added here. tests/golden/pool/lesson_claims.py checks the same
// claims with PyTorch.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import { loadCore, PoolError } from 'pooling-course/core';
import { parseExercise } from '../../web/content/exercises.mjs';

const LESSONS = {
  patches: 'lessons/04-pictures/01-patches-of-a-picture.md',
  knobs: 'lessons/04-pictures/02-every-knob-of-pooling.md',
  max: 'lessons/04-pictures/03-max-pooling.md',
};

const counting = (count, start) => Array.from({ length: count }, (_, i) => start + i);
const filled = (count, value) => new Array(count).fill(value);
const close = (actual, expected, what) => {
  assert.ok(Math.abs(actual - expected) <= 1e-6 * Math.max(1, Math.abs(expected)), `${what}: core ${actual}, lesson ${expected}`);
};
const closeAll = (actual, expected, what) => {
  assert.equal(actual.length, expected.length, `${what}: length`);
  expected.forEach((want, i) => close(actual[i], want, `${what}[${i}]`));
};

let core;
before(async () => {
  core = await loadCore();
});

// One 1-channel plane, forward and backward. grad is "ones" or one number per output.
function avg(values, [height, width], options, grad = 'ones') {
  const shape = [1, height, width];
  const { data, shape: outShape } = core.avgPool2d(values, shape, options);
  const gradOutput = grad === 'ones' ? filled(data.length, 1) : grad;
  return {
    output: Array.from(data),
    size: outShape.slice(1),
    gradInput: Array.from(core.avgPool2dBackward(gradOutput, shape, options)),
  };
}

function max(values, [height, width], options, grad = 'ones') {
  const shape = [1, height, width];
  const { data, shape: outShape, indices } = core.maxPool2d(values, shape, options);
  const gradOutput = grad === 'ones' ? filled(data.length, 1) : grad;
  return {
    output: Array.from(data),
    size: outShape.slice(1),
    indices: Array.from(indices),
    gradInput: Array.from(core.maxPool2dBackward(gradOutput, indices, shape, options)),
  };
}

// How many windows hold each cell: every window divides by 1 and sends back 1.
const windowCounts = (size, options) => avg(filled(size[0] * size[1], 1), size, { ...options, divisorOverride: 1 }).gradInput;

function refusal(call) {
  try {
    call();
  } catch (error) {
    assert.ok(error instanceof PoolError, `a PoolError, got ${error}`);
    return error;
  }
  assert.fail('the core accepted it');
}

const brightPixel = (index) => {
  const values = filled(16, 0);
  values[index] = 8;
  return values;
};
const ALL_ONES = { kernelSize: 3, stride: 2, padding: 1, ceilMode: true };

describe('Patches of a picture', () => {
  it('pools 0..15 to 2.5, 4.5, 10.5, 12.5 and shares 4, 8, 12, 16 back as 1, 2, 3, 4 per cell', () => {
    const { output, gradInput } = avg(counting(16, 0), [4, 4], { kernelSize: 2, stride: 2 }, [4, 8, 12, 16]);
    closeAll(output, [2.5, 4.5, 10.5, 12.5], 'output');
    closeAll(gradInput, [1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4], 'grad_input');
  });

  it('adds 10 to every output when every cell grows by 10', () => {
    const before = avg(counting(16, 0), [4, 4], { kernelSize: 2, stride: 2 }).output;
    const after = avg(counting(16, 10), [4, 4], { kernelSize: 2, stride: 2 }).output;
    closeAll(after.map((value, i) => value - before[i]), [10, 10, 10, 10], 'growth');
  });

  it('gives 3 x 3 outputs with stride 1, and cell 5 sits in 4 windows', () => {
    assert.deepEqual(avg(counting(16, 0), [4, 4], { kernelSize: 2, stride: 1 }).size, [3, 3]);
    assert.equal(windowCounts([4, 4], { kernelSize: 2, stride: 1 })[5], 4);
  });

  it('the left-minus-right kernel gives -2 on the top-left window (column sums from the core)', () => {
    // kernel 2 x 1, divisor 1: each output is one column of a window, summed.
    const columns = avg(counting(16, 0), [4, 4], { kernelSize: [2, 1], stride: [2, 1], divisorOverride: 1 }).output;
    close(columns[0] - columns[1], -2, 'left column minus right column');
  });

  it('count_include_pad off and ceil_mode give 1 on pictures of ones, which no fixed kernel can', () => {
    closeAll(avg(filled(9, 1), [3, 3], { kernelSize: 2, stride: 1, padding: 1, countIncludePad: false }).output, filled(16, 1), 'k2 s1 p1, count_include_pad off');
    closeAll(avg(filled(25, 1), [5, 5], { kernelSize: 2, stride: 2, ceilMode: true }).output, filled(9, 1), 'k2 s2, ceil_mode');
  });
});

describe('Every knob of pooling', () => {
  it('both documented output-size forms agree with the core', () => {
    for (let h = 1; h <= 12; h += 1) {
      for (let k = 1; k <= 4; k += 1) {
        for (let s = 1; s <= 3; s += 1) {
          for (let p = 0; p <= Math.floor(k / 2); p += 1) {
            if (h + 2 * p < k) continue;
            const avgDoc = Math.floor((h + 2 * p - k) / s + 1);
            const maxDoc = Math.floor((h + 2 * p - 1 * (k - 1) - 1) / s + 1);
            const [got] = core.pool2dOutputShape([1, h, 1], { kernelSize: [k, 1], stride: [s, 1], padding: [p, 0] }).slice(1);
            assert.ok(avgDoc === got && maxDoc === got, `H ${h}, k ${k}, s ${s}, p ${p}: ${avgDoc}, ${maxDoc}, core ${got}`);
          }
        }
      }
    }
    assert.deepEqual(avg(counting(16, 0), [4, 4], { kernelSize: 2, stride: 2 }).size, [2, 2]);
  });

  it('k3 s1 p1 on 5 x 5: a corner is in 4 windows, an edge cell in 6, a middle cell in 9', () => {
    const counts = windowCounts([5, 5], { kernelSize: 3, stride: 1, padding: 1 });
    assert.deepEqual([counts[0], counts[2], counts[12]], [4, 6, 9]);
  });

  it('refuses padding 2 with kernel 3 and with kernel 2', () => {
    for (const [size, kernelSize] of [[5, 3], [4, 2]]) {
      const error = refusal(() => avg(filled(size * size, 1), [size, size], { kernelSize, stride: 1, padding: 2 }));
      assert.equal(error.parameter, 'padding');
      assert.match(error.message, new RegExp(`padding 2 is more than half of kernelSize ${kernelSize}`));
    }
  });

  it('ceil_mode on 5 x 5, k2 s2: 3 x 3, the last column divides by 2, the corner gives 25', () => {
    const { output, size } = avg(counting(25, 1), [5, 5], { kernelSize: 2, stride: 2, ceilMode: true });
    assert.deepEqual(size, [3, 3]);
    close(output[2], (5 + 10) / 2, 'top-right');
    close(output[8], 25, 'corner');
  });

  it('drops a window that would start on the padding: 7 x 7, k2 s2 p1 and 5 x 5, k2 s2 p1 keep their size with ceil_mode', () => {
    for (const ceilMode of [false, true]) {
      assert.deepEqual(avg(filled(49, 1), [7, 7], { kernelSize: 2, stride: 2, padding: 1, ceilMode }).size, [4, 4], `7 x 7, ceil_mode ${ceilMode}`);
      assert.deepEqual(avg(counting(25, 1), [5, 5], { kernelSize: 2, stride: 2, padding: 1, ceilMode }).size, [3, 3], `5 x 5, ceil_mode ${ceilMode}`);
    }
  });

  it('the padded 5 x 5 example: corner windows hold 1, 2, 2 and 4 real cells and give 0.25, 2.25, 9.25, 22', () => {
    const { output } = avg(counting(25, 1), [5, 5], { kernelSize: 2, stride: 2, padding: 1 });
    closeAll([output[0], output[2], output[6], output[8]], [0.25, 2.25, 9.25, 22], 'corners');
  });

  it('three zones on a 4 x 4 of ones, k3 s2 p1, ceil_mode: 3 x 3, top-right 2/6, bottom-right 0.25, 8 outputs not 1', () => {
    const { output, size } = avg(filled(16, 1), [4, 4], ALL_ONES);
    assert.deepEqual(size, [3, 3]);
    closeAll(output, [4 / 9, 6 / 9, 2 / 6, 6 / 9, 1, 3 / 6, 2 / 6, 3 / 6, 1 / 4], 'output');
    assert.equal(output.filter((value) => Math.abs(value - 1) > 1e-6).length, 8);
    closeAll(avg(filled(16, 1), [4, 4], { ...ALL_ONES, countIncludePad: false }).output, filled(9, 1), 'count_include_pad off');
  });

  it('3 x 3, 1..9, k2 s1 p1: 4 x 4 starting 0.25 (1 with count_include_pad off), every gradient 1', () => {
    const on = avg(counting(9, 1), [3, 3], { kernelSize: 2, stride: 1, padding: 1 });
    assert.deepEqual(on.size, [4, 4]);
    close(on.output[0], 0.25, 'corner');
    closeAll(on.gradInput, filled(9, 1), 'grad_input');
    close(avg(counting(9, 1), [3, 3], { kernelSize: 2, stride: 1, padding: 1, countIncludePad: false }).output[0], 1, 'corner, count_include_pad off');
  });

  it('divisor_override 2 turns 1..4 into 5 and each gradient into 0.5', () => {
    const { output, gradInput } = avg(counting(4, 1), [2, 2], { kernelSize: 2, divisorOverride: 2 });
    closeAll(output, [5], 'output');
    closeAll(gradInput, [0.5, 0.5, 0.5, 0.5], 'grad_input');
  });

  it('the tutorial\'s code on 1..4 (padding 1, count_include_pad off) gives 1, 2, 3, 4', () => {
    closeAll(avg(counting(4, 1), [2, 2], { kernelSize: 2, padding: 1, countIncludePad: false }).output, [1, 2, 3, 4], 'output');
  });

  it('a bright pixel under average pooling: 2 while it moves inside the top-left window, 0 once it crosses', () => {
    const options = { kernelSize: 2, stride: 2 };
    closeAll(avg(brightPixel(1), [4, 4], options).output, [2, 0, 0, 0], 'row 1, column 2');
    closeAll(avg(brightPixel(5), [4, 4], options).output, [2, 0, 0, 0], 'row 2, column 2');
    closeAll(avg(brightPixel(2), [4, 4], options).output, [0, 2, 0, 0], 'row 1, column 3');
  });

  it('7 x 7 with k3 s1: padding 1 keeps 7 x 7, padding 0 gives 5 x 5', () => {
    assert.deepEqual(avg(counting(49, 1), [7, 7], { kernelSize: 3, stride: 1, padding: 1 }).size, [7, 7]);
    assert.deepEqual(avg(counting(49, 1), [7, 7], { kernelSize: 3, stride: 1, padding: 0 }).size, [5, 5]);
  });
});

describe('Max pooling', () => {
  const TIES = [1, 3, 3, 0, 2, 3, 1, 1, 0, 1, 4, 4, 2, 2, 4, 0];

  it('3 x 3, 1..9, k2 s1 p1: top-left 1; bottom-right 9, where average pooling gives 2.25', () => {
    const options = { kernelSize: 2, stride: 1, padding: 1 };
    const pooled = max(counting(9, 1), [3, 3], options).output;
    close(pooled[0], 1, 'top-left');
    close(pooled[15], 9, 'bottom-right');
    close(avg(counting(9, 1), [3, 3], options).output[15], 2.25, 'bottom-right, average');
  });

  it('1..4, one window: 4, index 3, gradient 0, 0, 0, 1', () => {
    const { output, indices, gradInput } = max(counting(4, 1), [2, 2], { kernelSize: 2 });
    assert.deepEqual([output, indices, gradInput], [[4], [3], [0, 0, 0, 1]]);
  });

  it('the starting grid records index 1 for its top-left window and sends 28 to the middle 4', () => {
    const { indices, gradInput } = max(TIES, [4, 4], { kernelSize: 2, stride: 1 }, counting(9, 1));
    assert.deepEqual(indices, [1, 1, 2, 5, 10, 10, 12, 10, 10]);
    assert.equal(gradInput[10], 28);
  });

  it('a tie 5, 5, 1, 2: the first 5 takes the gradient; nudged up either 5 moves the output, nudged down neither does', () => {
    const values = [5, 5, 1, 2];
    const tie = max(values, [2, 2], { kernelSize: 2 });
    assert.deepEqual([tie.indices, tie.gradInput], [[0], [1, 0, 0, 0]]);
    const nudged = (cell, delta) => max(values.map((v, i) => (i === cell ? v + delta : v)), [2, 2], { kernelSize: 2 });
    for (const cell of [0, 1]) {
      assert.equal(nudged(cell, 0.5).output[0], 5.5, `cell ${cell} up`);
      assert.equal(nudged(cell, -0.5).output[0], 5, `cell ${cell} down`);
      assert.equal((nudged(cell, 0.5).output[0] - nudged(cell, -0.5).output[0]) / (2 * 0.5), 0.5, `cell ${cell}: central difference`);
    }
    assert.deepEqual(nudged(1, 0.5).gradInput, [0, 1, 0, 0], 'the raised second 5 takes all of it');
  });

  it('a tie 1, 7, 7, 2: the 7 first in reading order takes the gradient, until the other is raised to 7.5', () => {
    assert.deepEqual(max([1, 7, 7, 2], [2, 2], { kernelSize: 2 }).gradInput, [0, 1, 0, 0]);
    assert.deepEqual(max([1, 7, 7.5, 2], [2, 2], { kernelSize: 2 }).gradInput, [0, 0, 1, 0]);
  });

  it('a bright pixel under max pooling: 8 while it moves inside the top-left window, 0 once it crosses', () => {
    const options = { kernelSize: 2, stride: 2 };
    assert.deepEqual(max(brightPixel(1), [4, 4], options).output, [8, 0, 0, 0]);
    assert.deepEqual(max(brightPixel(5), [4, 4], options).output, [8, 0, 0, 0]);
    assert.deepEqual(max(brightPixel(2), [4, 4], options).output, [0, 8, 0, 0]);
  });

  it('NaN wins, with the index of the last NaN, and takes the gradient', () => {
    const { output, indices, gradInput } = max([1, NaN, NaN, 9], [2, 2], { kernelSize: 2 });
    assert.ok(Number.isNaN(output[0]), `output ${output[0]}`);
    assert.deepEqual([indices, gradInput], [[2], [0, 0, 1, 0]]);
  });

  it('dilation 2: 5 x 5 k2 gives 3 x 3 from 13; 7 x 7 k3 gives 3 x 3 from 33', () => {
    const small = max(counting(25, 1), [5, 5], { kernelSize: 2, stride: 1, dilation: 2 });
    assert.deepEqual([small.size, small.output], [[3, 3], [13, 14, 15, 18, 19, 20, 23, 24, 25]]);
    const large = max(counting(49, 1), [7, 7], { kernelSize: 3, stride: 1, dilation: 2 });
    assert.deepEqual([large.size, large.output[0]], [[3, 3], 33]);
  });
});

// Exercises whose answer the build cannot ask the core for, by the start of their question.
const UNCHECKED_BY_THE_BUILD = [
  ['Every cell of the picture grows by 10.', () => avg(counting(16, 10), [4, 4], { kernelSize: 2, stride: 2 }).output[0] - avg(counting(16, 0), [4, 4], { kernelSize: 2, stride: 2 }).output[0]],
  ['A 2 × 2 convolution with weight 1 in its left column', () => {
    const columns = avg(counting(16, 0), [4, 4], { kernelSize: [2, 1], stride: [2, 1], divisorOverride: 1 }).output;
    return columns[0] - columns[1];
  }],
];

async function exercisesOf(file) {
  const text = await readFile(new URL(`../../${file}`, import.meta.url), 'utf8');
  const blocks = [...text.matchAll(/^```exercise\n([\s\S]*?)^```$/gm)];
  return blocks.map((block, i) => parseExercise(block[1], { number: i + 1, line: text.slice(0, block.index).split('\n').length }));
}

describe('exercises the build cannot check', () => {
  it('every exercise without a core line has its answer recomputed with the core', async () => {
    let checked = 0;
    for (const file of Object.values(LESSONS)) {
      for (const exercise of await exercisesOf(file)) {
        if (exercise.core) continue;
        const match = UNCHECKED_BY_THE_BUILD.find(([start]) => exercise.question.startsWith(start));
        assert.ok(match, `${file}, exercise ${exercise.number} (line ${exercise.line}) has no core line and no check here: ${exercise.question}`);
        const value = match[1]();
        assert.ok(Math.abs(value - exercise.answer) <= exercise.tolerance, `${file}, exercise ${exercise.number}: answer ${exercise.answerText}, core ${value}`);
        checked += 1;
      }
    }
    assert.equal(checked, UNCHECKED_BY_THE_BUILD.length, 'every check here matches an exercise');
  });
});
