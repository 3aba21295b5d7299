// <attention-widget> by keyboard alone, on a phone, in Chinese, and with a bad attribute.
// Keyboard: Tab reaches every control once in reading order with a focus ring (the steppers,
// the causal switch, then each grid as one stop: Q, K, V, the scores, the weights, the output);
// the arrow keys move within a grid, Enter and Space on a computed cell select its query, a
// stepper that can do no more hands the focus to its other button; a typed number is used, one
// that is not is refused in words; the page hears an attention-widget-change for each of the
// learner's changes. Phone (390 x 844, touch): six queries over six keys of size four fit
// without sideways scrolling, every control is a 44 px target, and taps select a query and turn
// the mask on. In Chinese the widget's words, its live line and its refusals are Chinese around
// the same numbers. A bad attribute is explained in place, in English and in Chinese.
import { readFileSync } from 'node:fs';
import { AttentionPage, attributesOf, expect, expectAttentionNumbers, test } from './attention-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./attention-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);
const CAUSAL = 'Causal mask: query i sees keys 1 to i only';

test('by keyboard: every control in reading order, a grid one stop, arrows, Enter and Space, typing used or refused', async ({ page, attention }) => {
  await attention.open(AttentionPage.tag({ keys: '5' }));
  await attention.recordChanges();
  const steppers = [
    'One query fewer', 'One query more', 'One key fewer', 'One key more', 'd one smaller', 'd one larger', 'dv one smaller', 'dv one larger',
  ].map((name) => attention.button(name));
  const stops = [
    ...steppers, attention.root.getByRole('checkbox', { name: CAUSAL }),
    attention.fields('query').first(), attention.fields('key').first(), attention.fields('value').first(),
    attention.cell('scores', 1, 1), attention.cell('weights', 1, 1), attention.cell('output', 1, 1),
  ];
  for (const stop of stops) {
    await page.keyboard.press('Tab');
    await expect(stop).toBeFocused();
    const ring = await stop.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(ring, 'a visible focus ring').not.toBe('none');
  }

  // Within the weights grid: Down, Right, then Enter selects query 2; Down and Space query 3.
  await attention.cell('weights', 1, 1).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(attention.cell('weights', 2, 2)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(attention.root).toHaveAttribute('selected', '2');
  await expect(attention.status).toHaveText(/^Query 2 selected\. Query 2 attends most to keys 2, 3, and 5, each with weight 0\.2509; its output is \(/);
  await expect(attention.cell('weights', 2, 5)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(attention.root).toHaveAttribute('selected', '3');
  await expect(attention.written.getByRole('heading', { level: 3 })).toHaveText('Query 3 written out');
  // Tab leaves the grid from the cell last used, to the output grid.
  await page.keyboard.press('Tab');
  await expect(attention.cell('output', 1, 1)).toBeFocused();

  // The causal switch by Space.
  await attention.root.getByRole('checkbox', { name: CAUSAL }).focus();
  await page.keyboard.press('Space');
  await expect(attention.root).toHaveAttribute('causal', 'true');
  await expect(attention.status).toHaveText(/^Causal mask on\. Query 3 attends most to key /);
  await expect(attention.cell('scores', 3, 4)).toHaveText('−∞');

  // Typing: query 1's first number becomes 2, used as soon as it reads; Right moves on from its end.
  const first = attention.fields('query').first();
  await first.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await expect(attention.root).toHaveAttribute('query', '2 0 0 1 1 1');
  await expect(attention.status).toHaveText(/^Query q row 1, column 1 is 2\. Query 3 attends most to key /);
  await page.keyboard.press('ArrowRight');
  await expect(attention.fields('query').nth(1)).toBeFocused();
  // Numbers that are not used are refused in words, and the widget keeps the last.
  await first.fill('1,5');
  await expect(attention.alert).toHaveText('Query q row 1, column 1: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 2.');
  await first.fill('1001');
  await expect(attention.alert).toHaveText('Query q row 1, column 1: every number must be from -1000 to 1000, not 1001. The widget keeps 2.');
  await page.keyboard.press('Tab');
  await expect(first).toHaveValue('2');
  await expect(attention.alert, 'the alert still says why once the focus has moved on').toContainText('The widget keeps 2.');

  // A stepper by Enter; at its limit its button is disabled and the focus goes to its other one.
  await attention.button('One key more').focus();
  await page.keyboard.press('Enter');
  await expect(attention.root).toHaveAttribute('keys', '6');
  await expect(attention.status).toHaveText(/^Keys Lk: 6\. Query 3 attends most to key /);
  await expect(attention.button('One key more')).toBeDisabled();
  await expect(attention.button('One key fewer'), 'the focus stays in the stepper').toBeFocused();
  await expect(attention.fields('key')).toHaveCount(12);
  await expect(attention.fields('value')).toHaveCount(12);

  const changes = await attention.changes();
  expect(changes.map((change) => [change.state.selected, change.state.causal, change.state.query[0], change.state.keys]))
    .toEqual([[2, false, 1, 5], [3, false, 1, 5], [3, true, 1, 5], [3, true, 2, 5], [3, true, 2, 6]]);
  expect(changes.every((change) => change.byUser)).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('six queries over six keys fit, targets are 44 px, and taps select a query and turn the mask on', async ({ page, attention }) => {
    const testCase = named('six by six, d 4, dv 4');
    await attention.open(AttentionPage.tag(attributesOf(testCase.expected.settings)));
    await expectAttentionNumbers(attention, testCase.expected);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
    expect((await attention.root.boundingBox()).width, 'the widget fits the phone').toBeLessThanOrEqual(390);

    for (const target of [attention.button('One query fewer'), attention.button('dv one larger'), attention.root.getByRole('checkbox', { name: CAUSAL }).locator('xpath=..'),
      attention.fields('query').first(), attention.fields('value').last(), attention.cell('scores', 6, 6), attention.cell('weights', 1, 1), attention.cell('output', 6, 4)]) {
      await target.scrollIntoViewIfNeeded();
      const box = await target.boundingBox();
      expect(box.height, 'a 44 px target').toBeGreaterThanOrEqual(44);
      expect(box.width, 'a 44 px target').toBeGreaterThanOrEqual(44);
    }

    await attention.cell('weights', 2, 6).tap();
    await expect(attention.root).toHaveAttribute('selected', '2');
    await attention.root.getByRole('checkbox', { name: CAUSAL }).tap();
    await expect(attention.root).toHaveAttribute('causal', 'true');
    const causal = named('six by six, d 4, dv 4, causal').expected;
    await expectAttentionNumbers(attention, causal);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'still nothing to the side').toBeLessThanOrEqual(0);
  });
});

test('in Chinese the widget shows the same numbers, with its words, live line and refusals in Chinese', async ({ attention }) => {
  const { expected } = named('causal');
  await attention.open(AttentionPage.tag({ lang: 'zh-CN', causal: '' }));
  await expectAttentionNumbers(attention, expected);
  await expect(attention.root.getByRole('heading', { name: '分数、权重和输出', exact: true })).toBeVisible();
  await expect(attention.cell('scores', 1, 2)).toHaveAccessibleName('分数 s 第 1 行第 2 列：负无穷，被遮住');
  await attention.cell('scores', 2, 1).click();
  await expect(attention.status).toHaveText('选中查询 2。查询 2 最关注键 2，权重 0.6698；它的输出是 (0.3302, 0.6698)。');
  expect((await attention.read()).lines[2]).toBe('s₂,₃ = −∞：键 3 在查询 2 之后，所以被掩码遮住');
  await attention.button('增加一个查询').click();
  await expect(attention.status).toHaveText(/^查询数 Lq：4。查询 2 最关注键 /);
  await attention.fields('value').first().fill('2000');
  await expect(attention.alert).toHaveText('值 v 第 1 行第 1 列：每个数都必须在 -1000 到 1000 之间，而不是 2000。组件仍沿用 1。');
  await attention.fields('value').first().fill('2');
  await attention.fields('value').first().press('Enter');
  await expect(attention.status).toHaveText(/^值 v 第 1 行第 1 列改为 2。查询 2 最关注键 /);
  await expect(attention.root, 'no English sentence left').not.toHaveText(/\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b/i);
});

test('a bad attribute is explained in place, quoting it, in English and in Chinese', async ({ attention }) => {
  await attention.open(`${AttentionPage.tag({ key: '1 2 3' })}${AttentionPage.tag({ lang: 'zh-CN', key: '1 2 3' })}`, { wait: false });
  await expect(attention.alert).toHaveText('Attribute key="1 2 3": give 6 numbers (keys 3 × dim 2), not 3.');
  const chinese = new AttentionPage(attention.page, attention.page.locator('attention-widget').nth(1));
  await expect(chinese.alert).toHaveText('属性 key="1 2 3"：请给出 6 个数（keys 3 × dim 2），而不是 3 个。');

  for (const [attributes, english, zh] of [
    [{ 'value-dim': '1', value: '1 2' }, 'Attribute value="1 2": give 3 numbers (keys 3 × value_dim 1), not 2.', '属性 value="1 2"：请给出 3 个数（keys 3 × value_dim 1），而不是 2 个。'],
    [{ queries: '7' }, 'Attribute queries="7": it must be a whole number from 1 to 6.', '属性 queries="7"：它必须是 1 到 6 之间的整数。'],
    [{ dim: '0' }, 'Attribute dim="0": it must be a whole number from 1 to 4.', '属性 dim="0"：它必须是 1 到 4 之间的整数。'],
    [{ query: '1 2 3 4 5 -1e4' }, 'Attribute query="1 2 3 4 5 -1e4": every number must be from -1000 to 1000, not -10000.', '属性 query="1 2 3 4 5 -1e4"：每个数都必须在 -1000 到 1000 之间，而不是 -10000。'],
    [{ selected: '4' }, 'Attribute selected="4": there are 3 queries, so selected must be from 1 to 3, not 4.', '属性 selected="4"：共有 3 个查询，所以 selected 必须在 1 到 3 之间，而不是 4。'],
    [{ causal: 'yes' }, 'Attribute causal="yes": use "true" or "false" (or the attribute with no value, for true).', null],
    [{ value: '1 NaN 0 1 0.5 0.5' }, 'Attribute value="1 NaN 0 1 0.5 0.5": every value must be a finite number.', '属性 value="1 NaN 0 1 0.5 0.5"：每个值都必须是有限的数。'],
  ]) {
    for (const [widget, expected, keep] of [[attention, english, []], [chinese, zh, ['lang']]]) {
      await widget.root.evaluate((element, [given, kept]) => {
        for (const name of element.getAttributeNames()) if (!kept.includes(name)) element.removeAttribute(name);
        for (const [name, value] of Object.entries(given)) element.setAttribute(name, value);
      }, [attributes, keep]);
      if (expected) await expect(widget.alert).toHaveText(expected);
      else await expect(widget.alert).toHaveText(/^属性 causal="yes"：/);
    }
  }
  // A good value again: the numbers come back.
  await attention.root.evaluate((widget) => widget.removeAttribute('value'));
  await expectAttentionNumbers(attention, named('defaults').expected);
});
