// On the Chinese lesson page the widget's names and live sentence are Chinese, with the same
// numbers as PyTorch's.
import { EXPECTED, expect, expectPyTorchNumbers, SoftmaxPage, test } from './softmax-page.js';

const ENGLISH_WORDS = /\b(Scores|Probabilities|Temperature|class \d|Class \d|The backward pass|Add a score|must be|Attribute)\b/;

test('the Chinese lesson\'s widget speaks Chinese around PyTorch\'s numbers', async ({ page }) => {
  const lesson = EXPECTED.cases.find((testCase) => testCase.url === '/lessons/a-layer/softmax/');
  await page.goto(`/zh${lesson.url}`);
  const softmax = new SoftmaxPage(page);
  await expect(softmax.root.getByRole('slider', { name: '温度 T（对数刻度）' })).toBeVisible();
  await expectPyTorchNumbers(softmax, lesson.expected);
  await expect(softmax.root.getByRole('heading', { name: '概率' })).toBeVisible();
  await expect(softmax.root.getByRole('button', { name: '类别 0：概率 0.659，反向传播显示的就是它' })).toHaveAttribute('aria-pressed', 'true');
  await expect(softmax.root.getByRole('combobox', { name: '对哪个类别的概率求梯度' })).toHaveValue('0');
  await softmax.field('x1，类别 1 的分数').fill('1000');
  await softmax.field('x1，类别 1 的分数').press('Enter');
  await expect(softmax.status).toHaveText('x1，类别 1 的分数改为 1000。概率为 0, 1, 0；类别 1 最可能，概率 1（T = 1）。p0 的梯度为 0, 0, 0。');
  await softmax.root.getByRole('button', { name: /^类别 2：/ }).click();
  await expect(softmax.status).toContainText('显示类别 2 的反向传播。');
  await expect(softmax.root.locator('.body')).not.toHaveText(ENGLISH_WORDS);
});
