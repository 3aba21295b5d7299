// Every number <linear-widget> shows is PyTorch's (tests/e2e/linear-expected.json, written by
// tests/e2e/linear-expected.py with F.linear and autograd): each case's fields and computed
// cells, as the widget formats them; numbers typed into G; each kind of selected cell writing
// out its sum over the numbers that enter it, highlighted; and the lessons in English and in
// Chinese, whose pages also pass axe in both schemes.
import { readFileSync } from 'node:fs';
import { SCANNED_SCHEMES, expectNoAxeViolations, expectNoAxeViolationsInBothSchemes } from './fixtures.js';
import { attributesOf, expect, expectPyTorchNumbers, LinearPage, test } from './linear-page.js';
import { checkCasesSideBySide, otherScheme, pinScheme } from './settings-widget-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./linear-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);

test('shows PyTorch\'s numbers in every case', ({ page }) => checkCasesSideBySide(page, LinearPage, cases.filter((candidate) => !candidate.url),
  (testCase) => attributesOf(testCase.expected.settings), (linear, testCase) => expectPyTorchNumbers(linear, testCase.expected)));

test('numbers typed into G are used at once, and give PyTorch\'s gradients', async ({ page, linear }) => {
  const target = named('an upstream gradient with negatives');
  // The page's clock stands while the learner types, so the three numbers come within one pause.
  await page.clock.install();
  await linear.open();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await linear.recordChanges();
  const fields = linear.fields('gradOutput');
  for (const [i, value] of target.expected.settings.gradOutput.entries()) {
    await fields.nth(i).fill(String(value));
    await fields.nth(i).press('Enter');
  }
  await expectPyTorchNumbers(linear, target.expected);
  await expect(linear.root).toHaveAttribute('grad-output', '1 -2 -0.5 3');
  await page.clock.runFor(1000);
  // Typed one after another, the three gradients are said once, counting what they changed
  // since the sentence before: g 1,2, g 2,1 and g 2,2 reach both rows of ∂L/∂x (G W) and of
  // ∂L/∂W (Gᵀ X), and both of b's gradients; never Y.
  await expect(linear.status).toHaveText('Upstream gradient g row 2, column 2 is 3. Changed: 6 cells of ∂L/∂x, 6 cells of ∂L/∂W, and 2 cells of ∂L/∂b. The selected cell, output y row 1, column 1, is −3.');
  const changes = await linear.changes();
  // g 1,1 was 1 already: typing 1 there changes nothing, and says nothing.
  expect(changes, 'one change event per number that changed, each by the learner').toHaveLength(3);
  expect(changes.every((change) => change.byUser)).toBe(true);
  expect(changes[2].state.gradOutput).toEqual([1, -2, -0.5, 3]);
});

// Each kind of computed cell: its sum as written, the fields that enter it (flat indices per
// setting) and PyTorch's number it ends on (the default layer).
const SELECTIONS = [
  ['output', 1, 1, 'y₁,₁ = x₁,₁ × w₁,₁ + x₁,₂ × w₁,₂ + x₁,₃ × w₁,₃ + b₁ = 1 × 0.5 + 2 × (−1) + (−1) × 2 + 0.5 = −3',
    { input: [0, 1, 2], weight: [0, 1, 2], bias: [0], gradOutput: [] }, 'output', 0],
  ['output', 2, 2, 'y₂,₂ = x₂,₁ × w₂,₁ + x₂,₂ × w₂,₂ + x₂,₃ × w₂,₃ + b₂ = 0.5 × 1 + (−2) × 0.25 + 3 × (−0.5) + (−1) = −2.5',
    { input: [3, 4, 5], weight: [3, 4, 5], bias: [1], gradOutput: [] }, 'output', 3],
  ['grad_input', 2, 1, '∂L/∂x₂,₁ = g₂,₁ × w₁,₁ + g₂,₂ × w₂,₁ = 1 × 0.5 + 1 × 1 = 1.5',
    { input: [], weight: [0, 3], bias: [], gradOutput: [2, 3] }, 'gradInput', 3],
  ['grad_weight', 1, 2, '∂L/∂w₁,₂ = g₁,₁ × x₁,₂ + g₂,₁ × x₂,₂ = 1 × 2 + 1 × (−2) = 0',
    { input: [1, 4], weight: [], bias: [], gradOutput: [0, 2] }, 'gradWeight', 1],
  ['grad_bias', 1, 2, '∂L/∂b₂ = g₁,₂ + g₂,₂ = 1 + 1 = 2',
    { input: [], weight: [], bias: [], gradOutput: [1, 3] }, 'gradBias', 1],
];

test('selecting a cell highlights what enters it and writes out its sum with the core\'s result', async ({ linear }) => {
  const { expected } = named('defaults');
  await linear.open();
  await linear.recordChanges();
  await expect(linear.cell('output', 1, 1), 'output 1,1 is selected at first').toHaveAttribute('aria-pressed', 'true');
  for (const [grid, row, column, sum, highlighted, key, index] of SELECTIONS) {
    await linear.cell(grid, row, column).click();
    await expect(linear.cell(grid, row, column), `${grid} ${row},${column} is pressed`).toHaveAttribute('aria-pressed', 'true');
    await expect(linear.root.locator('button[aria-pressed="true"]'), 'and only it').toHaveCount(1);
    await expect(linear.sum).toHaveText(sum);
    expect(sum.endsWith(`= ${String(expected[key][index]).replace('-', '−')}`), `${grid} ends on PyTorch's ${expected[key][index]}`).toBe(true);
    expect(await linear.highlighted(), `the cells that enter ${grid} ${row},${column}`).toEqual(highlighted);
  }
  await expect(linear.root).toHaveAttribute('selected', 'grad_bias 2');
  const changes = await linear.changes();
  // output 1,1 was selected already: selecting it again changes nothing.
  expect(changes.map((change) => change.state.selected)).toEqual(['output 2,2', 'grad_input 2,1', 'grad_weight 1,2', 'grad_bias 2']);
  await linear.root.evaluate((widget) => widget.setState({ selected: 'grad_weight 2,3' }));
  await expect(linear.sum).toHaveText('∂L/∂w₂,₃ = g₁,₂ × x₁,₃ + g₂,₂ × x₂,₃ = 1 × (−1) + 1 × 3 = 2');
  expect(await linear.changes(), 'setState fires no event').toHaveLength(4);
});

test('without a bias, y has no b term and there is no ∂L/∂b; getState and setState keep bias null', async ({ linear }) => {
  await linear.open(LinearPage.tag({ bias: 'null' }));
  await expect(linear.sum).toHaveText('y₁,₁ = x₁,₁ × w₁,₁ + x₁,₂ × w₁,₂ + x₁,₃ × w₁,₃ = 1 × 0.5 + 2 × (−1) + (−1) × 2 = −3.5');
  expect(await linear.root.evaluate((widget) => widget.getState().bias)).toBeNull();
  await linear.root.evaluate((widget) => widget.setState({ bias: [1, 2] }));
  await expect(linear.cell('grad_bias', 1, 1)).toBeVisible();
  await expect(linear.cell('output', 1, 1)).toHaveText('-2.5');
  await linear.root.evaluate((widget) => widget.setState({ bias: null }));
  await expect(linear.root).toHaveAttribute('bias', 'null');
  await expect(linear.cell('grad_bias', 1, 1)).toBeHidden();
});

const lessons = cases.filter((testCase) => testCase.url);

for (const lesson of lessons) {
  for (const [language, url] of [['English', lesson.url], ['Chinese', `/zh${lesson.url}`]]) {
    test(`${url} (${language}) shows PyTorch's numbers and passes axe (${SCANNED_SCHEMES[language].join(' and ')})`, async ({ page, linear }) => {
      // axe reads the whole lesson once per scheme.
      test.setTimeout(120_000);
      await page.goto(url);
      await expect(linear.drawn, 'the lesson\'s widget draws').toBeVisible();
      await expectPyTorchNumbers(linear, lesson.expected);
      for (const colorScheme of SCANNED_SCHEMES[language]) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `${url}, ${colorScheme} scheme`);
      }
    });
  }
}

test('the widget passes axe in the light and dark schemes, with a selection, no bias and a refused value', async ({ page, linear }) => {
  // axe reads the two widgets once per scheme.
  test.setTimeout(180_000);
  await linear.open(LinearPage.tag({ selected: 'grad_weight 1,2' })
    + LinearPage.tag({ 'color-scheme': 'dark', bias: 'null', batch: '4', 'in-features': '4', 'out-features': '4' }));
  await linear.fields('weight').first().fill('1,5');
  await expect(linear.alert).toBeVisible();
  // Each scan covers both layers, the refusal and every other field as it stood, the second
  // pinned to the scheme the page is not in (dark for the first scan, the light page's).
  const second = page.locator(LinearPage.TAG).last();
  await expectNoAxeViolationsInBothSchemes(page, 'two layers and a refused value', { beforeScan: (scheme) => pinScheme(second, otherScheme(scheme)) });
});

test('in Chinese the widget shows the same numbers and sums, keeping the learner\'s selection', async ({ linear }) => {
  const { expected } = named('defaults');
  await linear.open();
  await linear.cell('grad_weight', 1, 2).click();
  await linear.root.evaluate((widget) => widget.setAttribute('lang', 'zh-CN'));
  await expect(linear.root.getByRole('heading', { name: '前向传播：y = x Wᵀ + b' })).toBeVisible();
  await expect(linear.root.getByRole('button', { name: '梯度 ∂L/∂w 第 1 行第 2 列：0' })).toHaveAttribute('aria-pressed', 'true');
  await expectPyTorchNumbers(linear, expected);
  await expect(linear.sum).toHaveText('∂L/∂w₁,₂ = g₁,₁ × x₁,₂ + g₂,₁ × x₂,₂ = 1 × 2 + 1 × (−2) = 0');
  await linear.root.getByRole('textbox', { name: '输入 x 第 1 行第 2 列' }).fill('4');
  await linear.root.getByRole('textbox', { name: '输入 x 第 1 行第 2 列' }).press('Enter');
  // x 1,2 enters row 1 of Y and column 2 of ∂L/∂W.
  await expect(linear.status).toHaveText('输入 x 第 1 行第 2 列改为 4。有变化的是：Y 的 2 个格子和∂L/∂W 的 2 个格子。选中的格子（∂L/∂w 第 1 行第 2 列）为 2。');
  await expect(linear.sum).toHaveText('∂L/∂w₁,₂ = g₁,₁ × x₁,₂ + g₂,₁ × x₂,₂ = 1 × 4 + 1 × (−2) = 2');
});
