// <linear-widget> by keyboard alone, on a phone, and with a bad attribute. Keyboard: Tab reaches
// each grid once (X, W, b, Y, then G, ∂L/∂x, ∂L/∂W, ∂L/∂b), the arrow keys move inside one, Enter
// and Space select a computed cell, a typed number is used, and the focus ring shows; the page
// hears a linear-widget-change for each of the learner's changes. Phone (390 x 844, touch): the
// largest layer fits without sideways scrolling of the page, every field and cell is a 44 px
// target, and a tap selects a cell. A bad attribute is explained in place, in English and in
// Chinese.
import { readFileSync } from 'node:fs';
import { attributesOf, expect, expectPyTorchNumbers, LinearPage, test } from './linear-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./linear-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);

test('by keyboard: one Tab stop per grid, arrows within it, Enter and Space select, and typing is used', async ({ page, linear }) => {
  await linear.open();
  await linear.recordChanges();
  const stops = [
    linear.root.getByRole('textbox', { name: 'Input x row 1, column 1' }), linear.root.getByRole('textbox', { name: 'Weight w row 1, column 1' }),
    linear.root.getByRole('textbox', { name: 'Bias b 1' }), linear.root.getByRole('button', { name: 'Output y row 1, column 1: −3' }),
    linear.root.getByRole('textbox', { name: 'Upstream gradient g row 1, column 1' }), linear.root.getByRole('button', { name: 'Gradient ∂L/∂x row 1, column 1: 1.5' }),
    linear.root.getByRole('button', { name: 'Gradient ∂L/∂w row 1, column 1: 1.5' }), linear.root.getByRole('button', { name: 'Gradient ∂L/∂b 1: 2' }),
  ];
  for (const stop of stops) {
    await page.keyboard.press('Tab');
    await expect(stop).toBeFocused();
    const ring = await stop.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(ring, 'a visible focus ring').not.toBe('none');
  }

  // ∂L/∂W's grid: Down, then Right, to w 2,2; Enter selects it.
  await linear.cell('grad_weight', 1, 1).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(linear.cell('grad_weight', 2, 2)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(linear.cell('grad_weight', 2, 2)).toHaveAttribute('aria-pressed', 'true');
  await expect(linear.sum).toHaveText('∂L/∂w₂,₂ = g₁,₂ × x₁,₂ + g₂,₂ × x₂,₂ = 1 × 2 + 1 × (−2) = 0');
  await expect(linear.status).toHaveText('Selected ∂L/∂w row 2, column 2, which is 0.');
  // Space on ∂L/∂x 2,3 (End goes to the grid's last cell).
  await linear.cell('grad_input', 1, 1).focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Space');
  await expect(linear.root).toHaveAttribute('selected', 'grad_input 2,3');
  await expect(linear.sum).toHaveText('∂L/∂x₂,₃ = g₂,₁ × w₁,₃ + g₂,₂ × w₂,₃ = 1 × 2 + 1 × (−0.5) = 1.5');

  // Typing: x 2,1 (Down from x 1,1) becomes 1.5; the sum of y 2,1 uses it.
  await linear.root.getByRole('textbox', { name: 'Input x row 1, column 1' }).focus();
  await page.keyboard.press('ArrowDown');
  const field = linear.root.getByRole('textbox', { name: 'Input x row 2, column 1' });
  await expect(field).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1.5');
  await page.keyboard.press('Enter');
  await expect(linear.root).toHaveAttribute('input', '1 2 -1 1.5 -2 3');
  await linear.cell('output', 2, 1).focus();
  await page.keyboard.press('Enter');
  await expect(linear.sum).toHaveText('y₂,₁ = x₂,₁ × w₁,₁ + x₂,₂ × w₁,₂ + x₂,₃ × w₁,₃ + b₁ = 1.5 × 0.5 + (−2) × (−1) + 3 × 2 + 0.5 = 9.25');
  // A number that is not one is refused in words, and the widget keeps the last.
  await field.fill('1,5');
  await expect(linear.alert).toHaveText('Input x row 2, column 1: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 1.5.');
  await page.keyboard.press('Tab');
  await expect(field).toHaveValue('1.5');

  const changes = await linear.changes();
  expect(changes.map((change) => change.state.selected)).toEqual(['grad_weight 2,2', 'grad_input 2,3', 'grad_input 2,3', 'output 2,1']);
  expect(changes.every((change) => change.byUser)).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the largest layer fits, its targets are 44 px, and a tap selects a cell', async ({ page, linear }) => {
    const testCase = named('four by four by four');
    await linear.open(LinearPage.tag(attributesOf(testCase.expected.settings)));
    await expectPyTorchNumbers(linear, testCase.expected);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
    expect((await linear.root.boundingBox()).width, 'the widget fits the phone').toBeLessThanOrEqual(390);
    for (const target of [linear.fields('input').first(), linear.fields('weight').last(), linear.fields('bias').first(), linear.fields('gradOutput').last(),
      linear.cell('output', 4, 4), linear.cell('grad_input', 1, 1), linear.cell('grad_weight', 4, 4), linear.cell('grad_bias', 1, 4)]) {
      await target.scrollIntoViewIfNeeded();
      const box = await target.boundingBox();
      expect(box.height, 'a 44 px target').toBeGreaterThanOrEqual(44);
      expect(box.width, 'a 44 px target').toBeGreaterThanOrEqual(44);
    }
    await linear.cell('grad_bias', 1, 3).tap();
    await expect(linear.cell('grad_bias', 1, 3)).toHaveAttribute('aria-pressed', 'true');
    await expect(linear.sum).toHaveText('∂L/∂b₃ = g₁,₃ + g₂,₃ + g₃,₃ + g₄,₃ = 0.5 + (−2) + (−1) + 1 = −1.5');
    expect(await linear.highlighted()).toEqual({ input: [], weight: [], bias: [], gradOutput: [2, 6, 10, 14] });
  });
});

test('a bad attribute is explained in place, quoting it, in English and in Chinese', async ({ linear }) => {
  await linear.open(`${LinearPage.tag({ input: '1 2' })}${LinearPage.tag({ lang: 'zh-CN', input: '1 2' })}`, { wait: false });
  await expect(linear.alert).toHaveText('Attribute input="1 2": give 6 numbers (batch 2 × in_features 3), not 2.');
  const chinese = new LinearPage(linear.page, linear.page.locator('linear-widget').nth(1));
  await expect(chinese.alert).toHaveText('属性 input="1 2"：请给出 6 个数（batch 2 × in_features 3），而不是 2 个。');

  for (const [attributes, english, zh] of [
    [{ batch: '5' }, 'Attribute batch="5": it must be a whole number from 1 to 4.', null],
    [{ selected: 'y 1,1' }, 'Attribute selected="y 1,1": use output R,C, grad_input R,C, grad_weight R,C or grad_bias C (rows and columns from 1).',
      '属性 selected="y 1,1"：请用 output R,C、grad_input R,C、grad_weight R,C 或 grad_bias C（行和列从 1 数起）。'],
    [{ selected: 'grad_weight 3,1' }, 'Attribute selected="grad_weight 3,1": grad_weight is 2 × 3, so "grad_weight 3,1" names no cell of it (rows and columns from 1).',
      '属性 selected="grad_weight 3,1"：grad_weight 是 2 × 3，所以 "grad_weight 3,1" 不是它的格子（行和列从 1 数起）。'],
    [{ bias: 'null', selected: 'grad_bias 1' }, 'Attribute selected="grad_bias 1": the layer has no bias (bias is null), so there is no grad_bias.',
      '属性 selected="grad_bias 1"：这一层没有偏置（bias 为 null），所以没有 grad_bias。'],
    [{ weight: '1 2 3 4 5 1e39' }, 'Attribute weight="1 2 3 4 5 1e39": 1e39 is beyond the largest number the core computes with (float32, about 3.4e38).', null],
    [{ 'grad-output': '1 2 3' }, 'Attribute grad-output="1 2 3": give "ones" or 4 numbers (batch 2 × out_features 2), not 3.',
      '属性 grad-output="1 2 3"：请给出 "ones" 或 4 个数（batch 2 × out_features 2），而不是 3 个。'],
    [{ 'out-features': '3' , bias: '1 2' }, 'Attribute bias="1 2": give 3 numbers (one per output feature) or null, not 2.',
      '属性 bias="1 2"：请给出 3 个数（每个输出特征一个）或 null，而不是 2 个。'],
  ]) {
    await linear.root.evaluate((widget, given) => {
      for (const name of widget.getAttributeNames()) widget.removeAttribute(name);
      for (const [name, value] of Object.entries(given)) widget.setAttribute(name, value);
    }, attributes);
    await expect(linear.alert).toHaveText(english);
    if (!zh) continue;
    await chinese.root.evaluate((widget, given) => {
      for (const name of widget.getAttributeNames()) if (name !== 'lang') widget.removeAttribute(name);
      for (const [name, value] of Object.entries(given)) widget.setAttribute(name, value);
    }, attributes);
    await expect(chinese.alert).toHaveText(zh);
  }
  // A good value again: the numbers come back.
  await linear.root.evaluate((widget) => widget.removeAttribute('bias'));
  await expect(linear.cell('output', 1, 3)).toHaveText('-3');
});
