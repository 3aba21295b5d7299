// Every setting lives in the page's address: change some, reload, and the playground shows the
// same settings and the same numbers.
import { expect, test } from './playground-page.js';

test('settings survive a reload through the URL', async ({ page, playground }) => {
  await playground.open();
  await playground.root.getByRole('button', { name: '1 to 25 (5 × 5)' }).click();
  await playground.sizeField('kernel_size', 'height').fill('3');
  await playground.sizeField('kernel_size', 'width').fill('3');
  await playground.sizeField('stride', 'height').fill('2');
  await playground.sizeField('stride', 'width').fill('2');
  await playground.sizeField('padding', 'height').fill('1');
  await playground.sizeField('padding', 'width').fill('1');
  await playground.root.getByRole('checkbox', { name: 'count_include_pad' }).uncheck();
  await playground.root.getByRole('checkbox', { name: 'ceil_mode' }).check();
  await playground.gradOutputField(1, 1).fill('4');

  await expect(page, 'the address holds the settings').toHaveURL(/kernel_size=3&stride=2&padding=1&.*ceil_mode=true&count_include_pad=false/);
  await expect(page).toHaveURL(/input=5x5:1\.\.25/);
  await expect(page).toHaveURL(/grad_output=4,1,1,1,1,1,1,1,1/);
  const outputs = await playground.outputCells.allTextContents();
  const gradients = await playground.gradInputCells.allTextContents();
  expect(outputs, 'a 3 x 3 output').toHaveLength(9);

  await page.reload();
  await expect(playground.outputCells, 'the same outputs after the reload').toHaveText(outputs);
  await expect(playground.gradInputCells, 'the same gradients after the reload').toHaveText(gradients);
  await expect(playground.sizeField('kernel_size', 'width'), 'the controls show the settings').toHaveValue('3');
  await expect(playground.root.getByRole('checkbox', { name: 'ceil_mode' })).toBeChecked();
  await expect(playground.root.getByRole('checkbox', { name: 'count_include_pad' })).not.toBeChecked();
  await expect(playground.gradOutputField(1, 1)).toHaveValue('4');
  await expect(playground.note, 'a good link needs no note').toBeHidden();
});
