import { expect, SoftmaxPage, test } from './softmax-page.js';

// The foreign host's page has no viewport meta, so the phone is its width and touch.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('on a 390 px phone the widget fits, its targets are 44 px, and taps choose a class and add a score', async ({ softmax, page }) => {
  await softmax.open(SoftmaxPage.tag({ scores: '1000 1001 999.5 998 997 996 995' }));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
  expect((await softmax.root.boundingBox()).width, 'the widget fits the phone').toBeLessThanOrEqual(390);

  const targets = [softmax.slider, softmax.field('Temperature'), softmax.field('x6, score of class 6'), softmax.classChoice,
    softmax.root.getByRole('button', { name: 'Add a score' }), softmax.bars.nth(2)];
  for (const target of targets) {
    const box = await target.boundingBox();
    expect(box.height, `${await target.getAttribute('aria-label') ?? 'a control'} is a 44 px target`).toBeGreaterThanOrEqual(44);
  }

  await softmax.bars.nth(2).tap();
  await expect(softmax.bars.nth(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(softmax.classChoice).toHaveValue('2');
  await softmax.root.getByRole('button', { name: 'Add a score' }).tap();
  await expect(softmax.bars).toHaveCount(8);
  await expect(softmax.root.getByRole('button', { name: 'Add a score' }), 'eight is the most').toBeDisabled();
  const sliderBox = await softmax.slider.boundingBox();
  await page.touchscreen.tap(sliderBox.x + 2, sliderBox.y + sliderBox.height / 2);
  await expect.poll(async () => Number(await softmax.field('Temperature').inputValue()), { message: 'a tap at the left end makes T small' }).toBeLessThan(0.05);
});
