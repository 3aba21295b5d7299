// <lstm-widget> by keyboard alone, on a phone, in Chinese, and with a bad attribute. Keyboard:
// Tab reaches every control once in reading order with a focus ring (the gates' grid as one
// stop, the forget bias's slider, the step buttons as one stop, each input, the add and remove
// buttons); the arrow keys move within the grid and between the steps, Enter and Space select
// a step, the slider moves by the arrow keys, a typed number is used, one that is not is
// refused in words; the page hears an lstm-widget-change for each of the learner's changes.
// Phone (390 x 844, touch): the page does not scroll sideways while twelve steps scroll inside
// the timeline's box, every field and button is a 44 px target, and taps select and remove a
// step, leaving the other columns' nodes in place. In Chinese the widget's words, its live line and its refusals are Chinese around the
// same numbers. A bad attribute is explained in place, in English and in Chinese.
import { readFileSync } from 'node:fs';
import { attributesOf, expect, expectLstmNumbers, LstmPage, test } from './lstm-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./lstm-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);

test('by keyboard: every control in reading order, the grid and the steps by the arrow keys, Enter and Space select, typing used', async ({ page, lstm }) => {
  await lstm.open();
  await lstm.recordChanges();
  const field = (name) => lstm.root.getByRole('textbox', { name, exact: true });
  const slider = lstm.root.getByRole('slider', { name: 'Forget gate bias b, from −10 to 10' });
  const stops = [
    field('Input gate i, w_x'), slider, lstm.step(1),
    ...[1, 2, 3, 4, 5, 6].map((step) => field(`Input x, step ${step}`)),
    lstm.button('Add a step'), lstm.button('Remove the last step'),
  ];
  for (const stop of stops) {
    await page.keyboard.press('Tab');
    await expect(stop).toBeFocused();
    const ring = await stop.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(ring, 'a visible focus ring').not.toBe('none');
  }

  // The grid: Down to the forget gate, Right (from a field's end) to its bias, which takes 0.
  await field('Input gate i, w_x').focus();
  await page.keyboard.press('ArrowDown');
  await expect(field('Forget gate f, w_x')).toBeFocused();
  for (const next of ['Forget gate f, w_h', 'Forget gate f, b']) {
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    await expect(field(next)).toBeFocused();
  }
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0');
  await page.keyboard.press('Enter');
  await expect(lstm.root).toHaveAttribute('forget-gate', '0 0 0');
  await expect(lstm.status).toHaveText(/^Forget gate f, b is 0\. At the last step, step 6, c is 0\.02992 and h is 0\.02972; the gradient reaching c at step 1 is 0\.03101\.$/);
  await expectLstmNumbers(lstm, named('forget bias 0').expected);
  // Tab leaves the grid from the field last used, for the slider, which the arrow keys move.
  await page.keyboard.press('Tab');
  await expect(slider).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(lstm.root).toHaveAttribute('forget-gate', '0 0 0.5');
  await expect(field('Forget gate f, b')).toHaveValue('0.5');
  for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight');
  await expect(lstm.root).toHaveAttribute('forget-gate', '0 0 5');
  await expectLstmNumbers(lstm, named('defaults').expected);

  // The steps: one Tab stop; Right moves, Enter selects, Space lets go and selects again.
  await page.keyboard.press('Tab');
  await expect(lstm.step(1)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(lstm.step(3)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(lstm.root).toHaveAttribute('selected', '3');
  await expect(lstm.status).toHaveText(/^Step 3 worked out\./);
  await page.keyboard.press('Space');
  await expect(lstm.root).toHaveAttribute('selected', '0');
  await page.keyboard.press('Space');
  await expectLstmNumbers(lstm, named('forget bias 5').expected);
  // Tab leaves the steps from the one used, and comes back to it.
  await page.keyboard.press('Tab');
  await expect(field('Input x, step 1')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(lstm.step(3)).toBeFocused();

  // A number that is not one is refused in words, and the widget keeps the last.
  await field('Input x, step 1').fill('abc');
  await expect(lstm.alert).toHaveText('Input x, step 1: "abc" is not a number. The widget keeps 1.');
  await page.keyboard.press('Tab');
  await expect(field('Input x, step 1')).toHaveValue('1');
  await expect(lstm.alert, 'the alert still says why once the focus has moved on').toContainText('The widget keeps 1.');
  // So is a gate's number beyond 100.
  await field('Output gate o, b').fill('101');
  await expect(lstm.alert).toHaveText('Output gate o, b: each number must be from -100 to 100, not 101. The widget keeps 5.');
  await field('Output gate o, b').fill('5');
  await field('Output gate o, b').press('Enter');

  // "Add a step" by Enter up to twelve: the button keeps the focus until it can add no more,
  // then hands it to "Remove the last step".
  await lstm.button('Add a step').focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Enter');
  await expect(lstm.root).toHaveAttribute('input', '1 0 0 0 0 0 0 0 0 0 0 0');
  await expect(lstm.button('Add a step'), 'no step after the twelfth').toBeDisabled();
  await expect(lstm.button('Remove the last step')).toBeFocused();
  await expect(lstm.status).toHaveText(/^12 steps\. At the last step, step 12, c is /);
  await field('Input x, step 11').focus();
  await page.keyboard.press('Tab');
  await expect(field('Input x, step 12')).toBeFocused();

  const changes = await lstm.changes();
  // The typed bias, ten slides by the arrow keys, three selections, six steps added (the output
  // gate's 5 typed back over a refused value changed nothing).
  const slid = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5].map((bias) => [bias, 0, 6]);
  expect(changes.map(({ state }) => [state.forgetGate[2], state.selected, state.input.length])).toEqual([
    [0, 0, 6], ...slid, [5, 3, 6], [5, 0, 6], [5, 3, 6], ...[7, 8, 9, 10, 11, 12].map((steps) => [5, 3, steps]),
  ]);
  expect(changes.every((change) => change.byUser)).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('twelve steps scroll inside the timeline\'s box, targets are 44 px, and taps select and remove a step', async ({ page, lstm }) => {
    const testCase = named('twelve steps');
    await lstm.open(LstmPage.tag(attributesOf(testCase.expected.settings)));
    await expectLstmNumbers(lstm, testCase.expected);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
    expect((await lstm.root.boundingBox()).width, 'the widget fits the phone').toBeLessThanOrEqual(390);
    expect(await lstm.timeline.evaluate((element) => element.scrollWidth > element.clientWidth), 'twelve steps scroll inside the timeline\'s box').toBe(true);
    const grid = lstm.root.getByRole('grid');
    expect(await grid.evaluate((element) => element.scrollWidth <= element.parentElement.clientWidth), 'the gates\' grid fits the phone').toBe(true);

    for (const target of [lstm.field('Input gate i, w_x'), lstm.field('Output gate o, b'), lstm.root.getByRole('slider'), lstm.step(1), lstm.step(12),
      lstm.field('Input x, step 1'), lstm.field('Input x, step 12'), lstm.button('Add a step'), lstm.button('Remove the last step')]) {
      await target.scrollIntoViewIfNeeded();
      const box = await target.boundingBox();
      expect(box.height, 'a 44 px target').toBeGreaterThanOrEqual(44);
      expect(box.width, 'a 44 px target').toBeGreaterThanOrEqual(44);
    }

    // A tap updates the timeline in place: the columns that stay keep their nodes.
    await lstm.root.evaluate((widget) => widget.shadowRoot.querySelectorAll('.timeline table button, .timeline table input').forEach((node) => node.setAttribute('data-kept', '')));
    await lstm.step(12).tap();
    await expect(lstm.root).toHaveAttribute('selected', '12');
    await expect(lstm.root.getByRole('heading', { name: 'Step 12, worked out' })).toBeVisible();
    await expectLstmNumbers(lstm, { ...testCase.expected, settings: { ...testCase.expected.settings, selected: 12 } });
    await lstm.button('Remove the last step').tap();
    await expect(lstm.root).toHaveAttribute('input', '1 0 0 0 0 0 0 0 0 0 0');
    await expect(lstm.root).toHaveAttribute('selected', '11');
    await expect(lstm.root.locator('button.step'), 'eleven steps').toHaveCount(11);
    await expect(lstm.timeline.locator('button:not([data-kept]), input:not([data-kept])'), 'the eleven columns left are the ones there were').toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'still nothing to the side').toBeLessThanOrEqual(0);
  });
});

test('in Chinese the widget shows the same numbers, with its words, live line and refusals in Chinese', async ({ lstm }) => {
  const { expected } = named('forget bias 5');
  await lstm.open(LstmPage.tag({ lang: 'zh-CN' }));
  await expect(lstm.root.getByRole('heading', { name: '门', exact: true })).toBeVisible();
  await expect(lstm.root.getByRole('heading', { name: '随时间展开', exact: true })).toBeVisible();
  await lstm.button('第 3 步').click();
  await expectLstmNumbers(lstm, expected);
  await expect(lstm.root.getByRole('heading', { name: '第 3 步的计算过程' })).toBeVisible();
  await expect(lstm.root.locator('.lines li').nth(7)).toHaveText('∂L/∂h₃ = 0：所有 w_h 都是 0，所以 h₃ 不会影响之后的任何一步。');
  await expect(lstm.status).toHaveText(/^写出第 3 步的计算过程。最后一步（第 6 步）c 为 0\.926，h 为 0\.7238；传到第 1 步 c 的梯度是 0\.4505。$/);
  await lstm.field('遗忘门 f，b').fill('101');
  await expect(lstm.alert).toHaveText('遗忘门 f，b：每个数都必须在 -100 到 100 之间，而不是 101。组件仍沿用 5。');
  await lstm.field('遗忘门 f，b').fill('0');
  await lstm.field('遗忘门 f，b').press('Enter');
  await expect(lstm.status).toHaveText(/^遗忘门 f，b 改为 0。最后一步（第 6 步）c 为 0\.02992，h 为 0\.02972；传到第 1 步 c 的梯度是 0\.03101。$/);
  await lstm.button('添加一步').click();
  await expect(lstm.status).toHaveText(/^现在共 7 步。最后一步（第 7 步）c 为 /);
  await expect(lstm.root, 'no English sentence left').not.toHaveText(/\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b/i);
});

test('a bad attribute is explained in place, quoting it, in English and in Chinese', async ({ lstm }) => {
  await lstm.open(`${LstmPage.tag({ 'input-gate': '1 2' })}${LstmPage.tag({ lang: 'zh-CN', 'input-gate': '1 2' })}`, { wait: false });
  await expect(lstm.alert).toHaveText('Attribute input-gate="1 2": give 3 numbers (w_x, w_h and b), not 2.');
  const chinese = new LstmPage(lstm.page, lstm.page.locator('lstm-widget').nth(1));
  await expect(chinese.alert).toHaveText('属性 input-gate="1 2"：请给出 3 个数（w_x、w_h 和 b），而不是 2 个。');

  for (const [attributes, english, zh] of [
    [{ selected: '9' }, 'Attribute selected="9": selected names step 9, but the input has 6 steps (0 selects none).', '属性 selected="9"：selected 指向第 9 步，但输入只有 6 步（0 表示不选）。'],
    [{ selected: '13' }, 'Attribute selected="13": it must be a whole number from 0 to 12.', '属性 selected="13"：它必须是 0 到 12 之间的整数。'],
    [{ input: '1 2 3 4 5 6 7 8 9 10 11 12 13' }, 'Attribute input="1 2 3 4 5 6 7 8 9 10 11 12 13": give 1 to 12 numbers, not 13.', '属性 input="1 2 3 4 5 6 7 8 9 10 11 12 13"：请给出 1 到 12 个数，而不是 13 个。'],
    [{ 'forget-gate': '0 0 500' }, 'Attribute forget-gate="0 0 500": each number must be from -100 to 100, not 500.', '属性 forget-gate="0 0 500"：每个数都必须在 -100 到 100 之间，而不是 500。'],
    [{ input: '1 NaN' }, 'Attribute input="1 NaN": every value must be a finite number.', '属性 input="1 NaN"：每个值都必须是有限的数。'],
  ]) {
    for (const [widget, expected, keep] of [[lstm, english, []], [chinese, zh, ['lang']]]) {
      await widget.root.evaluate((element, [given, kept]) => {
        for (const name of element.getAttributeNames()) if (!kept.includes(name)) element.removeAttribute(name);
        for (const [name, value] of Object.entries(given)) element.setAttribute(name, value);
      }, [attributes, keep]);
      await expect(widget.alert).toHaveText(expected);
    }
  }
  // A good value again: the numbers come back.
  await lstm.root.evaluate((widget) => widget.removeAttribute('input'));
  await expectLstmNumbers(lstm, named('defaults').expected);
});
