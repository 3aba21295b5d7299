// The playground's controls sit beside the grids they change (above them, compact, in a narrow
// playground): at 1280 x 800 the kernel_size fields and the output grid are on screen
// together. A refused combination is explained right next to the field that caused it (the
// alert moves into that field's group, which names it with aria-describedby, and the field is
// aria-invalid), on screen, and fixing the field clears it.
import { expect, test } from './playground-page.js';

test.use({ viewport: { width: 1280, height: 800 } });

const boxOf = (locator) => locator.evaluate((element) => {
  const { left, right, top, bottom } = element.getBoundingClientRect();
  return { left, right, top, bottom };
});

test('kernel_size and the output grid are on screen together, and a refusal stands next to its field', async ({ playground }) => {
  await playground.open();
  const kernelHeight = playground.sizeField('kernel_size', 'height');
  const kernelGroup = playground.root.getByRole('group', { name: /^kernel_size\b/ });
  await kernelGroup.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await expect(kernelHeight, 'kernel_size is on screen').toBeInViewport();
  await expect(playground.outputGrid, 'and so is the output it changes').toBeInViewport();

  await kernelHeight.fill('3');
  await expect(playground.outputGrid, 'the output follows the new kernel').toHaveAccessibleName(/^Output, 1 × 2/);
  await expect(kernelHeight, 'with the field still on screen').toBeInViewport();
  await expect(playground.outputGrid, 'beside its result').toBeInViewport();
  await kernelHeight.fill('2');

  // Padding 2 with a 2 x 2 window: more than half the kernel, which PyTorch refuses.
  const paddingHeight = playground.sizeField('padding', 'height');
  const paddingGroup = playground.root.getByRole('group', { name: /^padding\b/ });
  await paddingHeight.fill('2');
  const alert = playground.alert;
  await expect(alert, 'the core\'s refusal is shown').toHaveText(/padding .*half of kernel_size/);
  await expect(alert, 'where the learner is looking').toBeInViewport();
  await expect(paddingHeight, 'the field that caused it is marked').toHaveAttribute('aria-invalid', 'true');
  await expect(paddingHeight, 'and names the message').toHaveAccessibleDescription(/padding .*half of kernel_size/);
  await expect(paddingGroup.getByRole('alert'), 'the message stands inside the padding group').toHaveCount(1);
  const field = await boxOf(paddingHeight);
  const message = await boxOf(alert);
  expect(message.top - field.bottom, 'right under the field, not at the bottom of the playground').toBeLessThan(60);
  expect(message.top, 'and below it').toBeGreaterThanOrEqual(field.bottom);

  await paddingHeight.fill('1');
  await expect(playground.root.getByRole('alert', { includeHidden: true }), 'fixing the field clears the message').toHaveText('');
  await expect(paddingHeight, 'and the mark').not.toHaveAttribute('aria-invalid', 'true');
  await expect(playground.outputGrid, 'and the output returns').toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the controls sit compactly right above the grids, kernel_size and the output on screen together', async ({ playground }) => {
    await playground.open();
    const kernelHeight = playground.sizeField('kernel_size', 'height');
    await playground.root.getByRole('group', { name: /^kernel_size\b/ }).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await expect(kernelHeight, 'kernel_size is on screen').toBeInViewport();
    await expect(playground.outputGrid, 'and so is the output it changes').toBeInViewport();
    const controls = await boxOf(playground.root.locator('form'));
    const output = await boxOf(playground.outputGrid);
    expect(output.top, 'the grids come right after the controls').toBeGreaterThan(controls.bottom);
    expect(output.top - controls.bottom, 'with little between them').toBeLessThan(250);
  });
});
