// <encoder-widget> by keyboard alone, on a phone, in Chinese, and with a bad attribute.
// Keyboard: Tab reaches every control once in reading order with a focus ring (the steppers,
// the heads, the hidden units, the activation, the norm switch, the seed and "New start", then
// each grid as one stop: the input, each head's weights, the block's seven stages); the arrow
// keys move within a grid, Enter and Space on a computed cell select its token, a typed number
// is used, one that is not is refused in words; the page hears an encoder-widget-change for each
// of the learner's changes. Phone (390 x 844, touch): the largest block fits without sideways
// scrolling (a wide grid scrolls in its own box), every control is a 44 px target, and taps
// select a token and switch the norm order. In Chinese the widget's words, its live line and
// its refusals are Chinese around the same numbers. A bad attribute is explained in place, in
// English and in Chinese.
import { readFileSync } from 'node:fs';
import { attributesOf, EncoderPage, expect, expectEncoderNumbers, test } from './encoder-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./encoder-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);
const NORM_FIRST = 'norm_first: layer norm before each part';

test('by keyboard: every control in reading order, a grid one stop, arrows, Enter and Space, typing used or refused', async ({ page, encoder }) => {
  await encoder.open();
  await encoder.recordChanges();
  const stops = [
    encoder.button('One token fewer'), encoder.button('One token more'), encoder.button('d_model one smaller'), encoder.button('d_model one larger'),
    encoder.choice('Heads nhead'), encoder.field('Hidden units dim_feedforward'), encoder.choice('Activation'),
    encoder.root.getByRole('checkbox', { name: NORM_FIRST }), encoder.field('Seed of the start'), encoder.button('New start'),
    encoder.inputs.first(), encoder.cell('head-1', 1, 1), encoder.cell('head-2', 1, 1),
    ...['attentionOutput', 'residual1', 'norm1', 'hidden', 'feedForward', 'residual2', 'norm2'].map((stage) => encoder.cell(stage, 1, 1)),
  ];
  for (const stop of stops) {
    await page.keyboard.press('Tab');
    await expect(stop).toBeFocused();
    const ring = await stop.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(ring, 'a visible focus ring').not.toBe('none');
  }

  // Within the first sum's grid: Down, Right, then Enter selects token 2; Down and Space token 3.
  await encoder.cell('residual1', 1, 1).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(encoder.cell('residual1', 2, 2)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(encoder.root).toHaveAttribute('selected', '2');
  await expect(encoder.status).toHaveText(/^Token 2 selected\. Token 2's output is \(/);
  // A cell says its place in words: "2,1" may be heard as the decimal 2.1.
  await expect(encoder.cell('head-1', 2, 1), 'a cell names its row and column').toHaveAccessibleName(/^Head 1 weight row 2, column 1: 0\.\d+$/);
  await expect(encoder.cell('norm2', 2, 4)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(encoder.root).toHaveAttribute('selected', '3');
  // Tab leaves the grid from the cell last used, to the next stage.
  await page.keyboard.press('Tab');
  await expect(encoder.cell('norm1', 1, 1)).toBeFocused();

  // The norm switch by Space.
  await encoder.root.getByRole('checkbox', { name: NORM_FIRST }).focus();
  await page.keyboard.press('Space');
  await expect(encoder.root).toHaveAttribute('norm-first', 'true');
  await expect(encoder.status).toHaveText(/^Layer norm before each part\. Token 3's output is /);

  // Typing: the first input number becomes 2, used as soon as it reads; Right moves on from its end.
  const first = encoder.inputs.first();
  await first.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await expect(encoder.root).toHaveAttribute('input', '2 0 0 0 0 1 0 0 0 0 1 0');
  await expect(encoder.status).toHaveText(/^Input x row 1, column 1 is 2\. Token 3's output is /);
  await page.keyboard.press('ArrowRight');
  await expect(encoder.inputs.nth(1)).toBeFocused();
  await first.fill('1,5');
  await expect(encoder.alert).toHaveText('Input x row 1, column 1: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 2.');
  await first.fill('101');
  await expect(encoder.alert).toHaveText('Input x row 1, column 1: every number must be from -100 to 100, not 101. The widget keeps 2.');
  await page.keyboard.press('Tab');
  await expect(first).toHaveValue('2');
  await expect(encoder.alert, 'the alert still says why once the focus has moved on').toContainText('The widget keeps 2.');

  // The hidden units typed: the hidden layer's grid follows.
  const hidden = encoder.field('Hidden units dim_feedforward');
  await hidden.fill('40');
  await expect(encoder.alert).toHaveText('Hidden units dim_feedforward: it must be a whole number from 1 to 32. The widget keeps 8.');
  await hidden.fill('3');
  await hidden.press('Enter');
  await expect(encoder.root).toHaveAttribute('dim-feedforward', '3');
  await expect(encoder.cells('hidden')).toHaveCount(9);

  const changes = await encoder.changes();
  expect(changes.map((change) => [change.state.selected, change.state.normFirst, change.state.input[0], change.state.dimFeedforward]))
    .toEqual([[2, false, 1, 8], [3, false, 1, 8], [3, true, 1, 8], [3, true, 2, 8], [3, true, 2, 3]]);
  expect(changes.every((change) => change.byUser)).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the largest block fits, targets are 44 px, and taps select a token and switch the norm order', async ({ page, encoder }) => {
    const testCase = named('six tokens, d_model 8, four heads, 32 hidden units');
    await encoder.open(EncoderPage.tag(attributesOf(testCase.expected.settings)));
    await expectEncoderNumbers(encoder, testCase.expected);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
    expect((await encoder.root.boundingBox()).width, 'the widget fits the phone').toBeLessThanOrEqual(390);

    for (const target of [encoder.button('One token fewer'), encoder.button('d_model one larger'), encoder.choice('Heads nhead'),
      encoder.field('Hidden units dim_feedforward'), encoder.root.getByRole('checkbox', { name: NORM_FIRST }).locator('xpath=..'),
      encoder.button('New start'), encoder.inputs.first(), encoder.cell('head-4', 6, 6), encoder.cell('hidden', 1, 1), encoder.cell('norm2', 6, 8)]) {
      await target.scrollIntoViewIfNeeded();
      const box = await target.boundingBox();
      expect(box.height, 'a 44 px target').toBeGreaterThanOrEqual(44);
      expect(box.width, 'a 44 px target').toBeGreaterThanOrEqual(44);
    }

    await encoder.cell('residual1', 2, 1).tap();
    await expect(encoder.root).toHaveAttribute('selected', '2');
    await encoder.root.getByRole('checkbox', { name: NORM_FIRST }).tap();
    await encoder.choice('Activation').selectOption('gelu');
    await expectEncoderNumbers(encoder, named('six tokens, d_model 8, norm_first, gelu').expected);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'still nothing to the side').toBeLessThanOrEqual(0);
  });
});

test('in Chinese the widget shows the same numbers, with its words, live line and refusals in Chinese', async ({ encoder }) => {
  const { expected } = named('norm_first');
  await encoder.open(EncoderPage.tag({ lang: 'zh-CN', 'norm-first': '' }));
  await expectEncoderNumbers(encoder, expected);
  await expect(encoder.root.getByRole('heading', { name: '逐级看编码器块', exact: true })).toBeVisible();
  expect((await encoder.read()).captions[0]).toBe('1. x 的层归一化 1，3 × 4');
  await encoder.cell('norm1', 2, 1).click();
  await expect(encoder.status).toHaveText(/^选中词元 2。词元 2 的输出是 \(/);
  await expect(encoder.cell('head-1', 2, 1), 'a cell names its row and column in Chinese').toHaveAccessibleName(/^头 1 的权重，第 2 行第 1 列：0\.\d+$/);
  await encoder.button('增加一个词元').click();
  await expect(encoder.status).toHaveText(/^词元数 L：4。词元 2 的输出是 /);
  await encoder.inputs.first().fill('200');
  await expect(encoder.alert).toHaveText('输入 x 第 1 行第 1 列：每个数都必须在 -100 到 100 之间，而不是 200。组件仍沿用 1。');
  await encoder.button('换一组初始值').click();
  await expect(encoder.status).toHaveText(/^换了一组初始值，种子 1。词元 2 的输出是 /);
  await expect(encoder.root, 'no English sentence left').not.toHaveText(/\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b/i);
});

test('a bad attribute is explained in place, quoting it, in English and in Chinese', async ({ encoder }) => {
  await encoder.open(`${EncoderPage.tag({ input: '1 2 3' })}${EncoderPage.tag({ lang: 'zh-CN', input: '1 2 3' })}`, { wait: false });
  await expect(encoder.alert).toHaveText('Attribute input="1 2 3": give 12 numbers (tokens 3 × d_model 4), not 3.');
  const chinese = new EncoderPage(encoder.page, encoder.page.locator('encoder-widget').nth(1));
  await expect(chinese.alert).toHaveText('属性 input="1 2 3"：请给出 12 个数（tokens 3 × d_model 4），而不是 3 个。');

  for (const [attributes, english, zh] of [
    [{ nhead: '3' }, 'Attribute nhead="3": nhead must be 1, 2 or 4, not 3.', '属性 nhead="3"：nhead 必须是 1、2 或 4，而不是 3。'],
    [{ 'd-model': '6', nhead: '4' }, 'Attribute nhead="4": nhead 4 must divide d_model 6: each head takes d_model / nhead features.',
      '属性 nhead="4"：nhead 4 必须整除 d_model 6：每个头分到 d_model / nhead 个特征。'],
    [{ tokens: '7' }, 'Attribute tokens="7": it must be a whole number from 1 to 6.', '属性 tokens="7"：它必须是 1 到 6 之间的整数。'],
    [{ input: '1 2 3 4 5 6 7 8 9 10 11 -1e3' }, 'Attribute input="1 2 3 4 5 6 7 8 9 10 11 -1e3": every number must be from -100 to 100, not -1000.',
      '属性 input="1 2 3 4 5 6 7 8 9 10 11 -1e3"：每个数都必须在 -100 到 100 之间，而不是 -1000。'],
    [{ selected: '4' }, 'Attribute selected="4": there are 3 tokens, so selected must be from 1 to 3, not 4.', '属性 selected="4"：共有 3 个词元，所以 selected 必须在 1 到 3 之间，而不是 4。'],
    [{ activation: 'tanh' }, 'Attribute activation="tanh": use "relu" or "gelu".', null],
  ]) {
    for (const [widget, expected, keep] of [[encoder, english, []], [chinese, zh, ['lang']]]) {
      await widget.root.evaluate((element, [given, kept]) => {
        for (const name of element.getAttributeNames()) if (!kept.includes(name)) element.removeAttribute(name);
        for (const [name, value] of Object.entries(given)) element.setAttribute(name, value);
      }, [attributes, keep]);
      if (expected) await expect(widget.alert).toHaveText(expected);
      else await expect(widget.alert).toHaveText(/^属性 activation="tanh"：/);
    }
  }
  // A good value again: the numbers come back.
  await encoder.root.evaluate((widget) => widget.removeAttribute('activation'));
  await expectEncoderNumbers(encoder, named('defaults').expected);
});
