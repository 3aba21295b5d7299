// A typed number of epochs brings the epoch shown with it (the last stays the last), and the two
// are checked and taken as one: a number of epochs the core refuses is not taken, and neither is
// the epoch it would have moved, in the settings or the attributes; the field's alert says why.
// Taken, the two move together.
//
// The page makes the core refuse on demand (watchCore, fixtures.js): while the refusal is on,
// ppoTrain is passed a learning rate of NaN, so training for the typed epochs is refused in the
// core's own words.
import { setCoreRefusing, watchCore } from './fixtures.js';
import { expect, PpoPage, test } from './ppo-page.js';

test.beforeEach(({ page }) => watchCore(page, { ppoTrain: { spoiled: { index: 5, key: 'lr' } } }));

test('a number of epochs the core refuses moves no epoch; one it takes moves the last with it', async ({ page, ppo }) => {
  await ppo.open(PpoPage.tag({ selected: '10' }));
  await expect(ppo.slider, 'the last epoch is shown').toHaveValue('10');
  const epochs = ppo.field('Epochs, 1 to 50');

  await setCoreRefusing(page, true);
  await epochs.fill('3');
  await expect(ppo.alert, 'the core\'s reason, and the number kept').toHaveText(/^Epochs, 1 to 50: .*lr.*\. The widget keeps 10\.$/);
  await expect(epochs, 'the field is marked').toHaveAttribute('aria-invalid', 'true');
  expect(await ppo.root.evaluate((widget) => [widget.getAttribute('epochs'), widget.getAttribute('selected')]),
    'the epochs are not taken (the attribute stays out), nor the epoch they would have moved').toEqual([null, '10']);
  expect(await ppo.root.evaluate((widget) => [widget.getState().epochs, widget.getState().selected]), 'getState agrees').toEqual([10, 10]);

  await setCoreRefusing(page, false);
  await epochs.fill('4');
  await epochs.press('Enter');
  await expect(ppo.root, 'taken, the epochs').toHaveAttribute('epochs', '4');
  await expect(ppo.root, 'and the last epoch with them').toHaveAttribute('selected', '4');
  await expect(ppo.slider, 'the slider shows it').toHaveValue('4');
});
