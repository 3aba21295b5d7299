// <positions-widget> by keyboard alone, on a phone, in Chinese, and with a bad attribute.
// Keyboard: Tab reaches every control once in reading order with a focus ring (each stepper's
// "−", field and "+", then the heat map as one stop, at the selected row); the arrow keys move
// within the heat map and the selection follows the focus, its number read out under it; a
// typed size is used, one that is not is refused in words; a stepper that can do no more hands
// the focus to its other button; the page hears a positions-widget-change for each of the
// learner's changes. Phone (390 x 844, touch): the lesson's table and 64 × 64 fit without
// sideways scrolling, the steppers are 44 px targets, and taps select a position. In Chinese
// the widget's words, its live line and its refusals are Chinese around the same numbers. A
// bad attribute is explained in place, in English and in Chinese.
import { readFileSync } from 'node:fs';
import {
  attributesOf, expect, expectPositionsNumbers, PositionsPage, test,
} from './positions-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./positions-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);
const withChosen = (testCase, chosen) => ({ ...testCase.expected, settings: { ...testCase.expected.settings, ...chosen } });

test('by keyboard: every control in reading order, the heat map one stop, arrows select, typing used or refused', async ({ page, positions }) => {
  await positions.open(PositionsPage.tag({ compare: '2' }));
  await positions.recordChanges();
  const stops = [];
  for (const [label, fewer, more] of [
    ['Positions L', 'One position fewer', 'One position more'], ['Features d_model', 'd_model 2 smaller', 'd_model 2 larger'],
    ['Selected position', 'Selected position one earlier', 'Selected position one later'], ['Compared position', 'Compared position one earlier', 'Compared position one later'],
  ]) stops.push(positions.button(fewer), positions.stepperField(label), positions.button(more));
  stops.push(positions.cell(1, 0));
  for (const stop of stops) {
    await page.keyboard.press('Tab');
    await expect(stop).toBeFocused();
    const ring = await stop.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(ring, 'a visible focus ring').not.toBe('none');
  }
  await expect(positions.root.locator('.readout')).toHaveText('Position 1, column 0 (sin ω₀): 0.8415');

  // Down selects position 2 (the focus and the selection move together); Right reads a cell.
  await page.keyboard.press('ArrowDown');
  await expect(positions.cell(2, 0)).toBeFocused();
  await expect(positions.root).toHaveAttribute('selected', '2');
  await expect(positions.status).toHaveText('Position 2 selected. The clocks show position 2, beside position 2.');
  await page.keyboard.press('ArrowRight');
  await expect(positions.cell(2, 1)).toBeFocused();
  await expect(positions.root.locator('.readout')).toHaveText('Position 2, column 1 (cos ω₀): −0.4161');
  await expect(positions.cell(2, 1), 'the compared row, outlined on screen, says so').toHaveAccessibleName('Position 2 (compared), cos ω₀: −0.4161');
  await expect(positions.cell(1, 1), 'another row does not').toHaveAccessibleName('Position 1, cos ω₀: 0.5403');
  await page.keyboard.press('End');
  await expect(positions.cell(15, 7)).toBeFocused();
  await expect(positions.root).toHaveAttribute('selected', '15');
  await expectPositionsNumbers(positions, withChosen(named('defaults'), { selected: 15, compare: 2 }));
  // Tab leaves the heat map, and Shift+Tab comes back to the cell last used.
  await page.keyboard.press('Shift+Tab');
  await expect(positions.button('Compared position one later')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(positions.cell(15, 7)).toBeFocused();

  // A size typed: refused in words when it breaks a rule, used when it does not.
  const dModel = positions.stepperField('Features d_model');
  await dModel.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await expect(positions.alert).toHaveText('Features d_model: d_model must be even, not 7: each clock is a sine and a cosine column. The widget keeps 8.');
  await expect(dModel).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1,5');
  await page.keyboard.press('Enter');
  await expect(positions.alert).toHaveText('Features d_model: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 8.');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4');
  await page.keyboard.press('Enter');
  await expect(positions.alert).toHaveCount(0);
  await expect(positions.root).toHaveAttribute('d-model', '4');
  await expect(positions.status).toHaveText('d_model: 4. The clocks show position 15, beside position 2.');

  // A typed position beyond the table is refused; one within it is used as it is typed.
  const selected = positions.stepperField('Selected position');
  await selected.fill('16');
  await expect(positions.alert).toHaveText('Selected position: selected must be a position from 0 to 15 (L = 16, counted from 0), not 16. The widget keeps 15.');
  await selected.fill('0');
  await selected.press('Enter');
  await expect(positions.root).toHaveAttribute('selected', '0');

  // At its limit a stepper's button is disabled and the focus goes to its other one.
  await positions.button('Compared position one earlier').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(positions.root).toHaveAttribute('compare', '0');
  await expect(positions.cell(0, 1), 'the newly compared row says so').toHaveAccessibleName('Position 0 (compared), cos ω₀: 1');
  await expect(positions.cell(2, 1), 'the row compared before no longer does').toHaveAccessibleName('Position 2, cos ω₀: −0.4161');
  await expect(positions.button('Compared position one earlier')).toBeDisabled();
  await expect(positions.button('Compared position one later'), 'the focus stays in the stepper').toBeFocused();

  const changes = await positions.changes();
  expect(changes.map(({ state }) => [state.dModel, state.selected, state.compare])).toEqual([
    [8, 2, 2], [8, 15, 2], [4, 15, 2], [4, 0, 2], [4, 0, 1], [4, 0, 0],
  ]);
  expect(changes.every((change) => change.byUser)).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the lesson\'s table and 64 × 64 fit, the steppers are 44 px targets, and taps select a position', async ({ page, positions }) => {
    const largest = named('64 positions of 64 features');
    await positions.open(PositionsPage.tag({ compare: '2' }) + PositionsPage.tag(attributesOf(largest.expected.settings)));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
    for (const widget of await page.locator('positions-widget').all()) {
      expect((await widget.boundingBox()).width, 'each widget fits the phone').toBeLessThanOrEqual(390);
    }
    const mapBox = (await positions.map.boundingBox());
    expect(mapBox.x + mapBox.width, 'the lesson\'s heat map fits without scrolling').toBeLessThanOrEqual(390);

    for (const name of ['One position fewer', 'd_model 2 larger', 'Selected position one later', 'Compared position one earlier']) {
      const box = await positions.button(name).boundingBox();
      expect(box.height, `${name}: a 44 px target`).toBeGreaterThanOrEqual(44);
      expect(box.width, `${name}: a 44 px target`).toBeGreaterThanOrEqual(44);
    }
    for (const label of ['Positions L', 'Selected position']) {
      expect((await positions.stepperField(label).boundingBox()).height, `${label}: 44 px tall`).toBeGreaterThanOrEqual(44);
    }

    await positions.cell(9, 4).tap();
    await expect(positions.root).toHaveAttribute('selected', '9');
    await positions.button('Compared position one later').tap();
    await expect(positions.root).toHaveAttribute('compare', '3');
    await expectPositionsNumbers(positions, withChosen(named('defaults'), { selected: 9, compare: 3 }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'still nothing to the side').toBeLessThanOrEqual(0);
  });
});

test('in Chinese the widget shows the same numbers, with its words, live line and refusals in Chinese', async ({ positions }) => {
  await positions.open(PositionsPage.tag({ lang: 'zh-CN', compare: '2' }));
  await expectPositionsNumbers(positions, withChosen(named('defaults'), { compare: 2 }), { english: false });
  await expect(positions.root.getByRole('heading', { name: '位置 1（实线）和位置 2（虚线）的时钟', exact: true })).toBeVisible();
  await expect(positions.cell(2, 1), 'the compared row says so in Chinese').toHaveAccessibleName('位置 2（对比的位置），cos ω₀：−0.4161');
  await expect(positions.cell(1, 1)).toHaveAccessibleName('位置 1，cos ω₀：0.5403');
  await positions.cell(3, 0).click();
  await expect(positions.status).toHaveText('选中位置 3。时钟显示位置 3，旁边是位置 2。');
  await positions.button('d_model 加 2').click();
  await expect(positions.status).toHaveText('d_model：10。时钟显示位置 3，旁边是位置 2。');
  const dModel = positions.stepperField('特征数 d_model');
  await dModel.fill('9');
  await dModel.press('Enter');
  await expect(positions.alert).toHaveText('特征数 d_model：d_model 必须是偶数，而不是 9：每只时钟占一个正弦列和一个余弦列。组件仍沿用 10。');
  await positions.stepperField('对比的位置').fill('20');
  await expect(positions.alert).toHaveText('对比的位置：compare 必须是 0 到 15 之间的位置（L = 16，从 0 开始数），而不是 20。组件仍沿用 2。');
  await expect(positions.root, 'no English sentence left').not.toHaveText(/\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b/i);
});

test('a bad attribute is explained in place, quoting it, in English and in Chinese', async ({ positions }) => {
  await positions.open(`${PositionsPage.tag({ 'd-model': '7' })}${PositionsPage.tag({ lang: 'zh-CN', 'd-model': '7' })}`, { wait: false });
  await expect(positions.alert).toHaveText('Attribute d-model="7": d_model must be even, not 7: each clock is a sine and a cosine column.');
  const chinese = new PositionsPage(positions.page, positions.page.locator('positions-widget').nth(1));
  await expect(chinese.alert).toHaveText('属性 d-model="7"：d_model 必须是偶数，而不是 7：每只时钟占一个正弦列和一个余弦列。');

  for (const [attributes, english, zh] of [
    [{ selected: '16' }, 'Attribute selected="16": selected must be a position from 0 to 15 (L = 16, counted from 0), not 16.', '属性 selected="16"：selected 必须是 0 到 15 之间的位置（L = 16，从 0 开始数），而不是 16。'],
    [{ positions: '4', compare: '4' }, 'Attribute compare="4": compare must be a position from 0 to 3 (L = 4, counted from 0), not 4.', '属性 compare="4"：compare 必须是 0 到 3 之间的位置（L = 4，从 0 开始数），而不是 4。'],
    [{ positions: '65' }, 'Attribute positions="65": it must be a whole number from 1 to 64.', '属性 positions="65"：它必须是 1 到 64 之间的整数。'],
    [{ 'd-model': '66' }, 'Attribute d-model="66": it must be a whole number from 2 to 64.', '属性 d-model="66"：它必须是 2 到 64 之间的整数。'],
    [{ compare: '-1' }, 'Attribute compare="-1": it must be a whole number from 0 to 63.', '属性 compare="-1"：它必须是 0 到 63 之间的整数。'],
  ]) {
    for (const [widget, expected, keep] of [[positions, english, []], [chinese, zh, ['lang']]]) {
      await widget.root.evaluate((element, [given, kept]) => {
        for (const name of element.getAttributeNames()) if (!kept.includes(name)) element.removeAttribute(name);
        for (const [name, value] of Object.entries(given)) element.setAttribute(name, value);
      }, [attributes, keep]);
      await expect(widget.alert).toHaveText(expected);
    }
  }
  // A good value again: the numbers come back.
  await positions.root.evaluate((widget) => widget.removeAttribute('compare'));
  await expectPositionsNumbers(positions, named('defaults').expected);
});
