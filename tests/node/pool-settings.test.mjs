// The pooling settings as plain data (web/components/shared/pool-settings.js through the table
// reader of settings-table.js): the link format round-trips and rejects what it cannot read by
// naming the key; the output-size formula it shows agrees with the core wherever the core
// accepts the settings, and is one more exactly when PyTorch drops a window starting on the
// right padding; and the divisors it reads from the core are PyTorch's, checked against a
// plain loop written from PyTorch's avg_pool2d.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { loadCore } from '../../build/wasm/pool/index.js';
import { windowDivisors } from '../../web/components/shared/window-divisors.js';
import { sideFormula } from '../../web/components/pool-playground/formula.js';
import {
  POOL_SETTINGS, coreOptions, defaultPoolSettings as defaultSettings, resizeInput, sameComputation as sameSettings,
} from '../../web/components/shared/pool-settings.js';
import { SettingsQueryError, hasQuerySettings, queryOf, readQuery } from '../../web/components/shared/settings-table.js';

const settingsToQuery = (settings) => queryOf(POOL_SETTINGS, settings);
const settingsFromQuery = (query, base = defaultSettings()) => readQuery(POOL_SETTINGS, query, base);
const hasSettingsQuery = (query) => hasQuerySettings(POOL_SETTINGS, query);

describe('the link format', () => {
  it('writes the defaults in PyTorch names, with the input as a run', () => {
    assert.equal(
      settingsToQuery(defaultSettings()),
      'op=avg&input=4x4:0..15&kernel_size=2&stride=2&padding=0&dilation=1&ceil_mode=false'
        + '&count_include_pad=true&divisor_override=none&grad_output=ones',
    );
  });

  it('reads back every setting it writes', () => {
    const settings = {
      ...defaultSettings(),
      op: 'max',
      inputHeight: 2,
      inputWidth: 3,
      input: [1.5, -2, 0, 1e-7, 3, 4],
      kernelSize: [2, 3],
      stride: [1, 2],
      padding: [1, 0],
      dilation: [2, 1],
      ceilMode: true,
      countIncludePad: false,
      divisorOverride: -3,
      gradOutput: [0.5, -1],
    };
    const query = settingsToQuery(settings);
    assert.deepEqual(settingsFromQuery(query), settings, query);
    assert.deepEqual(settingsFromQuery(`?${query}`), settings, 'a leading "?" is fine');
  });

  it('refuses an input number beyond float32, one by one or as a run, and quotes a long one shortened', () => {
    assert.throws(() => settingsFromQuery('input=2x2:1e39,1,1,1'), (error) => error instanceof SettingsQueryError
      && error.message.includes('input holds 1e39, which is beyond the largest number the core computes with (float32, about 3.4e38)'));
    assert.throws(() => settingsFromQuery(`input=2x2:${'9'.repeat(40)}..${'9'.repeat(39)}3`), /beyond the largest number the core computes with/);
    assert.throws(() => settingsFromQuery(`input=2x2:${'7'.repeat(5000)}x,1,1,1`), (error) => error.message.length < 200);
    for (const input of [[1e21, 1e21, 1e21, 1e21], [2 ** 53, 2 ** 53 + 1, 2 ** 53 + 2, 2 ** 53 + 3], [-3, -2, -1, 0]]) {
      const square = { ...defaultSettings(), inputHeight: 2, inputWidth: 2, input, kernelSize: [1, 1], stride: [1, 1] };
      const written = new URLSearchParams(settingsToQuery(square)).toString();
      assert.deepEqual(settingsFromQuery(written).input, input, `reads back from ${written}`);
    }
    const settings = { ...defaultSettings(), inputHeight: 1, inputWidth: 2, input: [1e21, -3e38], kernelSize: [1, 1], stride: [1, 1] };
    const query = new URLSearchParams(settingsToQuery(settings)).toString();
    assert.deepEqual(settingsFromQuery(query).input, [1e21, -3e38], `a large number reads back from ${query}`);
  });

  it('keeps the base settings for missing keys, and ignores keys it does not know', () => {
    const base = { ...defaultSettings(), op: 'max' };
    const settings = settingsFromQuery('kernel_size=3&utm_source=mail&embed=1', base);
    assert.deepEqual(settings.kernelSize, [3, 3]);
    assert.equal(settings.op, 'max');
    assert.equal(hasSettingsQuery('utm_source=mail'), false);
    assert.equal(hasSettingsQuery('?stride=1'), true);
  });

  it('takes "HxW" alone as 0, 1, 2, ... and "a..b" as a run', () => {
    assert.deepEqual(settingsFromQuery('input=2x2').input, [0, 1, 2, 3]);
    assert.deepEqual(settingsFromQuery('input=1x3:-1..1').input, [-1, 0, 1]);
  });

  const bad = [
    ['op=median', 'op', /op must be avg or max/],
    ['input=banana', 'input', /input must look like 4x4:0..15/],
    ['input=33x2', 'input', /input_height must be a whole number from 1 to 32, not 33/],
    ['input=2x0', 'input', /input_width must be a whole number from 1 to 32, not 0/],
    ['input=2x2&padding=16', 'padding', /with its padding the picture would be 34 by 34 cells, and a grid shows at most 32 a side/],
    ['input=2x2:1,2,3', 'input', /input has 3 numbers, but a 2x2 grid needs 4/],
    ['input=2x2:1..5', 'input', /1..5 has 5 numbers/],
    ['input=1x2:1,x', 'input', /"x", which is not a number/],
    ['kernel_size=abc', 'kernel_size', /kernel_size must be a whole number, not "abc"/],
    ['stride=1,2,3', 'stride', /stride must be one whole number or two/],
    ['padding=1.5', 'padding', /padding must be a whole number/],
    ['ceil_mode=yes', 'ceil_mode', /ceil_mode must be true or false, not "yes"/],
    ['count_include_pad=1', 'count_include_pad', /must be true or false/],
    ['divisor_override=two', 'divisor_override', /divisor_override must be a whole number/],
    ['grad_output=1,,2', 'grad_output', /grad_output holds "", which is not a number/],
    ['grad_output=Infinity', 'grad_output', /not a number/],
    ['op=avg&op=max', 'op', /op is given 2 times/],
  ];
  for (const [query, key, message] of bad) {
    it(`rejects ${query}, naming ${key}`, () => {
      assert.throws(() => settingsFromQuery(query), (error) => {
        assert.ok(error instanceof SettingsQueryError, `a SettingsQueryError, got ${error}`);
        assert.equal(error.key, key);
        assert.match(error.message, message);
        return true;
      });
    });
  }

  it('leaves judging combinations to the core: padding 5 with kernel 2 reads fine', () => {
    assert.deepEqual(settingsFromQuery('padding=5&kernel_size=2').padding, [5, 5]);
  });
});

describe('settings helpers', () => {
  it('resizes the input, keeping cells that stay and filling new ones with 0', () => {
    const settings = { ...defaultSettings(), inputHeight: 2, inputWidth: 2, input: [1, 2, 3, 4] };
    assert.deepEqual(resizeInput(settings, 3, 1), [1, 3, 0]);
    assert.deepEqual(resizeInput(settings, 2, 3), [1, 2, 0, 3, 4, 0]);
  });

  it('compares only the options the operation uses', () => {
    const avg = defaultSettings();
    assert.ok(sameSettings(avg, { ...avg, dilation: [3, 3] }), 'dilation does not matter for avg');
    assert.ok(!sameSettings(avg, { ...avg, divisorOverride: 2 }));
    const max = { ...avg, op: 'max' };
    assert.ok(sameSettings(max, { ...max, countIncludePad: false, divisorOverride: 7 }));
    assert.ok(!sameSettings(max, { ...max, dilation: [2, 2] }));
  });

  it('gives the core only the options of the operation', () => {
    assert.deepEqual(Object.keys(coreOptions(defaultSettings())).sort(),
      ['ceilMode', 'countIncludePad', 'divisorOverride', 'kernelSize', 'padding', 'stride']);
    assert.deepEqual(Object.keys(coreOptions({ ...defaultSettings(), op: 'max' })).sort(),
      ['ceilMode', 'dilation', 'kernelSize', 'padding', 'stride']);
  });
});

describe('the output-size formula against the core', () => {
  let core;
  before(async () => {
    core = await loadCore();
  });

  it('writes the numbers in', () => {
    const formula = sideFormula({ name: 'height', size: 5, kernel: 2, stride: 2, padding: 1, dilation: 1, ceilMode: true, showDilation: false });
    assert.equal(formula.symbolic, '⌊(H + 2p − (k − 1) − 1 + (s − 1)) / s⌋ + 1');
    assert.equal(formula.substituted, '⌊(5 + 2·1 − (2 − 1) − 1 + (2 − 1)) / 2⌋ + 1 = ⌊6 / 2⌋ + 1 = 4');
    assert.equal(formula.value, 4);
  });

  it('has no value for a stride of 0 or an empty field', () => {
    const side = { name: 'width', size: 4, kernel: 2, stride: 0, padding: 0, dilation: 1, ceilMode: false, showDilation: true };
    assert.equal(sideFormula(side).value, null);
    assert.equal(sideFormula({ ...side, stride: 1, kernel: NaN }).value, null);
  });

  it('agrees with the core on every accepted setting up to size 9, but for dropped windows', () => {
    let checked = 0;
    let dropped = 0;
    for (const op of ['avg', 'max']) {
      for (let size = 1; size <= 9; size++) {
        for (let kernel = 1; kernel <= 4; kernel++) {
          for (let stride = 1; stride <= 4; stride++) {
            for (let padding = 0; padding <= 2; padding++) {
              for (const dilation of op === 'max' ? [1, 2, 3] : [1]) {
                for (const ceilMode of [false, true]) {
                  const options = { kernelSize: [kernel, 1], stride: [stride, 1], padding: [padding, 0], ceilMode };
                  if (op === 'max') options.dilation = [dilation, 1];
                  let coreHeight;
                  try {
                    [, coreHeight] = core.pool2dOutputShape([1, size, 1], options);
                  } catch {
                    continue;
                  }
                  const formula = sideFormula({ name: 'height', size, kernel, stride, padding, dilation, ceilMode, showDilation: op === 'max' });
                  const where = `${op} H=${size} k=${kernel} s=${stride} p=${padding} d=${dilation} ceil=${ceilMode}`;
                  if (coreHeight === formula.value - 1) {
                    assert.ok(ceilMode && formula.lastStart >= size + padding, `${where}: only a window starting on the right padding is dropped`);
                    dropped++;
                  } else {
                    assert.equal(coreHeight, formula.value, where);
                  }
                  checked++;
                }
              }
            }
          }
        }
      }
    }
    assert.ok(checked > 500 && dropped > 0, `checked ${checked} settings, ${dropped} with a dropped window`);
  });
});

// PyTorch's avg_pool2d divisor, as its CPU kernel computes it: the window clipped to the padded
// input, then to the input; divide by the first size with count_include_pad, else the second.
function referenceDivisors(H, W, { kernelSize: [kh, kw], stride: [sh, sw], padding: [ph, pw], countIncludePad, divisorOverride }, [OH, OW]) {
  const divisors = [];
  for (let oh = 0; oh < OH; oh++) {
    for (let ow = 0; ow < OW; ow++) {
      let hstart = oh * sh - ph;
      let wstart = ow * sw - pw;
      let hend = Math.min(hstart + kh, H + ph);
      let wend = Math.min(wstart + kw, W + pw);
      const poolSize = (hend - hstart) * (wend - wstart);
      hstart = Math.max(hstart, 0);
      wstart = Math.max(wstart, 0);
      hend = Math.min(hend, H);
      wend = Math.min(wend, W);
      if (divisorOverride) divisors.push(divisorOverride);
      else divisors.push(countIncludePad ? poolSize : (hend - hstart) * (wend - wstart));
    }
  }
  return divisors;
}

describe('window divisors read from the core', () => {
  let core;
  before(async () => {
    core = await loadCore();
  });

  it('are PyTorch\'s for padding, ceil_mode, count_include_pad and divisor_override', () => {
    let checked = 0;
    for (const [H, W] of [[1, 1], [3, 3], [4, 5], [5, 5], [7, 2]]) {
      for (const kernel of [1, 2, 3]) {
        for (const stride of [1, 2, 3]) {
          for (const padding of [0, 1]) {
            for (const ceilMode of [false, true]) {
              for (const countIncludePad of [true, false]) {
                for (const divisorOverride of [null, 3, -2]) {
                  const options = { kernelSize: [kernel, kernel], stride: [stride, stride], padding: [padding, padding], ceilMode, countIncludePad, divisorOverride };
                  let shape;
                  try {
                    shape = core.pool2dOutputShape([1, H, W], options).slice(1);
                  } catch {
                    continue;
                  }
                  assert.deepEqual(windowDivisors(core, [1, H, W], options), referenceDivisors(H, W, options, shape), JSON.stringify({ H, W, ...options }));
                  checked++;
                }
              }
            }
          }
        }
      }
    }
    assert.ok(checked > 300, `checked ${checked} settings`);
  });
});
