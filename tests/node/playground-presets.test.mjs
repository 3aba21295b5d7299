// The playground's worked examples: for each, the core (through the model both elements draw)
// gives what PyTorch gave when make-presets.py wrote presets.json, output and gradient alike; and
// each reads in every language of the course, the Chinese stating the English's numbers.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import { loadCore } from '../../build/wasm/pool/index.js';
import { modelOfSettings } from '../../web/components/shared/pool-model.js';
import { LANGUAGES } from '../../web/i18n/i18n.js';

const presets = JSON.parse(await readFile(new URL('../../web/components/pool-playground/presets.json', import.meta.url), 'utf8'));

// XNNPACK's rule: within max(abs, rel * |expected|).
function assertClose(actual, expected, what) {
  assert.equal(actual.length, expected.length, `${what}: length`);
  expected.forEach((want, i) => {
    const tolerance = Math.max(1e-6, 1e-6 * Math.abs(want));
    assert.ok(Math.abs(actual[i] - want) <= tolerance, `${what}[${i}]: core ${actual[i]}, PyTorch ${want}`);
  });
}

const TEXT_FIELDS = ['title', 'source', 'says', 'note'];

// The numbers a text writes in digits, as values (so "5.0" and "5" are one number). Words such
// as "a quarter" or 四分之一 are not numbers here: each language writes those its own way.
const numbersOf = (text) => new Set((text.match(/\d+(?:\.\d+)?/g) ?? []).map(Number));

describe('the playground worked examples', () => {
  let core;
  before(async () => {
    core = await loadCore();
  });

  it('has unique ids and at least one example per operation', () => {
    const ids = presets.examples.map((example) => example.id);
    assert.equal(new Set(ids).size, ids.length, `ids are unique: ${ids}`);
    assert.ok(presets.examples.some((example) => example.settings.op === 'avg'));
    assert.ok(presets.examples.some((example) => example.settings.op === 'max'));
  });

  for (const example of presets.examples) {
    it(`${example.id}: reads in every language, with nothing missing`, () => {
      assert.deepEqual(Object.keys(example.text).sort(), [...LANGUAGES].sort(), 'one text per language');
      for (const lang of LANGUAGES) {
        assert.deepEqual(Object.keys(example.text[lang]).sort(), [...TEXT_FIELDS].sort(), `${lang} fields`);
        for (const field of TEXT_FIELDS) {
          const text = example.text[lang][field];
          assert.ok(typeof text === 'string' && text.trim() !== '', `${lang} ${field} is written`);
        }
      }
      for (const field of TEXT_FIELDS) {
        const chinese = example.text['zh-CN'][field];
        assert.match(chinese, /\p{Script=Han}/u, `zh-CN ${field} is Chinese: ${chinese}`);
      }
    });

    it(`${example.id}: the Chinese writes the same numbers as the English`, () => {
      for (const field of TEXT_FIELDS) {
        const english = numbersOf(example.text.en[field]);
        const chinese = numbersOf(example.text['zh-CN'][field]);
        for (const number of chinese) assert.ok(english.has(number), `zh-CN ${field} writes ${number}, which the English does not`);
        for (const number of english) assert.ok(chinese.has(number), `zh-CN ${field} leaves out ${number}, which the English writes`);
      }
    });

    it(`${example.id}: the core gives what PyTorch gives`, () => {
      const result = modelOfSettings(core, example.settings);
      assert.deepEqual([result.outputHeight, result.outputWidth], example.pytorch.outputShape, 'output shape');
      assertClose(result.output, example.pytorch.output, 'output');
      assertClose(result.gradInput, example.pytorch.gradInput, 'grad_input');
      if (example.pytorch.indices) assert.deepEqual(Array.from(result.indices), example.pytorch.indices, 'indices');
    });
  }
});
