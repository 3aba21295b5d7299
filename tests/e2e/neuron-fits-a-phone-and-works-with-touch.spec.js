import { expect, NeuronPage, test } from './neuron-page.js';

// The foreign host's page has no viewport meta, so the phone is its width and touch.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('on a 390 px phone the widget fits without sideways scrolling, its targets are 44 px, and a tap moves the point', async ({ neuron, page }) => {
  await neuron.open(NeuronPage.tag({ activation: 'gelu', compare: 'relu', inputs: '1 -2 0.5' }));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
  const widgetBox = await neuron.root.boundingBox();
  expect(widgetBox.width, 'the widget fits the phone').toBeLessThanOrEqual(390);

  for (const label of ['Input 1', 'Weight 3', 'Bias', 'Upstream gradient', 'Plot from x']) {
    const box = await neuron.field(label).boundingBox();
    expect(box.height, `${label} is a 44 px target`).toBeGreaterThanOrEqual(44);
  }
  const pointBox = await neuron.root.locator('.point .target').boundingBox();
  expect(Math.min(pointBox.width, pointBox.height), 'the point is a 44 px target').toBeGreaterThanOrEqual(44);

  const tap = await neuron.pagePointAt(-2);
  await page.touchscreen.tap(tap.x, tap.y);
  await expect.poll(() => neuron.sum(), { message: 'a tap puts the point where it lands' }).toBeCloseTo(-2, 1);
  await expect(neuron.status).toContainText('Point moved');
});
