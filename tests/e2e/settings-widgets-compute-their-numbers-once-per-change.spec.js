// One change a learner makes costs a settings widget one computation of its numbers: the check
// that the core takes the new settings and the drawing of them share it (SettingsWidget's
// `numbers`), a slider's change after its input and Enter after typing compute nothing again,
// and neither does a new render of the same attributes' settings after a change from code.
//
// The cores are frozen objects, so the page counts their calls as each core is made: an init
// script wraps the counted functions of an object on its way into Object.freeze. Each counted
// function is called once per computation of its widget's numbers (encoderLayer by
// encoderNumbers, ppoTrain by ppoNumbers, dropoutBackward by dropoutNumbers, softmaxBackward by
// softmaxNumbers).
import { DropoutPage } from './dropout-page.js';
import { EncoderPage } from './encoder-page.js';
import { expect, test } from './fixtures.js';
import { PpoPage } from './ppo-page.js';
import { SoftmaxPage } from './softmax-page.js';

const COUNTED = ['encoderLayer', 'ppoTrain', 'dropoutBackward', 'softmaxBackward'];

test.beforeEach(async ({ page }) => {
  await page.addInitScript((names) => {
    window.coreCalls = {};
    const freeze = Object.freeze;
    Object.freeze = (object) => {
      if (object !== null && typeof object === 'object' && !Object.isFrozen(object)) {
        for (const name of names) {
          const call = object[name];
          if (typeof call !== 'function') continue;
          window.coreCalls[name] = 0;
          object[name] = function counted(...args) {
            window.coreCalls[name] += 1;
            return call.apply(this, args);
          };
        }
      }
      return freeze(object);
    };
  }, COUNTED);
});

// How many times `name` was called while `act` ran, and until `settled` held.
async function callsDuring(page, name, act, settled) {
  await page.evaluate((counted) => { window.coreCalls[counted] = 0; }, name);
  await act();
  await settled();
  return page.evaluate((counted) => window.coreCalls[counted], name);
}

test('the encoder computes once for a typed number, Enter, a size, a choice and an attribute', async ({ page }) => {
  const encoder = new EncoderPage(page);
  await encoder.open();
  const field = encoder.inputs.first();
  const output = () => encoder.cells('residual1').first().textContent();
  const before = await output();
  expect(await callsDuring(page, 'encoderLayer', () => field.fill('2'), () => expect.poll(output).not.toBe(before)),
    'typing a number checks and draws it with one computation').toBe(1);
  expect(await callsDuring(page, 'encoderLayer', () => field.press('Enter'), () => expect(encoder.status).toContainText('2')),
    'Enter announces the number in use without computing it again').toBe(0);
  expect(await callsDuring(page, 'encoderLayer', () => encoder.button('One token more').click(),
    () => expect(encoder.inputs).toHaveCount(16)), '"One token more" computes once').toBe(1);
  expect(await callsDuring(page, 'encoderLayer', () => encoder.choice('Activation').selectOption('gelu'),
    () => expect(encoder.status).toContainText('gelu')), 'the activation computes once').toBe(1);
  expect(await callsDuring(page, 'encoderLayer', () => encoder.root.evaluate((widget) => widget.setAttribute('seed', '5')),
    () => encoder.root.evaluate((widget) => widget.ready())), 'a new attribute is checked and drawn with one computation').toBe(1);
});

test('PPO trains once for a tick of the epoch slider and once for a typed learning rate', async ({ page }) => {
  const ppo = new PpoPage(page);
  await ppo.open();
  await ppo.slider.focus();
  const epoch = await ppo.slider.inputValue();
  expect(await callsDuring(page, 'ppoTrain', () => ppo.slider.press('ArrowLeft'),
    () => expect(ppo.status).toContainText(`Epoch shown is ${Number(epoch) - 1}`)), 'a tick (its input, then its change) trains once').toBe(1);
  const lr = ppo.field('Learning rate lr');
  expect(await callsDuring(page, 'ppoTrain', async () => {
    await lr.fill('0.25');
    await lr.press('Enter');
  }, () => expect(ppo.status).toContainText('0.25')), 'a typed learning rate, committed, trains once').toBe(1);
});

test('dropout computes once for a tick of p and for a new mask', async ({ page }) => {
  const dropout = new DropoutPage(page);
  await dropout.open();
  await dropout.slider.focus();
  const p = await dropout.slider.inputValue();
  expect(await callsDuring(page, 'dropoutBackward', () => dropout.slider.press('ArrowRight'),
    () => expect(dropout.slider).not.toHaveValue(p)), 'a tick of p (its input, then its change) computes once').toBe(1);
  expect(await callsDuring(page, 'dropoutBackward', () => dropout.button('New mask').click(),
    () => expect(dropout.status).toContainText('seed')), 'a new mask computes once').toBe(1);
});

test('softmax computes once for a typed temperature, its own check included', async ({ page }) => {
  const softmax = new SoftmaxPage(page);
  await softmax.open();
  const temperature = softmax.field('Temperature');
  expect(await callsDuring(page, 'softmaxBackward', async () => {
    await temperature.fill('2');
    await temperature.press('Enter');
  }, () => expect(softmax.slider).toHaveAttribute('aria-valuetext', 'T = 2')), 'a typed temperature, committed, computes once').toBe(1);
});
