import { EmbeddingPage, expect, test } from './embedding-page.js';

// One bad value per attribute, and the message the widget shows in its place.
const BAD_ATTRIBUTES = [
  ['indices', '1 9', 'Attribute indices="1 9": each index must be a whole number from 0 to 5, not 9.'],
  ['indices', '1 2 3 4 5 1 2 3 4 5 1 2 3', 'Attribute indices="1 2 3 4 5 1 2 3 4 5 1 2 3": give 1 to 12 words, not 13.'],
  ['weight', '1 2', 'Attribute weight="1 2": give 24 numbers (6 words × 4), not 2.'],
  ['padding-idx', '7', 'Attribute padding-idx="7": the padding index must be none or a whole number from 0 to 5.'],
  ['padding-idx', '1,5', 'Attribute padding-idx="1,5": "1,5" is not a number.'],
  ['grad-output', '1 1', 'Attribute grad-output="1 1": give 24 numbers (6 positions × 4), or ones, not 2.'],
];

test('a bad attribute is explained in place, quoting it, and the widget beside it keeps working', async ({ embedding, page }) => {
  await embedding.open(`<section aria-label="Broken">${EmbeddingPage.tag({ indices: '6' })}</section>
    <section aria-label="Working">${EmbeddingPage.tag()}</section>`, { wait: false });
  const broken = page.getByRole('region', { name: 'Broken' });
  const working = page.getByRole('region', { name: 'Working' });
  await expect(broken.getByRole('alert').filter({ hasText: /./ })).toHaveText('Attribute indices="6": each index must be a whole number from 0 to 5, not 6.');
  await expect(working.locator('[part="output"] tbody tr'), 'the other widget works').toHaveCount(6);

  const widget = broken.locator('embedding-widget');
  for (const [attribute, value, message] of BAD_ATTRIBUTES) {
    await widget.evaluate((element, [name, text]) => {
      element.removeAttribute('indices');
      element.setAttribute(name, text);
    }, [attribute, value]);
    await expect(broken.getByRole('alert').filter({ hasText: /./ }), `${attribute}="${value}"`).toHaveText(message);
    await widget.evaluate((element, name) => element.removeAttribute(name), attribute);
    await expect(broken.locator('[part="output"] tbody tr'), `without ${attribute} the widget draws again`).toHaveCount(6);
  }
});

test('a typed "1,5" is refused with a message and never read as 15; 1e40 is explained', async ({ embedding }) => {
  await embedding.open();
  const field = embedding.field('cat, number 2');
  await field.fill('1,5');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(embedding.alert).toHaveText('cat, number 2: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 0.5.');
  await expect(embedding.outputRows.nth(1).locator('td.number').nth(1), 'the output keeps 0.5').toHaveText('0.5');
  await field.fill('1e40');
  await expect(embedding.alert).toHaveText('cat, number 2: 1e40 is beyond the largest number the core computes with (float32, about 3.4e38). The widget keeps 0.5.');
  await field.fill('1.5');
  await expect(embedding.alert).toHaveCount(0);
  await expect(embedding.outputRows.nth(1).locator('td.number').nth(1)).toHaveText('1.5');
});

test('in Chinese, a bad attribute and a typed comma are explained in Chinese', async ({ embedding }) => {
  await embedding.open(EmbeddingPage.tag({ lang: 'zh-CN', indices: '1 9' }), { wait: false });
  await expect(embedding.alert).toHaveText('属性 indices="1 9"：每个索引都必须是 0 到 5 之间的整数，而不是 9。');
  await embedding.root.evaluate((widget) => widget.removeAttribute('indices'));
  const field = embedding.field('cat 的第 2 个数');
  await field.fill('1,5');
  await expect(embedding.alert).toContainText('cat 的第 2 个数');
  await expect(embedding.alert).toContainText('1.5');
  await expect(embedding.alert).toContainText('组件仍沿用 0.5。');
});
