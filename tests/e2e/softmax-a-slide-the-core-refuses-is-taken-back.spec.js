// A slide is drawn as it moves, before it is let go (SettingsWidget's `redraw`, from the
// slider's input event), and that drawing holds the same check as a committed change: settings
// whose numbers the core refuses are not drawn but taken back. The temperature drawn before
// stays, on screen, in the slider and in the attribute; the field's alert says why, quoting the
// attribute the slide wrote; nothing is thrown to the page, announced or reported; and the
// slider works as soon as the core takes its settings again, by keyboard and in a drag.
//
// The page makes the core refuse on demand (watchCore, fixtures.js): while the refusal
// is on, softmax is passed a temperature of NaN, so the refusal is the core's own LayerError,
// which names the temperature. The widget's own check (scores over T beyond float32) never calls
// the core, so only the core refuses here.
import { setCoreRefusing, watchCore } from './fixtures.js';
import { expect, test } from './softmax-page.js';

const REASON = 'temperature must be a positive finite float32 number, got nan';

test.beforeEach(({ page }) => watchCore(page, { softmax: { spoiled: { index: 2, key: 'temperature' } } }));

test('a slide the core refuses is explained in place, never thrown to the page, and the widget works again', async ({ page, softmax }) => {
  // The browserErrors fixture fails the test at its end too; this list says where it happened.
  const thrown = [];
  page.on('pageerror', (error) => thrown.push(`${error.name}: ${error.message}`));
  await softmax.open();
  const firstProbability = softmax.bars.locator('.bar-value').first();
  await expect(firstProbability, 'T = 1 is drawn').toHaveText('0.659');
  await softmax.recordChanges();
  const temperatureAttribute = () => softmax.root.evaluate((widget) => widget.getAttribute('temperature'));
  const attributeBefore = await temperatureAttribute();

  // The keyboard: ArrowRight moves log10(T) by 0.01 (T = 1.02), firing input, then change.
  await setCoreRefusing(page, true);
  await softmax.slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(softmax.alert, 'the alert quotes the attribute the slide wrote, gives the core\'s reason and says what the widget does')
    .toHaveText(`Attribute temperature="1.02": ${REASON}. The widget goes back to the settings it showed.`);
  expect(thrown, 'the refusal is not thrown to the page').toEqual([]);
  await expect(firstProbability, 'T = 1 stays drawn').toHaveText('0.659');
  await expect(softmax.slider, 'the slider is back at log10(T) = 0').toHaveValue('0');
  await expect(softmax.slider, 'and keeps the focus').toBeFocused();
  expect(await temperatureAttribute(), 'the attribute is as it was before the slide').toBe(attributeBefore);
  expect(await softmax.root.evaluate((widget) => widget.getState()), 'getState gives the settings drawn, with no error')
    .toEqual(expect.not.objectContaining({ error: expect.anything() }));
  expect(await softmax.root.evaluate((widget) => widget.getState().temperature), 'at T = 1').toBe(1);
  expect(await softmax.changes(), 'a refused slide is not reported').toEqual([]);

  // Once the core takes the settings, the same key press is drawn, announced and reported.
  await setCoreRefusing(page, false);
  await page.keyboard.press('ArrowRight');
  await expect(softmax.status, 'the next slide is drawn and announced')
    .toHaveText(/^Temperature set to 1\.02\. Probabilities 0\.\d+, /);
  expect((await softmax.changes()).map(({ state }) => state.temperature), 'only the slide drawn is reported').toEqual([1.02]);

  await expect(softmax.alert, 'the alert is empty once other settings are drawn').toHaveCount(0);

  // The mouse: a refusal in the middle of a drag (an input event, the button still down) is
  // explained at once, before the drag ends, and T = 1.02 stays.
  const box = await softmax.slider.boundingBox();
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await setCoreRefusing(page, true);
  await page.mouse.move(box.x + box.width * 0.75, y, { steps: 4 });
  await expect(softmax.alert, 'a drag\'s refusal is explained while the button is down').toContainText(REASON);
  await page.mouse.up();
  expect(thrown, 'the drag\'s refusal is not thrown to the page').toEqual([]);
  await expect(softmax.root, 'the temperature drawn before the drag stays').toHaveAttribute('temperature', '1.02');
  expect((await softmax.changes()).map(({ state }) => state.temperature), 'the refused drag is not reported').toEqual([1.02]);
  await setCoreRefusing(page, false);
  await softmax.root.evaluate((widget) => widget.setState({ temperature: 2 }));
  await expect(softmax.root, 'the widget takes the next settings').toHaveAttribute('temperature', '2');
  await expect(softmax.alert, 'and its alert is empty').toHaveCount(0);
});
