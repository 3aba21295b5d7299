import { test, expect } from './fixtures.js';

test('a bad setting shows the core\'s message inside the widget and the page keeps working', async ({ page }) => {
  await page.goto('/lessons/pictures/patches-of-a-picture/');
  const widget = page.locator('pool-widget');
  const output = widget.getByRole('grid', { name: /output/i });
  await expect(output.getByRole('gridcell'), 'the lesson renders first').toHaveCount(4);

  const warnings = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });

  await widget.evaluate((element) => element.setAttribute('stride', '0'));
  await expect(widget.getByRole('alert'), 'the message names the stride').toContainText(/stride/);
  await expect(output, 'no half-drawn grid is left behind').toBeHidden();
  await expect.poll(() => warnings.join('\n'), { message: 'the message goes to console.warn too' }).toMatch(/stride/);

  await widget.evaluate((element) => element.setAttribute('padding', '2'));
  await widget.evaluate((element) => element.setAttribute('stride', '2'));
  await expect(widget.getByRole('alert'), 'padding above half the kernel is named').toContainText(/padding/);

  await widget.evaluate((element) => element.setAttribute('kernel-size', 'two'));
  await expect(widget.getByRole('alert'), 'a word for a size is named').toContainText(/kernel/i);

  await widget.evaluate((element) => {
    element.setAttribute('kernel-size', '2');
    element.setAttribute('padding', '0');
  });
  await expect(
    widget.getByRole('alert', { includeHidden: true }),
    'the message goes once the settings are good',
  ).toHaveText('');
  await expect(output.getByRole('gridcell'), 'and the core computes again').toHaveText(['2.5', '4.5', '10.5', '12.5']);
});
