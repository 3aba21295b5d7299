// An epoch shown is a view of PPO's training (SettingsWidget's `view`: a forward pass on that
// epoch's logits and, for the last one, the backward pass a next step would take), worked out
// after the training is reused. A view the core refuses is refused like numbers it refuses,
// never thrown to the page: the slider's value is not taken and the field's alert says why; the
// stepper's is taken back, the epoch drawn before stays and the field's alert says why; an
// attribute's is not drawn and the widget's alert says why in its place; and the widget keeps
// working.
//
// The page makes the core refuse on demand (watchCore, fixtures.js): while the refusal
// is on, ppoBackward is passed a gradient of NaN, so the refusal is the core's own RlError. Only
// the view calls ppoBackward (the training does not), and only for the last epoch.
import { setCoreRefusing, watchCore } from './fixtures.js';
import { expect, PpoPage, test } from './ppo-page.js';

const REFUSAL = 'gradLoss must be a finite number, got nan';

test.beforeEach(({ page }) => watchCore(page, { ppoBackward: { spoiled: { index: 0 } } }));

test('a refused last epoch is never drawn, by the slider, the stepper or an attribute, and the widget keeps working', async ({ page, ppo }) => {
  await ppo.open(PpoPage.tag({ selected: '9' }));
  const title = ppo.root.locator('#epoch-title');
  await expect(title, 'epoch 9 is shown').toHaveText('After 9 steps');
  await ppo.recordChanges();
  await setCoreRefusing(page, true);

  // The slider: the last epoch is refused in the field's alert, and epoch 9 stays.
  await ppo.slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(ppo.alert, 'the slider\'s refusal names the core\'s reason and the epoch kept')
    .toHaveText(`Epoch shown: ${REFUSAL}. The widget keeps 9.`);
  await expect(ppo.slider, 'the slider is marked').toHaveAttribute('aria-invalid', 'true');
  await expect(ppo.root, 'the attribute keeps the epoch shown').toHaveAttribute('selected', '9');
  await expect(title, 'epoch 9 is still drawn').toHaveText('After 9 steps');
  // Back at the epoch in use, the slider is let go of its refusal; one more tick is taken.
  await page.keyboard.press('ArrowLeft');
  await expect(ppo.alert, 'the refusal is gone with the epoch in use').toHaveCount(0);
  await expect(ppo.slider, 'the slider is no longer marked').not.toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(title, 'the slider works after its refusal').toHaveText('After 8 steps');

  // The stepper: epoch 9 is drawn; the last is refused and taken back, and epoch 9 stays.
  await ppo.button('One epoch later').click();
  await expect(title, 'the stepper shows epoch 9').toHaveText('After 9 steps');
  await ppo.button('One epoch later').click();
  await expect(ppo.alert, 'the stepper\'s refusal is the core\'s reason, and the epoch drawn stays')
    .toHaveText(`${REFUSAL}. The widget goes back to the settings it showed.`);
  await expect(title, 'epoch 9 is still drawn').toHaveText('After 9 steps');
  await expect(ppo.slider, 'the slider is back at epoch 9').toHaveValue('9');
  await expect(ppo.root, 'the attribute is back at epoch 9').toHaveAttribute('selected', '9');
  await expect(ppo.button('One epoch later'), 'the stepper, working again at epoch 9, keeps the focus').toBeFocused();
  const state = await ppo.root.evaluate((widget) => widget.getState());
  expect(state.selected, 'getState gives the epoch drawn').toBe(9);
  expect(state, 'with no error').not.toHaveProperty('error');
  expect((await ppo.changes()).map(({ state: { selected } }) => selected), 'only the epochs drawn are reported').toEqual([8, 9]);
  await ppo.button('One epoch earlier').click();
  await expect(title, 'the stepper works after the refusal').toHaveText('After 8 steps');
  await expect(ppo.alert, 'and the alert is empty once other settings are drawn').toHaveCount(0);

  // Set from code, an epoch the core shows is drawn again; the refused one, set again, is refused.
  await setCoreRefusing(page, false);
  await ppo.root.evaluate((widget) => widget.setState({ selected: 4 }));
  await expect(title, 'an attribute the core takes draws again').toHaveText('After 4 steps');
  await expect(ppo.alert, 'and the alert is empty').toHaveCount(0);
  await setCoreRefusing(page, true);
  await ppo.root.evaluate((widget) => widget.setAttribute('selected', '10'));
  await expect(ppo.alert, 'an attribute\'s refusal is the core\'s reason').toHaveText(REFUSAL);
  await setCoreRefusing(page, false);
  await ppo.root.evaluate((widget) => widget.setAttribute('selected', '3'));
  await expect(title, 'the widget draws again after it').toHaveText('After 3 steps');
  await ppo.button('One epoch later').click();
  await expect(ppo.status, 'and its stepper still works').toHaveText(/^Epoch 4 shown\. After 4 steps the ratios are /);
});
