// <rnn-widget> by keyboard alone, on a phone, in Chinese, and with a bad attribute. Keyboard:
// Tab reaches every control once in reading order with a focus ring (the cell's settings, the
// steps' buttons as one stop that the arrow keys move along, the inputs, the add and remove
// buttons); Enter and Space press a button, the slider moves by the arrow keys, a typed number
// is used and one that is not is refused in words; the page hears an rnn-widget-change for each
// of the learner's changes. Phone (390 x 844, touch): the page does not scroll sideways while
// twelve steps scroll inside the timeline's box, every control is a 44 px target, and taps
// select a step and remove one, leaving the other columns' nodes in place. In Chinese the widget's words, its live line and its refusals are
// Chinese around the same numbers. A bad attribute is explained in place, in English and in
// Chinese.
import { readFileSync } from 'node:fs';
import { readableNumber } from '../../web/components/shared/format-number.js';
import { attributesOf, expect, expectRnnNumbers, RnnPage, test } from './rnn-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./rnn-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);

test('by keyboard: every control in reading order, steps by the arrow keys, Enter and Space, typing used or refused', async ({ page, rnn }) => {
  await rnn.open();
  await rnn.recordChanges();
  await expect(rnn.root.getByRole('table', { name: 'Gradients of the parameters', exact: true }), 'a table is named by its heading').toBeVisible();
  const slider = rnn.root.getByRole('slider', { name: 'Recurrent weight w_hh', exact: true });
  const stops = [
    rnn.field('Input weight w_ih'), rnn.field('Recurrent weight w_hh'), slider, rnn.field('Bias b'), rnn.field('Starting state h₀'),
    rnn.choice('Nonlinearity'), rnn.step(1),
    ...Array.from({ length: 8 }, (_, i) => rnn.field(`Input x at step ${i + 1}`)),
    rnn.button('Add a step'), rnn.button('Remove the last step'),
  ];
  for (const stop of stops) {
    await page.keyboard.press('Tab');
    await expect(stop).toBeFocused();
    const ring = await stop.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(ring, 'a visible focus ring').not.toBe('none');
  }

  // The steps' buttons: the arrow keys move along them, Enter works a step out, Space puts it away.
  await rnn.step(1).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(rnn.step(3)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rnn.root).toHaveAttribute('selected', '3');
  await expect(rnn.workedOut.locator('h3')).toHaveText('Step 3, worked out');
  await expect(rnn.status).toHaveText(/^Step 3 worked out\. The last state, h at step 8, is /);
  await page.keyboard.press('Space');
  await expect(rnn.root).toHaveAttribute('selected', '0');
  await page.keyboard.press('Enter');
  // The pressed step is the row's Tab stop: Shift+Tab leaves it for the drop-down, Tab comes back to it.
  await page.keyboard.press('Shift+Tab');
  await expect(rnn.choice('Nonlinearity')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(rnn.step(3)).toBeFocused();

  // The slider moves w_hh by 0.05 a key.
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(rnn.root).toHaveAttribute('w-hh', '0.55');
  await expect(rnn.field('Recurrent weight w_hh')).toHaveValue('0.55');

  // Typing: the first input becomes 2, used as soon as it reads.
  await rnn.field('Input x at step 1').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await expect(rnn.root).toHaveAttribute('input', '2 0 0 0 0 0 0 0');
  await expect(rnn.status).toHaveText(/^Input x at step 1 is 2\. The last state, h at step 8, is /);
  // A number that is not one is refused in words, and the widget keeps the last.
  await rnn.field('Recurrent weight w_hh').fill('1,5');
  await expect(rnn.alert).toHaveText('Recurrent weight w_hh: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 0.55.');
  await page.keyboard.press('Tab');
  await expect(rnn.field('Recurrent weight w_hh')).toHaveValue('0.55');
  await expect(rnn.alert, 'the alert still says why once the focus has moved on').toContainText('The widget keeps 0.55.');
  // So is a weight beyond ±100, in words that say the limit.
  await rnn.field('Recurrent weight w_hh').fill('150');
  await expect(rnn.alert).toHaveText('Recurrent weight w_hh: w_hh must be from -100 to 100, not 150. The widget keeps 0.55.');
  await rnn.field('Recurrent weight w_hh').fill('0.5');
  await rnn.field('Recurrent weight w_hh').press('Enter');

  // "Add a step" by Enter: a ninth input joins, of 0, and Tab reaches it.
  await rnn.button('Add a step').focus();
  await page.keyboard.press('Enter');
  await expect(rnn.root).toHaveAttribute('input', '2 0 0 0 0 0 0 0 0');
  await expect(rnn.button('Add a step'), 'the button keeps the focus').toBeFocused();
  await expect(rnn.status).toHaveText(/^9 steps\. The last state, h at step 9, is /);
  await rnn.field('Input x at step 8').focus();
  await page.keyboard.press('Tab');
  await expect(rnn.field('Input x at step 9')).toBeFocused();
  await expect(rnn.field('Input x at step 9')).toHaveValue('0');

  const changes = await rnn.changes();
  expect(changes.map((change) => [change.state.selected, change.state.wHh, change.state.input.length]))
    .toEqual([[3, 0.5, 8], [0, 0.5, 8], [3, 0.5, 8], [3, 0.55, 8], [3, 0.55, 8], [3, 0.5, 8], [3, 0.5, 9]]);
  expect(changes.every((change) => change.byUser)).toBe(true);
});

test('the steps stay one Tab stop when the step last used is removed', async ({ page, rnn }) => {
  await rnn.open();
  await rnn.step(1).focus();
  await page.keyboard.press('End');
  await expect(rnn.step(8)).toBeFocused();
  await rnn.button('Remove the last step').click();
  await expect(rnn.timeline.locator('thead button')).toHaveCount(7);
  await expect(rnn.timeline.locator('thead button[tabindex="0"]'), 'one step button in the Tab order').toHaveCount(1);
  await rnn.button('Remove the last step').focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  for (let i = 0; i < 7; i++) await page.keyboard.press('Shift+Tab');
  await expect(rnn.step(7), 'Shift+Tab from the inputs reaches the new last step').toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('twelve steps scroll inside their box, targets are 44 px, and taps select a step and remove one', async ({ page, rnn }) => {
    const { expected } = named('twelve steps, relu, w_hh 2: the gradient doubles at each step back');
    await rnn.open(RnnPage.tag(attributesOf(expected.settings)));
    await expectRnnNumbers(rnn, expected);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
    expect((await rnn.root.boundingBox()).width, 'the widget fits the phone').toBeLessThanOrEqual(390);
    const box = rnn.root.locator('.timeline .scroll');
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth), 'twelve steps scroll inside the timeline\'s box').toBe(true);

    for (const target of [rnn.field('Input weight w_ih'), rnn.field('Recurrent weight w_hh'), rnn.root.getByRole('slider'), rnn.field('Bias b'),
      rnn.field('Starting state h₀'), rnn.choice('Nonlinearity'), rnn.step(1), rnn.step(12), rnn.field('Input x at step 1'),
      rnn.field('Input x at step 12'), rnn.button('Add a step'), rnn.button('Remove the last step')]) {
      await target.scrollIntoViewIfNeeded();
      const size = await target.boundingBox();
      expect(size.height, 'a 44 px target').toBeGreaterThanOrEqual(44);
      expect(size.width, 'a 44 px target').toBeGreaterThanOrEqual(44);
    }

    // A tap updates the timeline in place: the columns that stay keep their nodes.
    await rnn.root.evaluate((widget) => widget.shadowRoot.querySelectorAll('table.steps button, table.steps input').forEach((node) => node.setAttribute('data-kept', '')));
    await rnn.step(12).tap();
    await expect(rnn.root).toHaveAttribute('selected', '12');
    await expect(rnn.workedOut.locator('.note')).toHaveText('∂L/∂h₁₂ = 1: the loss is h₁₂ itself.');
    await expectRnnNumbers(rnn, expected);
    await rnn.button('Remove the last step').tap();
    await expect(rnn.root).toHaveAttribute('selected', '11');
    await expect(rnn.timeline.locator('thead button')).toHaveCount(11);
    await expect(rnn.timeline.locator('button:not([data-kept]), input:not([data-kept])'), 'the eleven columns left are the ones there were').toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'still nothing to the side').toBeLessThanOrEqual(0);
  });
});

test('in Chinese the widget shows the same numbers, with its words, live line and refusals in Chinese', async ({ rnn }) => {
  const { expected } = named('relu, w_hh 1.5: the gradient grows');
  await rnn.open(RnnPage.tag({ lang: 'zh-CN', ...attributesOf(expected.settings), selected: '8' }));
  await expectRnnNumbers(rnn, expected);
  await expect(rnn.root.getByRole('heading', { name: '沿时间展开', exact: true })).toBeVisible();
  await expect(rnn.root.getByRole('table', { name: '参数的梯度', exact: true }), 'a table is named by its heading').toBeVisible();
  await expect(rnn.workedOut.locator('h3')).toHaveText('第 8 步的计算过程');
  await expect(rnn.workedOut.locator('.note')).toHaveText('∂L/∂h₈ = 1：损失就是 h₈ 本身。');
  await rnn.root.getByRole('button', { name: '第 2 步', exact: true }).click();
  await expect(rnn.status).toHaveText(`写出第 2 步的计算过程。最后一个状态，即第 8 步的 h，为 ${readableNumber(expected.states[7])}；传到第 1 步的梯度是 ${readableNumber(expected.gradHidden[0])}。`);
  await rnn.field('偏置 b').fill('200');
  await expect(rnn.alert).toHaveText('偏置 b：bias 必须在 -100 到 100 之间，而不是 200。组件仍沿用 0。');
  await rnn.field('偏置 b').fill('0');
  await rnn.field('偏置 b').press('Enter');
  await rnn.root.getByRole('button', { name: '添加一步', exact: true }).click();
  await expect(rnn.status).toHaveText(/^现在有 9 步。最后一个状态，即第 9 步的 h，为 /);
  await expect(rnn.root, 'no English sentence left').not.toHaveText(/\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b/i);
});

test('a bad attribute is explained in place, quoting it, in English and in Chinese', async ({ rnn }) => {
  await rnn.open(`${RnnPage.tag({ 'w-hh': '101' })}${RnnPage.tag({ lang: 'zh-CN', 'w-hh': '101' })}`, { wait: false });
  await expect(rnn.alert).toHaveText('Attribute w-hh="101": w_hh must be from -100 to 100, not 101.');
  const chinese = new RnnPage(rnn.page, rnn.page.locator('rnn-widget').nth(1));
  await expect(chinese.alert).toHaveText('属性 w-hh="101"：w_hh 必须在 -100 到 100 之间，而不是 101。');

  const thirteen = Array.from({ length: 13 }, () => '1').join(' ');
  for (const [attributes, english, zh] of [
    [{ input: thirteen }, `Attribute input="${thirteen}": give 1 to 12 inputs, one per step, not 13.`, `属性 input="${thirteen}"：请给出 1 到 12 个输入，每步一个，而不是 13 个。`],
    [{ input: '1 NaN' }, 'Attribute input="1 NaN": every value must be a finite number.', '属性 input="1 NaN"：每个值都必须是有限的数。'],
    [{ nonlinearity: 'sigmoid' }, 'Attribute nonlinearity="sigmoid": use "tanh" or "relu".', null],
    [{ input: '1 0', selected: '3' }, 'Attribute selected="3": selected must be 0 (no step) or a step from 1 to 2, not 3.',
      '属性 selected="3"：selected 必须是 0（不选任何一步）或 1 到 2 之间的一步，而不是 3。'],
    [{ h0: '-100.5' }, 'Attribute h0="-100.5": h0 must be from -100 to 100, not -100.5.', '属性 h0="-100.5"：h0 必须在 -100 到 100 之间，而不是 -100.5。'],
  ]) {
    for (const [widget, expected, keep] of [[rnn, english, []], [chinese, zh, ['lang']]]) {
      await widget.root.evaluate((element, [given, kept]) => {
        for (const name of element.getAttributeNames()) if (!kept.includes(name)) element.removeAttribute(name);
        for (const [name, value] of Object.entries(given)) element.setAttribute(name, value);
      }, [attributes, keep]);
      if (expected) await expect(widget.alert).toHaveText(expected);
      else await expect(widget.alert).toHaveText(/^属性 nonlinearity="sigmoid"：/);
    }
  }
  // A good value again: the numbers come back.
  await rnn.root.evaluate((widget) => widget.removeAttribute('h0'));
  await expect(rnn.alert).toHaveCount(0);
  await expectRnnNumbers(rnn, named('defaults').expected);
});
