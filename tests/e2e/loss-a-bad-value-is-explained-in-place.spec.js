// A value the widget cannot use is explained where the learner is looking, in English and in
// Chinese: "1,5" typed into a field is refused (never read as 15) and the number in use stays;
// a delta the core refuses and too many points are explained in the widget's place.
import { expect, LossPage, test } from './loss-page.js';

test('a decimal comma typed into a field is refused in words, and the old number stays', async ({ loss }) => {
  await loss.open(LossPage.tag({ predictions: '3 1 4', targets: '2 1.5 1' }));
  const field = loss.field('Target 1');
  await field.fill('1,5');
  await expect(loss.alert).toContainText('"1,5" has a decimal comma: write 1.5, with a point');
  await expect(loss.alert).toContainText('2');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect((await loss.numbers()).gaps[0], 'the gap still uses target 2').toBe(1);
  await field.fill('1e40');
  await expect(loss.alert).toContainText('beyond the largest number the core computes with');
  await field.fill('1.5');
  await expect(loss.alert).toHaveCount(0);
  expect((await loss.numbers()).gaps[0]).toBe(1.5);
});

test('a bad attribute is explained in place: delta the core refuses, too many points, in English and Chinese', async ({ loss, page }) => {
  await loss.open(LossPage.tag({ loss: 'huber', delta: '0' }), { wait: false });
  await expect(loss.alert).toHaveText('Attribute delta="0": delta must be positive, got 0');
  await loss.open(LossPage.tag({ predictions: '1 2 3 4 5 6 7 8 9', targets: '0 0 0 0 0 0 0 0 0' }), { wait: false });
  await expect(loss.alert).toHaveText('Attribute predictions="1 2 3 4 5 6 7 8 9": give 1 to 8 predictions, not 9.');
  await loss.open(LossPage.tag({ lang: 'zh-CN', loss: 'huber', delta: '-1' }), { wait: false });
  await expect(loss.alert).toHaveText('属性 delta="-1"：delta 必须是正数，实际为 -1');
  await loss.open(LossPage.tag({ lang: 'zh-CN', predictions: '1 2 3', targets: '0 0' }), { wait: false });
  await expect(loss.alert).toContainText('每个预测值要对应一个目标值：应为 3 个，而不是 2 个。');
  await loss.open(LossPage.tag({ lang: 'zh-CN' }), { wait: false });
  await expect(loss.handle(1, '坐标轴上的第 {number} 个预测值')).toBeVisible();
  await loss.field('第 1 个目标值').fill('1,5');
  await expect(loss.alert).toContainText('1,5');
  await expect(loss.alert).toContainText('组件仍沿用 3。');
  await loss.field('第 1 个目标值').press('Tab');
  await expect(loss.field('第 1 个目标值'), 'leaving the field puts back the number in use').toHaveValue('3');
  await expect(loss.alert, 'and the alert still says why').toContainText('组件仍沿用 3。');

  // The Chinese live sentence after a keyboard move, around the core's numbers.
  await loss.handle(1, '坐标轴上的第 {number} 个预测值').focus();
  await page.keyboard.press('ArrowRight');
  await expect(loss.status).toContainText('第 1 个预测值移到 2.6。损失 0.1367。梯度：');
});
