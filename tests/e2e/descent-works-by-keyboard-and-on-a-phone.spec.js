// <descent-widget> by keyboard alone and on a phone. Keyboard: Tab reaches the optimiser, the
// surface, lr's field and slider, momentum's, the start, compare, then "Back a step", "One more
// step" and the steps; Enter and Space take steps, the arrow keys move a slider, and the
// options follow the optimiser chosen from the keyboard; the page hears a descent-change for
// each of the learner's changes and none for setState. Phone (390 x 844, touch): nothing sticks
// out to the side, every control is a 44 px target, and taps step the walk and move its start.
import { readFileSync } from 'node:fs';
import { DescentPage, expect, expectPyTorchWalk, test } from './descent-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./descent-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);

test('by keyboard: Tab order, Enter and Space step, arrows move lr, and the optimiser changes its options', async ({ page, descent }) => {
  await descent.open(DescentPage.tag({ lr: '0.07', momentum: '0.5', compare: 'true', steps: '18' }));
  await descent.recordChanges();
  const order = [descent.choice('Optimiser'), descent.choice('Surface'), descent.field('Learning rate lr'), descent.root.getByRole('slider', { name: 'Learning rate lr', exact: true }),
    descent.field('Momentum'), descent.root.getByRole('slider', { name: 'Momentum', exact: true }), descent.field('Start x'), descent.field('Start y'),
    descent.root.getByRole('checkbox', { name: 'Plain gradient descent beside it' }), descent.button('Back a step'), descent.button('One more step'), descent.field('Steps')];
  for (const control of order) {
    await page.keyboard.press('Tab');
    await expect(control).toBeFocused();
  }
  await descent.button('One more step').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(descent.root).toHaveAttribute('steps', '20');
  await expectPyTorchWalk(descent, named('momentum 0.5 on the ravine, with plain gradient descent').expected);
  await expect(descent.status).toHaveText('Step 20. After 20 steps the surface is 0.006852.');

  await descent.root.getByRole('slider', { name: 'Learning rate lr', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(descent.root).toHaveAttribute('lr', '0.08');
  await expect(descent.field('Learning rate lr'), 'the field follows the slider').toHaveValue('0.08');

  await descent.choice('Optimiser').focus();
  await page.keyboard.press('End');
  await expect(descent.root).toHaveAttribute('optimizer', 'adam');
  await expect(descent.field('Adam\'s beta1'), 'Adam\'s options are shown').toBeVisible();
  await expect(descent.field('Momentum'), 'and momentum, which Adam does not read, is not').toBeHidden();
  const changes = await descent.changes();
  expect(changes.map((change) => change.state.steps)).toEqual([19, 20, 20, 20]);
  expect(changes.every((change) => change.byUser)).toBe(true);
  await descent.root.evaluate((widget) => widget.setState({ steps: 3 }));
  await expect(descent.root).toHaveAttribute('steps', '3');
  expect(await descent.changes(), 'setState fires no event').toHaveLength(4);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the widget fits, its targets are 44 px, and taps step the walk and move its start', async ({ page, descent }) => {
    await descent.open(DescentPage.tag({ lr: '0.07', momentum: '0.5', compare: 'true', steps: '19' }));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
    expect((await descent.root.boundingBox()).width, 'the widget fits the phone').toBeLessThanOrEqual(390);
    for (const target of [descent.choice('Optimiser'), descent.choice('Surface'), descent.field('Learning rate lr'), descent.field('Momentum'),
      descent.field('Start x'), descent.button('Back a step'), descent.button('One more step'), descent.field('Steps')]) {
      expect((await target.boundingBox()).height, 'a 44 px target').toBeGreaterThanOrEqual(44);
    }
    const plot = await descent.plot.boundingBox();
    expect(plot.x + plot.width, 'the picture fits').toBeLessThanOrEqual(390);
    await descent.button('One more step').tap();
    await expect(descent.root).toHaveAttribute('steps', '20');
    await expectPyTorchWalk(descent, named('momentum 0.5 on the ravine, with plain gradient descent').expected);
    await descent.plot.tap({ position: { x: plot.width * 0.75, y: plot.height * 0.25 } });
    await expect(descent.root).toHaveAttribute('start', '2.5 1.5');
  });

  test('the lesson shows PyTorch\'s walk on a phone', async ({ page, descent }) => {
    await page.goto('/lessons/downhill/gradient-descent-with-momentum/');
    await expectPyTorchWalk(descent, cases.find((testCase) => testCase.url).expected);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
  });
});
