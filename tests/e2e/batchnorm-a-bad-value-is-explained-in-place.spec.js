import { BatchnormPage, expect, test } from './batchnorm-page.js';

const BAD_ATTRIBUTES = [
  ['input', '1 2 3', 'Attribute input="1 2 3": give 16 numbers (N = 2, C = 2, 2 x 2), not 3.'],
  ['weight', '1', 'Attribute weight="1": give one weight (gamma) per channel: 2, not 1.'],
  ['running-var', '1 -2', 'Attribute running-var="1 -2": a variance is never negative.'],
  ['momentum', '1,5', 'Attribute momentum="1,5": "1,5" has a decimal comma: write 1.5, with a point.'],
  ['momentum', '2', 'Attribute momentum="2": momentum must be in [0, 1], got 2.'],
  ['bias', '0 1e40', 'Attribute bias="0 1e40": 1e40 is beyond the largest number the core computes with (float32, about 3.4e38).'],
  ['training', 'sometimes', 'Attribute training="sometimes": use "true" or "false" (or the attribute with no value, for true).'],
];

test('a bad attribute is explained in place, quoting it, and the widget beside it keeps working', async ({ batchnorm, page }) => {
  await batchnorm.open(`<section aria-label="Broken">${BatchnormPage.tag({ eps: '0' })}</section>
    <section aria-label="Working">${BatchnormPage.tag({ training: 'false' })}</section>`, { wait: false });
  const broken = page.getByRole('region', { name: 'Broken' });
  const working = page.getByRole('region', { name: 'Working' });
  await expect(broken.getByRole('alert').filter({ hasText: /./ })).toHaveText('Attribute eps="0": eps must be in (0, 1], got 0.');
  await expect(broken.getByRole('grid').or(broken.getByRole('table')), 'and nothing else is drawn').toHaveCount(0);
  await expect(working.getByRole('region', { name: 'Channel 1' }), 'the other widget works').toBeVisible();

  const widget = broken.locator('batchnorm-widget');
  for (const [attribute, value, message] of BAD_ATTRIBUTES) {
    await widget.evaluate((element, [name, text]) => {
      element.removeAttribute('eps');
      element.setAttribute(name, text);
    }, [attribute, value]);
    await expect(broken.getByRole('alert').filter({ hasText: /./ }), `${attribute}="${value}"`).toHaveText(message);
    await widget.evaluate((element, name) => element.removeAttribute(name), attribute);
    await expect(broken.getByRole('region', { name: 'Channel 1' }), `without ${attribute} the widget draws again`).toBeVisible();
  }
});

test('a typed "1,5" is refused with a message and never read as 15; 1e40 and a momentum of 2 are explained', async ({ batchnorm }) => {
  await batchnorm.open();
  const gamma = batchnorm.field('γ (weight) of channel 1');
  await gamma.fill('1,5');
  await expect(gamma).toHaveAttribute('aria-invalid', 'true');
  await expect(batchnorm.alert).toHaveText('γ (weight) of channel 1: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 1.');
  expect(await batchnorm.root.evaluate((widget) => widget.getState().weight), 'the weight did not change').toEqual([1, 1]);
  await gamma.fill('1.5');
  await expect(batchnorm.alert).toHaveCount(0);
  await expect(batchnorm.root).toHaveAttribute('weight', '1.5 1');
  await batchnorm.field('Channel 2, sample 1, row 1, column 1').fill('1e40');
  await expect(batchnorm.alert).toHaveText('Channel 2, sample 1, row 1, column 1: 1e40 is beyond the largest number the core computes with (float32, about 3.4e38). The widget keeps 990.');
  await batchnorm.field('Momentum').fill('2');
  await expect(batchnorm.alert).toHaveText('Momentum: momentum must be in [0, 1], got 2. The widget keeps 0.1.');
  await batchnorm.field('Momentum').blur();
  await expect(batchnorm.field('Momentum'), 'leaving the field puts back the number in use').toHaveValue('0.1');
});
