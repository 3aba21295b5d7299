import { expect, NeuronPage, test } from './neuron-page.js';

// The foreign host's page has no viewport meta, so the phone is its width and touch.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('on a 390 px phone the widget fits without sideways scrolling, its targets are 44 px, and a tap moves the point', async ({ neuron, page }) => {
  await neuron.open(NeuronPage.tag({ activation: 'gelu', compare: 'relu', inputs: '1 -2 0.5' }));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
  const widgetBox = await neuron.root.boundingBox();
  expect(widgetBox.width, 'the widget fits the phone').toBeLessThanOrEqual(390);

  for (const label of ['Input 1', 'Weight 3', 'Bias b', 'Upstream gradient ∂L/∂y', 'Plot x from']) {
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

// Touches as a phone's screen sends them, through the DevTools protocol: down, moves, up.
async function swipe(page, from, to, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  const at = ({ x, y }) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from) });
  for (let k = 1; k <= steps; k += 1) {
    const point = { x: from.x + ((to.x - from.x) * k) / steps, y: from.y + ((to.y - from.y) * k) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(point) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('on a phone a sideways drag moves the point, and a swipe up from the plot scrolls the page', async ({ neuron, page }) => {
  await neuron.open(`${NeuronPage.tag({ inputs: '1 -2 0.5' })}<div style="block-size: 2000px"></div>`);
  const from = await neuron.pagePointAt(-2);
  const to = await neuron.pagePointAt(2.5);
  await swipe(page, from, { x: to.x, y: from.y });
  await expect.poll(() => neuron.sum(), { message: 'a sideways drag takes the point along' }).toBeCloseTo(2.5, 1);

  const before = await page.evaluate(() => window.scrollY);
  const plot = await neuron.plot.boundingBox();
  const start = { x: plot.x + plot.width / 2, y: plot.y + plot.height * 0.8 };
  await swipe(page, start, { x: start.x, y: start.y - 150 });
  await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'the page scrolls under the finger' }).toBeGreaterThan(before + 50);
});
