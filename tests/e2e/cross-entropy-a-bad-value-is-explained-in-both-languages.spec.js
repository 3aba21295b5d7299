// A bad attribute or typed value is explained in place, in English and in Chinese, and the
// Chinese widget's names and live sentence are Chinese around the same numbers.
import { CrossEntropyPage, expect, test } from './cross-entropy-page.js';

const BAD_ATTRIBUTES = [
  ['logits', '1 2', 'Attribute logits="1 2": give 3 to 8 logits, not 2.', '属性 logits="1 2"：请给出 3 到 8 个 logit，而不是 2 个。'],
  ['target', '4', 'Attribute target="4": the true class must be one of 0 to 2 (there are 3 logits), not 4.', '属性 target="4"：正确类别必须是 0 到 2 之一（共有 3 个 logit），而不是 4。'],
  ['label-smoothing', '1,5', 'Attribute label-smoothing="1,5": "1,5" has a decimal comma: write 1.5, with a point.', '属性 label-smoothing="1,5"："1,5" 用逗号作了小数点：请写成 1.5，用小数点。'],
  ['label-smoothing', '2', 'Attribute label-smoothing="2": label smoothing must be from 0 to 1, not 2.', '属性 label-smoothing="2"：标签平滑必须在 0 到 1 之间，而不是 2。'],
];

for (const [lang, column] of [['en', 2], ['zh-CN', 3]]) {
  test(`a bad attribute is explained in place (${lang})`, async ({ crossEntropy, page }) => {
    await crossEntropy.open(`<div lang="${lang}">${CrossEntropyPage.tag()}</div>`);
    for (const row of BAD_ATTRIBUTES) {
      const [attribute, value] = row;
      await crossEntropy.root.evaluate((element, [name, text]) => element.setAttribute(name, text), [attribute, value]);
      await expect(crossEntropy.alert, `${attribute}="${value}"`).toHaveText(row[column]);
      await crossEntropy.root.evaluate((element, name) => element.removeAttribute(name), attribute);
      await expect(crossEntropy.slider).toBeVisible();
    }
  });
}

test('a typed "0,1" is refused in words, never read as 1; the Chinese widget speaks Chinese', async ({ crossEntropy, page }) => {
  await crossEntropy.open(`<div lang="zh-CN">${CrossEntropyPage.tag()}</div>`);
  const field = crossEntropy.field('标签平滑 ε');
  await field.fill('0,1');
  await expect(crossEntropy.alert).toHaveText('标签平滑 ε："0,1" 用逗号作了小数点：请写成 0.1，用小数点。组件仍沿用 0。');
  await field.fill('0.1');
  await field.press('Enter');
  await expect(crossEntropy.status).toHaveText('标签平滑 ε 改为 0.1。损失 0.5137；正确类别 0 的概率为 0.659。');
  await expect(crossEntropy.root.getByRole('button', { name: '类别 0：概率 0.659，正确类别' })).toBeVisible();
  await expect(crossEntropy.root.getByRole('slider', { name: '标签平滑 ε' })).toHaveAttribute('aria-valuetext', 'ε = 0.1');
  await expect(page.locator('body')).not.toContainText('The true class');
});
