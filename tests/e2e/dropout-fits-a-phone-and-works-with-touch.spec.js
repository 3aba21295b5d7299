// <dropout-widget> on a 390 x 844 phone with touch: nothing sticks out to the side, every
// control is a 44 px target, and taps draw a new mask, average 1000 masks and move p's slider.
import { readFileSync } from 'node:fs';
import { DropoutPage, expect, expectPyTorchNumbers, test } from './dropout-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./dropout-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('on a 390 px phone the widget fits, its targets are 44 px, and taps drive it', async ({ page, dropout }) => {
  await dropout.open(DropoutPage.tag({ input: '1 2 -1 0.5 3 -2 1.5 4 -0.25 2.5 -3 1' }));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
  expect((await dropout.root.boundingBox()).width, 'the widget fits the phone').toBeLessThanOrEqual(390);
  const table = await dropout.root.locator('[part="table"] table').boundingBox();
  expect(table.x + table.width, 'the table with its twelve rows fits without scrolling sideways').toBeLessThanOrEqual(390);

  for (const target of [dropout.slider, dropout.field('Dropout probability p'), dropout.mode, dropout.field('Seed'),
    dropout.button('New mask'), dropout.button('Average 1000 masks'), dropout.field('Input 12')]) {
    const box = await target.boundingBox();
    expect(box.height, 'a 44 px target').toBeGreaterThanOrEqual(44);
  }

  await dropout.button('New mask').tap();
  await expect(dropout.root).toHaveAttribute('seed', '1');
  await dropout.button('Average 1000 masks').tap();
  await expect(dropout.button('Average 1000 masks')).toHaveAttribute('aria-pressed', 'true');
  await expect(dropout.rows.first().locator('td.mean')).toBeVisible();

  // A tap near the slider's right end sets p near 1.
  const slider = await dropout.slider.boundingBox();
  await page.touchscreen.tap(slider.x + slider.width - 2, slider.y + slider.height / 2);
  await expect.poll(async () => Number(await dropout.root.getAttribute('p')), { message: 'a tap on the slider moves p' }).toBeGreaterThan(0.9);
});

test('the lesson on a phone shows PyTorch\'s numbers and a tap draws the next mask', async ({ page, dropout }) => {
  await page.goto('/lessons/a-layer/dropout/');
  await expect(dropout.rows.first()).toBeVisible();
  await expectPyTorchNumbers(dropout, named('default').expected);
  await dropout.button('New mask').tap();
  await expectPyTorchNumbers(dropout, named('new mask once').expected);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
});
