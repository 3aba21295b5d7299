import { test, expect } from './widget-page.js';

test('a bad setting shows the core\'s message inside the widget and the page keeps working', async ({ page, widget }) => {
  await widget.open();
  await expect(widget.outputCells, 'the lesson renders first').toHaveCount(4);

  const warnings = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });

  await widget.root.evaluate((element) => element.setAttribute('stride', '0'));
  await expect(widget.alert, 'the message names the stride').toContainText(/stride/);
  await expect(widget.outputGrid, 'no half-drawn grid is left behind').toBeHidden();
  await expect.poll(() => warnings.join('\n'), { message: 'the message goes to console.warn too' }).toMatch(/stride/);

  await widget.root.evaluate((element) => element.setAttribute('padding', '2'));
  await widget.root.evaluate((element) => element.setAttribute('stride', '2'));
  await expect(widget.alert, 'padding above half the kernel is named').toContainText(/padding/);

  await widget.root.evaluate((element) => element.setAttribute('kernel-size', 'two'));
  await expect(widget.alert, 'a word for a size is named').toContainText(/kernel/i);

  await widget.root.evaluate((element) => {
    element.setAttribute('kernel-size', '2');
    element.setAttribute('padding', '0');
  });
  await expect(widget.alertEvenIfHidden, 'the message goes once the settings are good').toHaveText('');
  await expect(widget.outputCells, 'and the core computes again').toHaveText(['2.5', '4.5', '10.5', '12.5']);

  await widget.root.evaluate((element) => element.setAttribute('selected', '99'));
  await expect(widget.alert, 'a window the output does not have is refused in words, not dropped')
    .toHaveText('Attribute selected="99": the output has 4 windows, so selected must be from 1 to 4, not 99.');
  await widget.root.evaluate((element) => element.setAttribute('selected', '4'));
  await expect(widget.alertEvenIfHidden).toHaveText('');
  await expect(widget.outputCells.nth(3), 'window 4 is the one selected').toHaveAttribute('aria-current', 'true');
});
