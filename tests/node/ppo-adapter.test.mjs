// <ppo-widget>'s lesson adapter and model with the real rl core: the settings table and its
// defaults, a list fitted to other numbers of samples, the attributes it refuses (quoted), links,
// samples and epochs changed with the numbers kept, a lesson's widget block and the fields the
// build refuses (named), every number the widget shows and exercises name against PyTorch's
// (tests/e2e/ppo-expected.json, written by tests/e2e/ppo-expected.py), the clipped gradient 0
// exactly, the specs refused, and the iframe's size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/ppo-widget/adapter.js';
import { ppoNumbers } from '../../web/components/ppo-widget/model.js';
import { withEpochs, withSamples } from '../../web/components/ppo-widget/settings.js';
import { queryOf, readQuery } from '../../web/components/shared/settings-table.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases } = expectedNumbers('ppo');
const defaults = adapter.settingsFromAttributes(() => null);
const core = await adapter.loadCore();
const refuses = refusalCheck(adapter, 'ppo-widget', core);
const named = (name) => cases.find((testCase) => testCase.name === name);

const refusesAttributes = (attributes, message) => {
  assert.throws(() => adapter.settingsFromAttributes((name) => attributes[name] ?? null), { name: 'AttributeError', message });
};

// The core README's agreement with PyTorch: max(1e-6, 1e-5 |expected|); a gradient the clip sets
// to 0 is 0 in the core too (`exactZero`).
const close = (actual, expected, what, { exactZero = false } = {}) => {
  if (exactZero && expected === 0) assert.equal(Math.abs(actual), 0, `${what}: the core ${actual}, PyTorch 0`);
  assert.ok(Math.abs(actual - expected) <= Math.max(1e-6, 1e-5 * Math.abs(expected)), `${what}: the core ${actual}, PyTorch ${expected}`);
};
const allClose = (actual, expected, what, options = {}) => {
  assert.equal(actual.length, expected.length, `${what}: one per value`);
  expected.forEach((value, i) => close(actual[i], value, `${what} ${i}`, options));
};

describe('ppo-widget settings', () => {
  it('has one row per setting, with the lesson\'s names and kebab-case attributes', () => {
    assert.deepEqual(adapter.SETTINGS.map((row) => [row.name, row.key, row.attribute]), [
      ['samples', 'samples', 'samples'], ['logits', 'logits', 'logits'], ['actions', 'actions', 'actions'],
      ['advantages', 'advantages', 'advantages'], ['clip', 'clip', 'clip'], ['lr', 'lr', 'lr'], ['epochs', 'epochs', 'epochs'],
      ['selected', 'selected', 'selected'], ['color_scheme', 'colorScheme', 'color-scheme'],
    ]);
  });

  it('has the defaults the expected numbers were made with; selected is the last epoch', () => {
    const { colorScheme, ...rest } = defaults;
    assert.deepEqual(rest, named('defaults').expected.settings);
    assert.equal(colorScheme, 'auto');
    assert.equal(adapter.settingsFromAttributes((name) => ({ epochs: '4' })[name] ?? null).selected, 4);
  });

  it('fits a list left out to the samples, taking the default\'s numbers over again', () => {
    const settings = adapter.settingsFromAttributes((name) => ({ samples: '3' })[name] ?? null);
    assert.deepEqual(settings.logits, [0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert.deepEqual(settings.actions, [1, 2, 1]);
    assert.deepEqual(settings.advantages, [1, -1, 1]);
  });

  it('refuses bad attributes, quoting them', () => {
    refusesAttributes({ logits: '1 2 3' }, 'Attribute logits="1 2 3": give 6 numbers (samples 2 × 3 actions), not 3.');
    refusesAttributes({ actions: '1' }, 'Attribute actions="1": give 2 numbers, one per sample, not 1.');
    refusesAttributes({ actions: '1 4' }, 'Attribute actions="1 4": every action must be 1, 2 or 3, not 4.');
    refusesAttributes({ actions: '0 1' }, 'Attribute actions="0 1": every action must be 1, 2 or 3, not 0.');
    refusesAttributes({ actions: '1.5 1' }, 'Attribute actions="1.5 1": every action must be 1, 2 or 3, not 1.5.');
    refusesAttributes({ advantages: '1 2 3' }, 'Attribute advantages="1 2 3": give 2 numbers, one per sample, not 3.');
    refusesAttributes({ logits: '0 0 0 0 0 21' }, 'Attribute logits="0 0 0 0 0 21": every logit must be from -20 to 20, not 21.');
    refusesAttributes({ advantages: '1 -101' }, 'Attribute advantages="1 -101": every advantage must be from -100 to 100, not -101.');
    refusesAttributes({ samples: '5' }, 'Attribute samples="5": it must be a whole number from 1 to 4.');
    refusesAttributes({ clip: '1' }, 'Attribute clip="1": clip must be more than 0 and less than 1, not 1.');
    refusesAttributes({ clip: '0' }, 'Attribute clip="0": clip must be more than 0 and less than 1, not 0.');
    refusesAttributes({ lr: '101' }, 'Attribute lr="101": lr must be from 0 to 100, not 101.');
    refusesAttributes({ epochs: '51' }, 'Attribute epochs="51": it must be a whole number from 1 to 50.');
    refusesAttributes({ epochs: '0' }, 'Attribute epochs="0": it must be a whole number from 1 to 50.');
    refusesAttributes({ selected: '11' }, 'Attribute selected="11": there are 10 epochs, so selected must be from 0 to 10, not 11.');
    refusesAttributes({ advantages: '1 NaN' }, 'Attribute advantages="1 NaN": every value must be a finite number.');
  });

  it('writes a link and reads it back; samples in a link refit the lists that follow them', () => {
    const settings = { ...defaults, actions: [3, 1], advantages: [0.5, -2], lr: 5, selected: 1 };
    const query = queryOf(adapter.SETTINGS, settings, { onlyChanged: true });
    assert.equal(query, 'actions=3,1&advantages=0.5,-2&lr=5&selected=1');
    assert.deepEqual(readQuery(adapter.SETTINGS, query, defaults), settings);
    assert.deepEqual(readQuery(adapter.SETTINGS, 'samples=1', defaults).actions, [1]);
    assert.equal(readQuery(adapter.SETTINGS, 'epochs=20', defaults).selected, 20, 'selected left out follows the epochs');
    assert.throws(() => readQuery(adapter.SETTINGS, 'selected=11', defaults), /selected: there are 10 epochs, so selected must be from 0 to 10, not 11/);
  });

  it('changes the samples keeping each sample\'s numbers, and the epochs keeping the epoch shown', () => {
    const settings = { ...defaults, logits: [1, 2, 3, 4, 5, 6], actions: [3, 3], advantages: [5, 6] };
    const three = withSamples(settings, 3);
    assert.deepEqual([three.logits, three.actions, three.advantages], [[1, 2, 3, 4, 5, 6, 0, 0, 0], [3, 3, 1], [5, 6, 1]]);
    const one = withSamples(settings, 1);
    assert.deepEqual([one.logits, one.actions, one.advantages], [[1, 2, 3], [3], [5]]);
    assert.equal(withEpochs(defaults, 20).selected, 20, 'the last stays the last');
    assert.equal(withEpochs({ ...defaults, selected: 3 }, 20).selected, 3);
    assert.equal(withEpochs({ ...defaults, selected: 7 }, 5).selected, 5, 'past the new end becomes it');
  });
});

describe('ppo-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'ppo-widget', samples: 1, actions: [3], lr: 2, epochs: 4 }, { core });
    assert.deepEqual(settings, { ...defaults, samples: 1, logits: [0, 0, 0], actions: [3], advantages: [1], lr: 2, epochs: 4, selected: 4 });
    assert.deepEqual(adapter.lessonAttributes(settings), [['samples', '1'], ['actions', '3'], ['lr', '2'], ['epochs', '4']]);
  });

  it('refuses bad values and broken rules, naming the field', async () => {
    await refuses({ logits: [1, 2, 3] }, 'widget.logits', 'give 6 numbers (samples 2 × 3 actions), not 3');
    await refuses({ actions: [1, 4] }, 'widget.actions', 'every action must be 1, 2 or 3, not 4');
    await refuses({ samples: 5 }, 'widget.samples', 'must be a whole number from 1 to 4');
    await refuses({ clip: 1.5 }, 'widget.clip', 'clip must be more than 0 and less than 1, not 1.5');
    await refuses({ epochs: 60 }, 'widget.epochs', 'must be a whole number from 1 to 50');
    await refuses({ selected: 11 }, 'widget.selected', 'there are 10 epochs, so selected must be from 0 to 10, not 11');
    await refuses({ advantage: [1, 1] }, 'widget.advantage', 'widget.advantage is not a known field');
  });

  it('refuses exercise specs it does not know, or that name no number', () => {
    const refused = (spec, message) => assert.throws(() => adapter.exerciseValue(core, defaults, spec), { name: 'FieldError', field: 'core', message });
    refused('ratios 1 1', /core must be ratio N E, objective N E, grad_ratio N E, log_prob N E, loss E or logit N K E/);
    refused('ratio 1', /core must be ratio N E/);
    refused('logit 1 1', /core must be ratio N E/);
    refused('ratio 1 -1', /core must be ratio N E/);
    refused('ratio 1 11', /core names epoch 11 in "ratio 1 11", but ratio has epochs 0 to 10/);
    refused('grad_ratio 1 10', /core names epoch 10 in "grad_ratio 1 10", but grad_ratio has epochs 0 to 9/);
    refused('ratio 3 1', /core names sample 3 in "ratio 3 1", but the samples are 1 to 2/);
    refused('logit 1 4 1', /core names action 4 in "logit 1 4 1", but the actions are 1 to 3/);
  });
});

for (const testCase of cases) {
  describe(`ppo's numbers: ${testCase.name}`, () => {
    const settings = { ...defaults, ...testCase.expected.settings };
    const expected = testCase.expected;

    it('every number the widget shows is PyTorch\'s, within the core\'s tolerance', () => {
      const { training, epoch } = ppoNumbers(core, settings);
      allClose(training.history.ratio, expected.ratioHistory, 'ratio history');
      allClose(training.history.loss, expected.lossHistory, 'loss history');
      for (const key of ['logits', 'logProbs', 'ratio', 'objective']) allClose(epoch[key], expected[key], key);
      allClose(epoch.gradRatio, expected.gradRatio, 'gradRatio', { exactZero: true });
      close(epoch.loss, expected.loss, 'loss');
      const { samples } = settings;
      for (let k = 0; k < 3; k++) {
        allClose(epoch.actionLogProbs[k], Array.from({ length: samples }, (_, n) => expected.actionLogProbs[n * 3 + k]), `action ${k + 1}'s log-probs`);
      }
    });

    it('exercises name the same numbers', () => {
      const { samples, selected: e, epochs } = settings;
      close(adapter.exerciseValue(core, settings, `loss ${e}`), expected.loss, `loss ${e}`);
      for (let n = 1; n <= samples; n++) {
        close(adapter.exerciseValue(core, settings, `ratio ${n} ${e}`), expected.ratio[n - 1], `ratio ${n} ${e}`);
        close(adapter.exerciseValue(core, settings, `objective ${n} ${e}`), expected.objective[n - 1], `objective ${n} ${e}`);
        close(adapter.exerciseValue(core, settings, `log_prob ${n} ${e}`), expected.logProbs[n - 1], `log_prob ${n} ${e}`);
        if (e < epochs) {
          close(adapter.exerciseValue(core, settings, `grad_ratio ${n} ${e}`), expected.gradRatio[n - 1], `grad_ratio ${n} ${e}`, { exactZero: true });
        }
        for (let k = 1; k <= 3; k++) close(adapter.exerciseValue(core, settings, `logit ${n} ${k} ${e}`), expected.logits[(n - 1) * 3 + k - 1], `logit ${n} ${k} ${e}`);
      }
    });
  });
}

describe('ppo-widget exercises', () => {
  it('every exercise of the lessons that names a number is answered by PyTorch and by the core alike', () => {
    for (const lesson of cases.filter((testCase) => testCase.url)) {
      for (const exercise of lesson.exercises) {
        const settings = { ...defaults, ...lesson.expected.settings, ...exercise.settings };
        close(adapter.exerciseValue(core, settings, exercise.core), exercise.pytorch, `${lesson.name}, ${exercise.core}`);
      }
    }
  });
});

describe('ppo-widget embedding', () => {
  it('sizes its iframe from the samples, taller on a phone, a margin over the page as measured', () => {
    const { frameSize } = adapter.EMBED;
    assert.equal(adapter.EMBED.changeEvent, 'ppo-widget-change');
    // The frame's page as measured in Chromium (the widget and the frame's title line), for 1 to 4 samples.
    const measured = { 720: [1383, 1446, 2017, 2042], 560: [1425, 1601, 2332, 2332], 390: [1516, 2092, 2668, 3243], 358: [1520, 2117, 2713, 3310] };
    for (const [width, heights] of Object.entries(measured)) {
      heights.forEach((height, n) => {
        const size = frameSize({ ...defaults, samples: n + 1 }, { width: Number(width) });
        const what = `${width} px wide, ${n + 1} samples`;
        assert.ok(size.height >= height, `${what}: ${size.height} px for ${height}`);
        assert.ok(size.height <= height + 350, `${what}: ${size.height} px leaves no more than a margin over ${height}`);
      });
    }
    assert.deepEqual(frameSize(defaults), { width: 720, height: 1520 });
  });
});

describe('<ppo-widget>\'s core calls', () => {
  it('an epoch in detail takes one ppo call, every action\'s log-probs from its log-softmax', () => {
    const calls = [];
    const counted = Object.fromEntries(Object.keys(core).map((name) => [name, (...args) => {
      calls.push(name);
      return core[name](...args);
    }]));
    const { epoch } = ppoNumbers(counted, { ...defaults, epochs: 4, selected: 2 });
    assert.deepEqual(calls, ['ppo', 'ppoTrain', 'ppo'], 'the old log-probs, the training, the epoch');
    const last = ppoNumbers(counted, { ...defaults, epochs: 4, selected: 4 });
    assert.deepEqual(calls.slice(3), ['ppo', 'ppoTrain', 'ppo', 'ppoBackward'], 'and the next step\'s gradient after the last');
    // Each taken action's log-prob is its column's entry, to the bit.
    for (const { numbers, taken } of [{ numbers: epoch, taken: defaults.actions }, { numbers: last.epoch, taken: defaults.actions }]) {
      numbers.logProbs.forEach((logProb, n) => assert.ok(Object.is(numbers.actionLogProbs[taken[n] - 1][n], logProb), `sample ${n + 1}`));
    }
  });
});
