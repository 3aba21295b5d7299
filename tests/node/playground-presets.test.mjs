// The playground's worked examples: for each, the core (through the model both elements draw)
// gives what PyTorch gave when make-presets.py wrote presets.json, output and gradient alike.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import { loadCore } from '../../build/wasm/pool/index.js';
import { modelOfSettings } from '../../web/components/shared/pool-model.js';

const presets = JSON.parse(await readFile(new URL('../../web/components/pool-playground/presets.json', import.meta.url), 'utf8'));

// XNNPACK's rule: within max(abs, rel * |expected|).
function assertClose(actual, expected, what) {
  assert.equal(actual.length, expected.length, `${what}: length`);
  expected.forEach((want, i) => {
    const tolerance = Math.max(1e-6, 1e-6 * Math.abs(want));
    assert.ok(Math.abs(actual[i] - want) <= tolerance, `${what}[${i}]: core ${actual[i]}, PyTorch ${want}`);
  });
}

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
    it(`${example.id}: the core gives what PyTorch gives`, () => {
      const result = modelOfSettings(core, example.settings);
      assert.deepEqual([result.outputHeight, result.outputWidth], example.pytorch.outputShape, 'output shape');
      assertClose(result.output, example.pytorch.output, 'output');
      assertClose(result.gradInput, example.pytorch.gradInput, 'grad_input');
      if (example.pytorch.indices) assert.deepEqual(Array.from(result.indices), example.pytorch.indices, 'indices');
    });
  }
});
