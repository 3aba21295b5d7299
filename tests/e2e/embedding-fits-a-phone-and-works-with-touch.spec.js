import { EmbeddingPage, expect, test } from './embedding-page.js';

// The foreign host's page has no viewport meta, so the phone is its width and touch.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('on a 390 px phone the widget fits without sideways scrolling, its targets are 44 px, and taps edit the sentence', async ({ embedding, page }) => {
  await embedding.open(EmbeddingPage.tag({ 'padding-idx': '0', indices: '1 2 3 4 1 5 0 0' }));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
  const widgetBox = await embedding.root.boundingBox();
  expect(widgetBox.width, 'the widget fits the phone').toBeLessThanOrEqual(390);
  const tableBox = await embedding.root.locator('[part="table"] table').boundingBox();
  expect(tableBox.x + tableBox.width, 'the table of fields fits without scrolling').toBeLessThanOrEqual(390);

  for (const target of [embedding.button('Add <pad>'), embedding.button('Remove word 1, the'), embedding.padding, embedding.field('mat, number 4')]) {
    const box = await target.boundingBox();
    expect(Math.min(box.width, box.height), 'a 44 px target').toBeGreaterThanOrEqual(44);
  }

  await embedding.button('Add the').tap();
  await expect(embedding.status).toContainText('Added the.');
  await expect(embedding.gradRows.nth(1), 'a third "the": the sum of three gradients').toContainText('sum of positions 1, 5, 9');
  await expect(embedding.gradRows.nth(1).locator('td.number').first()).toHaveText('3');
  await embedding.button('Remove word 1, the').tap();
  await expect(embedding.outputRows).toHaveCount(8);
  await expect(embedding.gradRows.nth(1).locator('td.number').first()).toHaveText('2');
});

test('in the lesson on a phone, the weight table is no wider than its box: no field is cut at the edge', async ({ embedding, page }) => {
  await page.goto('/lessons/a-layer/embedding/');
  await expect(embedding.drawn).toBeVisible();
  const fit = await embedding.root.evaluate((widget) => {
    const box = widget.shadowRoot.querySelector('[part="table"] table').parentElement;
    return { table: box.scrollWidth, box: box.clientWidth };
  });
  expect(fit.table, 'the table fits its box').toBeLessThanOrEqual(fit.box);
});
