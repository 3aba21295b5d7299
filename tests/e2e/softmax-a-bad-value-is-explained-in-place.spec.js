import { expect, SoftmaxPage, test } from './softmax-page.js';

// One bad value per attribute, and the message the widget shows in its place, in English and
// in Chinese.
const BAD_ATTRIBUTES = [
  ['scores', '1 2', 'Attribute scores="1 2": give 3 to 8 scores, not 2.', '属性 scores="1 2"：请给出 3 到 8 个分数，而不是 2 个。'],
  ['scores', '1 2 x', 'Attribute scores="1 2 x": "x" is not a number.', '属性 scores="1 2 x"："x" 不是一个数。'],
  ['scores', '1 2 1e40', 'Attribute scores="1 2 1e40": 1e40 is beyond the largest number the core computes with (float32, about 3.4e38).',
    '属性 scores="1 2 1e40"：1e40 超出了核心能计算的最大数（float32，约 3.4e38）。'],
  ['temperature', '1,5', 'Attribute temperature="1,5": "1,5" has a decimal comma: write 1.5, with a point.',
    '属性 temperature="1,5"："1,5" 用逗号作了小数点：请写成 1.5，用小数点。'],
  ['temperature', '0', 'Attribute temperature="0": the temperature must be from 0.01 to 100, not 0.', '属性 temperature="0"：温度必须在 0.01 到 100 之间，而不是 0。'],
  ['grad-class', '5', 'Attribute grad-class="5": the class must be one of 0 to 2 (there are 3 scores), not 5.',
    '属性 grad-class="5"：类别必须是 0 到 2 之一（共有 3 个分数），而不是 5。'],
];

for (const [lang, column] of [['en', 2], ['zh-CN', 3]]) {
  test(`a bad attribute is explained in place (${lang}), and the widget beside it keeps working`, async ({ softmax, page }) => {
    await softmax.open(`<div lang="${lang}"><section aria-label="Broken">${SoftmaxPage.tag({ temperature: '-1' })}</section>
      <section aria-label="Working">${SoftmaxPage.tag()}</section></div>`, { wait: false });
    const broken = page.getByRole('region', { name: 'Broken' });
    const working = page.getByRole('region', { name: 'Working' });
    await expect(working.getByRole('slider'), 'the other widget works').toBeVisible();
    const widget = broken.locator('softmax-widget');
    for (const row of BAD_ATTRIBUTES) {
      const [attribute, value] = row;
      await widget.evaluate((element, [name, text]) => {
        element.removeAttribute('temperature');
        element.setAttribute(name, text);
      }, [attribute, value]);
      await expect(broken.getByRole('alert').filter({ hasText: /./ }), `${attribute}="${value}"`).toHaveText(row[column]);
      await widget.evaluate((element, name) => element.removeAttribute(name), attribute);
      await expect(broken.getByRole('slider'), `without ${attribute} the widget draws again`).toBeVisible();
    }
  });
}

test('a typed "1,5" is refused in words and never read as 15; 1e40 and a temperature of 0 are explained', async ({ softmax }) => {
  await softmax.open();
  const temperature = softmax.field('Temperature');
  await temperature.fill('1,5');
  await expect(temperature).toHaveAttribute('aria-invalid', 'true');
  await expect(softmax.alert).toHaveText('Temperature: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 1.');
  await expect(softmax.bars.locator('.bar-value').first(), 'nothing changed').toHaveText('0.659');
  await temperature.fill('0');
  await expect(softmax.alert).toHaveText('Temperature: the temperature must be from 0.01 to 100, not 0. The widget keeps 1.');
  await temperature.blur();
  await expect(temperature, 'leaving the field puts back the number in use').toHaveValue('1');
  await softmax.field('x2, score of class 2').fill('1e40');
  await expect(softmax.alert).toHaveText('x2, score of class 2: 1e40 is beyond the largest number the core computes with (float32, about 3.4e38). The widget keeps 0.1.');
  await softmax.field('x2, score of class 2').fill('3e38');
  await expect(softmax.alert, 'at T = 1, 3e38 is a float32').toHaveCount(0);
  await softmax.field('Temperature').fill('0.5');
  await expect(softmax.alert).toHaveText('Temperature: These scores and this temperature cannot be shown: score 3e+38 divided by the temperature 0.5 is beyond float32 (about 3.4e38), the core\'s number type. The widget keeps 1.');
});

test('a field emptied on the way to another number says nothing until the learner leaves it empty', async ({ softmax, page }) => {
  await softmax.open();
  const score = softmax.field('x0, score of class 0');
  await score.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await expect(score).toHaveValue('');
  await expect(softmax.alert, 'no alert breaks in while typing').toHaveCount(0);
  await page.keyboard.type('3');
  await expect(softmax.bars.locator('.bar-value').first(), 'the new score is used as typed').toHaveText('0.8401');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await expect(softmax.alert, 'left empty, it is said').toHaveText('x0, score of class 0: type a number, such as 2.5. The widget keeps 3.');
});
