// The Chinese lesson page shows the same numbers as PyTorch's, with Chinese accessible names,
// a Chinese live sentence after a training step, a refusal read in Chinese, and axe in both schemes.
import { readFileSync } from 'node:fs';
import { SCANNED_SCHEMES, expectNoAxeViolations } from './fixtures.js';
import { BatchnormPage, expect, expectPyTorchNumbers, test } from './batchnorm-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./batchnorm-expected.json', import.meta.url), 'utf8'));
const lesson = cases.find((candidate) => candidate.url === '/lessons/pictures/batch-normalisation/');

test('the Chinese lesson shows PyTorch\'s numbers, Chinese names and a Chinese live sentence', async ({ page }) => {
  // axe reads the whole lesson.
  test.setTimeout(120_000);
  await page.goto(`/zh${lesson.url}`);
  const batchnorm = new BatchnormPage(page);
  await expect(batchnorm.channel(1, '通道 1'), 'the channel cards are named in Chinese').toBeVisible();
  await expectPyTorchNumbers(batchnorm, lesson.expected, '通道 {c}');

  await expect(batchnorm.root.getByRole('combobox', { name: '模式' })).toHaveValue('train');
  await expect(batchnorm.root.getByRole('textbox', { name: '通道 2 的 γ（权重 weight）' })).toHaveValue('1');
  await expect(batchnorm.root.getByRole('table', { name: '归一化后的 x̂，通道 2，样本 1' }).getByRole('cell').first()).toHaveText('-1.4142');

  await batchnorm.root.getByRole('button', { name: '训练一步' }).click();
  await expect(batchnorm.root.getByRole('status')).toHaveText(
    '第 1 个训练步。训练（model.train()），已训练 1 步；通道 1：均值 1，方差 0.5，滑动平均 0.1，滑动方差 0.9571；通道 2：均值 1000，方差 50，滑动平均 100，滑动方差 6.6143。');
  await expect(batchnorm.channel(2, '通道 2').locator('dl.running dd').first()).toHaveText('100 → 190');

  await batchnorm.root.getByRole('textbox', { name: '动量 momentum' }).fill('1,5');
  await expect(batchnorm.alert).toContainText('1.5');
  await expect(batchnorm.alert).not.toHaveText(/decimal comma|The widget keeps/);
  for (const colorScheme of SCANNED_SCHEMES.Chinese) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, `the Chinese lesson, ${colorScheme} scheme`);
  }
});
