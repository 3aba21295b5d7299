// <xor-widget>'s lesson adapter and model with the real learning core: the settings table and
// its defaults, the attributes it refuses (quoted), a lesson's widget block and the fields the
// build refuses (named), the numbers exercises name against PyTorch's
// (tests/e2e/xor-expected.json, written by tests/e2e/xor-expected.py with torch.optim.SGD), the
// trainings the element keeps between taps against one training from the start, and the
// iframe's size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/xor-widget/adapter.js';
import { frameSize } from '../../web/components/xor-widget/frame-size.js';
import { pictureGrid, trainXor, VIEW, XorTrainer } from '../../web/components/xor-widget/model.js';
import { checkRow, queryOf, readQuery } from '../../web/components/shared/settings-table.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases } = expectedNumbers('xor');
const defaults = adapter.settingsFromAttributes(() => null);
const core = await adapter.loadCore();
const refuses = refusalCheck(adapter, 'xor-widget', core);

// The core against PyTorch over a training (core/learning/README.md, "Exactness": the C
// library's exp, log and tanh differ from PyTorch's in the last bit now and then, and a
// training carries those bits along).
const close = (actual, expected, what) => assert.ok(Math.abs(actual - expected) <= Math.max(5e-6, 1e-5 * Math.abs(expected)),
  `${what}: ${actual}, PyTorch ${expected}`);

// settingsFromAttributes refuses these attributes with an AttributeError of this message.
const refusesAttributes = (attributes, message) => {
  assert.throws(() => adapter.settingsFromAttributes((name) => attributes[name] ?? null), { name: 'AttributeError', message });
};

const settingsOf = (testCase) => ({ ...defaults, ...testCase.expected.settings });

describe('xor-widget settings', () => {
  it('has one row per setting; H is hidden in links and lessons, hidden-units as an attribute', () => {
    assert.deepEqual(adapter.SETTINGS.map((row) => [row.name, row.key, row.attribute]), [
      ['activation', 'activation', 'activation'], ['hidden', 'hidden', 'hidden-units'], ['lr', 'lr', 'lr'],
      ['momentum', 'momentum', 'momentum'], ['seed', 'seed', 'seed'], ['steps', 'steps', 'steps'],
      ['color_scheme', 'colorScheme', 'color-scheme'],
    ]);
  });

  it('has the defaults the expected numbers were made with', () => {
    const { colorScheme, ...rest } = defaults;
    assert.deepEqual(rest, cases.find((testCase) => testCase.name === 'defaults').expected.settings);
    assert.equal(colorScheme, 'auto');
  });

  it('reads its attributes', () => {
    const attributes = { activation: 'relu', 'hidden-units': '16', lr: '1.5', momentum: '0.9', seed: '4294967295', steps: '5000' };
    assert.deepEqual(adapter.settingsFromAttributes((name) => attributes[name] ?? null),
      { activation: 'relu', hidden: 16, lr: 1.5, momentum: 0.9, seed: 4294967295, steps: 5000, colorScheme: 'auto' });
  });

  it('refuses bad attributes, quoting them', () => {
    refusesAttributes({ activation: 'gelu' }, 'Attribute activation="gelu": use "tanh" or "relu" or "sigmoid".');
    refusesAttributes({ 'hidden-units': '17' }, 'Attribute hidden-units="17": it must be a whole number from 1 to 16.');
    refusesAttributes({ 'hidden-units': '0' }, 'Attribute hidden-units="0": it must be a whole number from 1 to 16.');
    refusesAttributes({ lr: '11' }, 'Attribute lr="11": lr must be from 0 to 10, not 11.');
    refusesAttributes({ momentum: '1' }, 'Attribute momentum="1": momentum must be from 0 to below 1, not 1.');
    refusesAttributes({ seed: '-1' }, 'Attribute seed="-1": it must be a whole number from 0 to 4294967295.');
    refusesAttributes({ seed: '4294967296' }, 'Attribute seed="4294967296": it must be a whole number from 0 to 4294967295.');
    refusesAttributes({ steps: '5001' }, 'Attribute steps="5001": it must be a whole number from 0 to 5000.');
    refusesAttributes({ steps: '2.5' }, 'Attribute steps="2.5": it must be a whole number from 0 to 5000.');
  });

  it('holds a typed count to its row\'s range, as the attribute', () => {
    const rule = (key, value) => {
      let problem = null;
      checkRow(adapter.SETTINGS.find((row) => row.key === key), { ...defaults, [key]: value }, (reason) => { problem ??= reason; });
      return problem;
    };
    assert.equal(rule('hidden', 17), 'it must be a whole number from 1 to 16.');
    assert.equal(rule('hidden', 2.5), 'it must be a whole number from 1 to 16.');
    assert.equal(rule('steps', 5001), 'it must be a whole number from 0 to 5000.');
    assert.equal(rule('seed', -1), 'it must be a whole number from 0 to 4294967295.');
    assert.equal(rule('seed', 4294967296), 'it must be a whole number from 0 to 4294967295.');
    assert.equal(rule('hidden', 16), null);
    assert.equal(rule('seed', 4294967295), null);
  });

  it('writes a link and reads it back', () => {
    const settings = { ...defaults, activation: 'sigmoid', hidden: 3, momentum: 0.9, seed: 7, steps: 300 };
    const query = queryOf(adapter.SETTINGS, settings, { onlyChanged: true });
    assert.equal(query, 'activation=sigmoid&hidden=3&momentum=0.9&seed=7&steps=300');
    assert.deepEqual(readQuery(adapter.SETTINGS, query, defaults), settings);
  });

  it('reads every seed a link can give, ten digits included, and refuses one past the last', () => {
    assert.equal(readQuery(adapter.SETTINGS, 'seed=1000000000', defaults).seed, 1000000000);
    assert.equal(readQuery(adapter.SETTINGS, 'seed=4294967295', defaults).seed, 4294967295);
    assert.throws(() => readQuery(adapter.SETTINGS, 'seed=4294967296', defaults), /seed must be a whole number from 0 to 4294967295, not "4294967296"/);
    assert.throws(() => readQuery(adapter.SETTINGS, 'seed=12345678901234567890', defaults), /seed must be a whole number from 0 to 4294967295, not "12345678901234567/);
  });
});

describe('xor-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'xor-widget', activation: 'relu', hidden: 3, seed: 5, steps: 100 }, { core });
    assert.deepEqual(settings, { ...defaults, activation: 'relu', hidden: 3, seed: 5, steps: 100 });
    assert.deepEqual(adapter.lessonAttributes(settings), [['activation', 'relu'], ['hidden-units', '3'], ['seed', '5'], ['steps', '100']]);
  });

  it('refuses bad values, naming the field', async () => {
    await refuses({ hidden: 17 }, 'widget.hidden', 'widget.hidden must be a whole number from 1 to 16');
    await refuses({ hidden: 0 }, 'widget.hidden', 'must be a whole number from 1 to 16');
    await refuses({ lr: 10.5 }, 'widget.lr', 'lr must be from 0 to 10, not 10.5');
    await refuses({ momentum: 1 }, 'widget.momentum', 'momentum must be from 0 to below 1, not 1');
    await refuses({ seed: -1 }, 'widget.seed', 'must be a whole number from 0 to 4294967295');
    await refuses({ steps: 5001 }, 'widget.steps', 'must be a whole number from 0 to 5000');
    await refuses({ activation: 'gelu' }, 'widget.activation', 'must be');
    await refuses({ hidden_size: 2 }, 'widget.hidden_size', 'widget.hidden_size is not a known field');
  });

  it('names the numbers exercises may ask for, and refuses a spec it does not know', () => {
    const spec = (text, settings = defaults) => () => adapter.exerciseValue(core, settings, text);
    for (const text of ['loss', 'loss 5001', 'loss -1', 'loss 1.5', 'probability 0', 'hidden 1 1', 'w1 1 0', 'gradient 3', 'b2 1 0']) {
      assert.throws(spec(text), { name: 'FieldError', field: 'core', message: new RegExp(`^core must be loss N, probability K N, .* got "${text}"$`) }, text);
    }
    assert.throws(spec('probability 5 0'), { name: 'FieldError', message: 'core names "probability 5 0", but K must be from 1 to 4: the network has 4 points' });
    assert.throws(spec('hidden 1 3 0'), { name: 'FieldError', message: 'core names "hidden 1 3 0", but J must be from 1 to 2: the network has 2 hidden units' });
    assert.throws(spec('w1 1 3 10'), { name: 'FieldError', message: 'core names "w1 1 3 10", but I must be from 1 to 2: the network has 2 inputs' });
    assert.throws(spec('b1 0 10'), /J must be from 1 to 2/);
    assert.equal(typeof adapter.exerciseValue(core, { ...defaults, hidden: 16 }, 'w2 16 5000'), 'number');
  });

  for (const testCase of cases) {
    it(`exercises name PyTorch's numbers: ${testCase.name}`, () => {
      const settings = settingsOf(testCase);
      const { expected } = testCase;
      const N = settings.steps;
      const H = settings.hidden;
      const value = (spec) => adapter.exerciseValue(core, settings, spec);
      close(value(`loss ${N}`), expected.loss, 'loss');
      for (let k = 1; k <= 4; k++) {
        close(value(`probability ${k} ${N}`), expected.probabilities[k - 1], `probability ${k}`);
        for (let j = 1; j <= H; j++) close(value(`hidden ${k} ${j} ${N}`), expected.hidden[(k - 1) * H + j - 1], `hidden ${k} ${j}`);
      }
      for (let j = 1; j <= H; j++) {
        close(value(`w1 ${j} 1 ${N}`), expected.params.w1[2 * (j - 1)], `w1 ${j} 1`);
        close(value(`w1 ${j} 2 ${N}`), expected.params.w1[2 * (j - 1) + 1], `w1 ${j} 2`);
        close(value(`b1 ${j} ${N}`), expected.params.b1[j - 1], `b1 ${j}`);
        close(value(`w2 ${j} ${N}`), expected.params.w2[j - 1], `w2 ${j}`);
      }
      close(value(`b2 ${N}`), expected.params.b2[0], 'b2');
    });
  }

  it('the start is the one PyTorch was given, to the bit', () => {
    for (const testCase of cases) {
      const { hidden, seed } = testCase.expected.settings;
      const start = core.xorInit(hidden, seed);
      for (const key of ['w1', 'b1', 'w2', 'b2']) assert.deepEqual([...start[key]], testCase.expected.start[key].map(Math.fround), `${testCase.name}: ${key}`);
    }
  });

  it('every exercise of the lessons that names a number is answered by PyTorch and by the core alike', () => {
    const exercises = cases.filter((testCase) => testCase.url).flatMap((testCase) => testCase.exercises);
    assert.ok(exercises.length >= 1, 'the lesson has exercises the core answers');
    for (const exercise of exercises) {
      close(adapter.exerciseValue(core, { ...defaults, ...exercise.settings }, exercise.core), exercise.pytorch, `${exercise.core} under ${JSON.stringify(exercise.settings)}`);
    }
  });
});

describe('xor-widget trainings between taps', () => {
  // The same numbers as one training from the start, to the bit, in any order of taps: the
  // losses, the network, its outputs and SGD's momentum buffers.
  const same = (actual, expected, what) => {
    assert.deepEqual([...actual.losses], [...expected.losses], `${what}: losses`);
    for (const key of ['w1', 'b1', 'w2', 'b2']) assert.deepEqual([...actual.params[key]], [...expected.params[key]], `${what}: ${key}`);
    assert.deepEqual([...actual.hidden], [...expected.hidden], `${what}: hidden`);
    assert.deepEqual([...actual.probabilities], [...expected.probabilities], `${what}: probabilities`);
    assert.deepEqual(actual.state, expected.state, `${what}: momentum buffers`);
  };

  for (const [name, options] of [['without momentum', { momentum: 0 }], ['with momentum', { momentum: 0.9, lr: 0.2 }],
    ['relu, three units, without momentum', { activation: 'relu', hidden: 3, seed: 0 }],
    ['sixteen tanh units, with momentum', { hidden: 16, momentum: 0.9, seed: 3 }]]) {
    it(`are one training from the start, ${name}`, () => {
      const trainer = new XorTrainer(core);
      const settings = { ...defaults, ...options };
      for (const steps of [0, 1, 2, 150, 99, 100, 101, 700, 350, 5000, 4999, 1]) {
        same(trainer.train(settings, steps), trainXor(core, settings, steps), `${steps} steps`);
      }
    });
  }

  it('cost a tap at most 100 steps of training, with momentum too', () => {
    let trained = 0;
    const counting = { ...core, xorTrain: (params, options, steps, state) => { trained += steps; return core.xorTrain(params, options, steps, state); } };
    for (const momentum of [0, 0.9]) {
      const trainer = new XorTrainer(counting);
      const settings = { ...defaults, hidden: 16, momentum };
      trainer.train(settings, 4999);
      for (const steps of [5000, 4999, 4998, 4900, 5000]) {
        trained = 0;
        trainer.train(settings, steps);
        assert.ok(trained <= 100, `momentum ${momentum}: ${steps} steps after a tap cost ${trained} steps of training`);
      }
    }
  });

  it('keeps a start per hidden and seed, and trainings per setting', () => {
    const trainer = new XorTrainer(core);
    assert.equal(trainer.start(2, 5), trainer.start(2, 5), 'the same start object for the same H and seed');
    assert.notEqual(trainer.start(2, 5), trainer.start(2, 6));
    const relu = trainer.train({ ...defaults, activation: 'relu', steps: 300 });
    const tanh = trainer.train({ ...defaults, steps: 300 });
    assert.notDeepEqual([...relu.losses], [...tanh.losses], 'another activation, another training');
    same(trainer.train({ ...defaults, activation: 'relu', steps: 300 }), trainXor(core, { ...defaults, activation: 'relu' }, 300), 'relu again');
  });

  it('draws the input plane over a grid of cell centres, row by row from the top', () => {
    const grid = pictureGrid();
    assert.equal(grid.length, 2 * 64 * 64);
    const step = (VIEW[1] - VIEW[0]) / 64;
    assert.deepEqual([grid[0], grid[1]], [Math.fround(VIEW[0] + step / 2), Math.fround(VIEW[1] - step / 2)]);
    assert.deepEqual([grid.at(-2), grid.at(-1)], [Math.fround(VIEW[1] - step / 2), Math.fround(VIEW[0] + step / 2)]);
    const picture = core.xorForward(trainXor(core, { ...defaults, seed: 0 }, 300).params, grid, { activation: 'tanh' });
    assert.equal(picture.probabilities.length, 64 * 64);
  });
});

describe('xor-widget embedding', () => {
  it('sizes its iframe from the hidden units and the width', () => {
    assert.equal(frameSize({}).width, 720);
    assert.ok(frameSize({ hidden: 16 }).height > frameSize({ hidden: 3 }).height, 'a row per hidden unit');
    const phone = { width: 358 };
    assert.ok(frameSize({ hidden: 2 }, phone).height > frameSize({ hidden: 3 }, phone).height, 'the hidden space, below the plane on a phone, is drawn for two units');
    assert.ok(frameSize({}, { width: 358 }).height > frameSize({}).height, 'taller on a phone');
    assert.equal(adapter.EMBED.changeEvent, 'xor-widget-change');
  });
});
