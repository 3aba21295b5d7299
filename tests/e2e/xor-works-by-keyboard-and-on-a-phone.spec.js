// <xor-widget> by keyboard alone, on a phone, and with a bad attribute. Keyboard: Tab reaches the
// activation, hidden units, lr's field and slider, momentum's, the seed, "New start", "Back a
// step", "One more step", "+100 steps" and the steps' field and slider, each with a focus ring;
// Enter and Space step, "Back a step" that disables itself hands the focus on, the arrow keys
// move the steps' slider, the activation changes from the keyboard, and the numbers are
// PyTorch's; the page hears an xor-widget-change for each of the learner's changes. Phone
// (390 x 844, touch): nothing sticks out to the side (sixteen units too, their table a Tab stop
// while it scrolls; on a desktop the tables fit and are none), every control is a 44 px target,
// taps step the training, and the hidden space is drawn for two hidden units and stands as a
// sentence for three; on a 320 px phone the hidden space's two −1 labels stand apart. A screen
// reader hears each picture by its name, not the labels drawn in it. A bad attribute is explained
// in place, in English and in Chinese, and the Chinese widget speaks Chinese.
import { readFileSync } from 'node:fs';
import { expect, expectPyTorchNumbers, test, XorPage } from './xor-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./xor-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);

test('by keyboard: Tab order, Enter and Space step, arrows move the steps, and the activation changes', async ({ page, xor }) => {
  await xor.open(XorPage.tag({ seed: '0', steps: '198' }));
  await xor.recordChanges();
  const order = [xor.choice('Activation'), xor.field('Hidden units'), xor.field('Learning rate lr'), xor.root.getByRole('slider', { name: 'Learning rate lr', exact: true }),
    xor.field('Momentum'), xor.root.getByRole('slider', { name: 'Momentum', exact: true }), xor.field('Seed'), xor.button('New start'),
    xor.button('Back a step'), xor.button('One more step'), xor.button('+100 steps'), xor.field('Steps'), xor.root.getByRole('slider', { name: 'Steps', exact: true })];
  for (const control of order) {
    await page.keyboard.press('Tab');
    await expect(control).toBeFocused();
    const ring = await control.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(ring, 'a visible focus ring').not.toBe('none');
  }
  // On a desktop the tables fit their boxes, which are then no Tab stops (on a phone they are,
  // once they scroll: below).
  const tables = [xor.root.getByRole('region', { name: 'The four points after 198 steps' }), xor.root.getByRole('region', { name: 'The weights after 198 steps' })];
  await page.keyboard.press('Tab');
  for (const table of tables) {
    await expect(table).not.toBeFocused();
    await expect(table).not.toHaveAttribute('tabindex');
  }
  await xor.button('One more step').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(xor.root).toHaveAttribute('steps', '200');
  // Back to the start: "Back a step" disables itself and hands the focus on, so Enter goes on
  // stepping forward instead of falling to the page.
  await xor.root.evaluate((widget) => widget.setState({ steps: 1 }));
  await xor.button('Back a step').focus();
  await page.keyboard.press('Enter');
  await expect(xor.root).toHaveAttribute('steps', '0');
  await expect(xor.button('Back a step')).toBeDisabled();
  await expect(xor.button('One more step')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(xor.root).toHaveAttribute('steps', '1');
  await xor.root.evaluate((widget) => widget.setState({ steps: 200 }));
  await xor.button('+100 steps').focus();
  await page.keyboard.press('Enter');
  await expect(xor.root).toHaveAttribute('steps', '300');
  await expectPyTorchNumbers(xor, named('tanh, seed 0, 300 steps').expected);
  await expect(xor.status).toHaveText('Step 300. Loss after 300 steps: 0.04894.');

  const slider = xor.root.getByRole('slider', { name: 'Steps', exact: true });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(xor.root).toHaveAttribute('steps', '301');
  await expect(xor.field('Steps'), 'the field follows the slider').toHaveValue('301');
  await expect(xor.status, 'the setting is said by its name, not the slider\'s').toContainText(/^Steps is 301\b/);
  await page.keyboard.press('ArrowLeft');
  await expect(xor.root).toHaveAttribute('steps', '300');
  await expectPyTorchNumbers(xor, named('tanh, seed 0, 300 steps').expected);

  // The activation from the keyboard (its options: tanh, relu, sigmoid), then 1300 steps typed.
  await xor.choice('Activation').focus();
  await page.keyboard.press('End');
  await expect(xor.root).toHaveAttribute('activation', 'sigmoid');
  await xor.field('Steps').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1300');
  await page.keyboard.press('Enter');
  await expectPyTorchNumbers(xor, named('sigmoid, seed 0, 1300 steps').expected);

  // "New start" by keyboard, back to tanh, and 2000 steps: seed 1's start gets stuck.
  await xor.button('New start').focus();
  await page.keyboard.press('Enter');
  await expect(xor.root).toHaveAttribute('seed', '1');
  await xor.choice('Activation').focus();
  await page.keyboard.press('Home');
  await xor.field('Steps').fill('2000');
  await xor.field('Steps').press('Enter');
  await expectPyTorchNumbers(xor, named('tanh, seed 1, stuck after 2000 steps').expected);

  const changes = await xor.changes();
  expect(changes.map((change) => [change.state.steps, change.state.activation, change.state.seed])).toEqual([
    [199, 'tanh', 0], [200, 'tanh', 0], [0, 'tanh', 0], [1, 'tanh', 0], [300, 'tanh', 0], [301, 'tanh', 0], [300, 'tanh', 0],
    [300, 'sigmoid', 0],
    [1300, 'sigmoid', 0], [1300, 'sigmoid', 1], [1300, 'tanh', 1], [2000, 'tanh', 1],
  ]);
  expect(changes.every((change) => change.byUser)).toBe(true);
});

test('a screen reader hears each table\'s name once', async ({ xor }) => {
  await xor.open(XorPage.tag({ seed: '0', steps: '1' }));
  await expect(xor.root.getByRole('region', { name: 'The four points after 1 step' }), 'one region, not a region in a region of the same name').toHaveCount(1);
});

test('a screen reader hears each picture by its name, not the labels and numbers drawn in it', async ({ xor }) => {
  await xor.open(XorPage.tag({ seed: '0', steps: '300' }));
  const pictures = [
    [xor.plane, 'The inputs x1 and x2 from −0.5 to 1.5, coloured by the network\'s probability p, with each hidden unit\'s line and the four points labelled with their p.'],
    [xor.hiddenSpace, 'The four points at their hidden features (h1, h2), and the output unit\'s line, where p = 0.5.'],
    [xor.lossCurve, 'The loss, binary cross-entropy averaged over the four points, after each step of training so far.'],
  ];
  for (const [picture, name] of pictures) {
    await expect(picture, 'the picture is named by its title').toHaveAccessibleName(name);
    // The picture in the accessibility tree: an image with its name and no text under it.
    expect(await picture.ariaSnapshot(), `no label is read after "${name.slice(0, 30)}…"`).toBe(`- img "${name}"`);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the widget fits, its targets are 44 px, taps step the training, and the hidden space follows H', async ({ page, xor }) => {
    await xor.open(XorPage.tag({ seed: '0' }));
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow(), 'nothing sticks out to the side').toBeLessThanOrEqual(0);
    expect((await xor.root.boundingBox()).width, 'the widget fits the phone').toBeLessThanOrEqual(390);
    for (const target of [xor.choice('Activation'), xor.field('Hidden units'), xor.field('Learning rate lr'), xor.field('Momentum'), xor.field('Seed'),
      xor.button('New start'), xor.button('Back a step'), xor.button('One more step'), xor.button('+100 steps'), xor.field('Steps')]) {
      const box = await target.boundingBox();
      expect(box.height, 'a 44 px target').toBeGreaterThanOrEqual(44);
      expect(box.width, 'a 44 px target').toBeGreaterThanOrEqual(44);
    }
    for (const picture of [xor.plane, xor.hiddenSpace]) {
      const box = await picture.boundingBox();
      expect(box.x + box.width, 'the picture fits').toBeLessThanOrEqual(390);
    }
    for (let i = 0; i < 3; i++) await xor.button('+100 steps').tap();
    await expect(xor.root).toHaveAttribute('steps', '300');
    await expectPyTorchNumbers(xor, named('tanh, seed 0, 300 steps').expected);
    await expect(xor.hiddenSpace, 'two hidden units: the hidden space is drawn').toBeVisible();
    await expect(xor.hiddenSpace.locator('.marker')).toHaveCount(4);
    await expect(xor.spaceNote).toBeEmpty();

    await xor.field('Hidden units').tap();
    await xor.field('Hidden units').fill('3');
    await xor.field('Hidden units').press('Enter');
    await expectPyTorchNumbers(xor, named('three hidden units, 300 steps').expected);
    await expect(xor.hiddenSpace, 'three units: no picture of the hidden space').toBeHidden();
    await expect(xor.spaceNote).toHaveText('The hidden space is drawn for two hidden units; this network has 3. Its features are in the table below.');
    await expect(xor.plane.locator('.cut-label')).toHaveText(['h2', 'h3']);

    await xor.button('Back a step').tap();
    await expect(xor.root).toHaveAttribute('steps', '299');
    await xor.root.evaluate((widget) => widget.setState({ hidden: 16 }));
    await expect(xor.pointRows.first().locator('td')).toHaveCount(3 + 16 + 1);
    expect(await overflow(), 'sixteen units: the tables scroll in their own boxes').toBeLessThanOrEqual(0);
    // The points' box scrolls now: it is a Tab stop after the steps' slider, so the keyboard of
    // a phone (or a tablet's) can scroll it.
    const points = xor.root.getByRole('region', { name: 'The four points after 299 steps' });
    await expect(points, 'the box has its own tabindex, for browsers that need one').toHaveAttribute('tabindex', '0');
    await xor.root.getByRole('slider', { name: 'Steps', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(points).toBeFocused();
  });
});

test.describe('on the narrowest phone', () => {
  test.use({ viewport: { width: 320, height: 700 }, hasTouch: true });

  test('the hidden space\'s two −1 labels stand apart', async ({ xor }) => {
    await xor.open(XorPage.tag({ seed: '0', steps: '300' }));
    const lows = xor.hiddenSpace.locator('.axes text', { hasText: /^−1$/ });
    await expect(lows, 'a −1 at the low end of each axis').toHaveCount(2);
    const [a, b] = [await lows.nth(0).boundingBox(), await lows.nth(1).boundingBox()];
    const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    expect(apart, `the boxes ${JSON.stringify(a)} and ${JSON.stringify(b)} do not overlap`).toBe(true);
  });
});

test('a bad attribute is explained in place, quoting it, in English and in Chinese', async ({ xor }) => {
  await xor.open(`${XorPage.tag({ 'hidden-units': '17' })}${XorPage.tag({ lang: 'zh-CN', 'hidden-units': '17' })}`, { wait: false });
  await expect(xor.alert).toHaveText('Attribute hidden-units="17": it must be a whole number from 1 to 16.');
  const chinese = new XorPage(xor.page, xor.page.locator('xor-widget').nth(1));
  await expect(chinese.alert).toHaveText('属性 hidden-units="17"：它必须是 1 到 16 之间的整数。');
  for (const [attributes, english, zh] of [
    [{ activation: 'gelu' }, 'Attribute activation="gelu": use "tanh" or "relu" or "sigmoid".', '属性 activation="gelu"：请从 "tanh" 或 "relu" 或 "sigmoid" 中选一个。'],
    [{ lr: '11' }, 'Attribute lr="11": lr must be from 0 to 10, not 11.', '属性 lr="11"：lr 必须在 0 到 10 之间，而不是 11。'],
    [{ momentum: '1' }, 'Attribute momentum="1": momentum must be from 0 to below 1, not 1.', '属性 momentum="1"：momentum 必须不小于 0 且小于 1，而不是 1。'],
    [{ steps: '5001' }, 'Attribute steps="5001": it must be a whole number from 0 to 5000.', '属性 steps="5001"：它必须是 0 到 5000 之间的整数。'],
    [{ seed: '1.5' }, 'Attribute seed="1.5": it must be a whole number from 0 to 4294967295.', '属性 seed="1.5"：它必须是 0 到 4294967295 之间的整数。'],
  ]) {
    for (const [page, text] of [[xor, english], [chinese, zh]]) {
      await page.root.evaluate((widget, given) => {
        for (const name of widget.getAttributeNames()) if (name !== 'lang') widget.removeAttribute(name);
        for (const [name, value] of Object.entries(given)) widget.setAttribute(name, value);
      }, attributes);
      await expect(page.alert).toHaveText(text);
    }
  }
  // A good value again: the numbers come back, and the Chinese widget's words are Chinese.
  await chinese.root.evaluate((widget) => widget.removeAttribute('seed'));
  await expect(chinese.drawn).toBeVisible();
  await expect(chinese.button('+100 步')).toBeVisible();
  await expect(chinese.root.getByRole('heading', { name: '起点时的四个点' })).toBeVisible();
  await expect(chinese.lossText).toHaveText(/^起点的损失：0\.\d+$/);
});
