// The bundled photo, pooled by the core in a worker with the playground's settings: the pooled
// canvas has the size the settings give, and changing a setting pools it again.
import { expect, test } from './playground-page.js';

test('pools the bundled photo with the settings, and again when they change', async ({ playground }) => {
  await playground.open();
  await playground.root.getByRole('button', { name: 'Pool the photo of a cat' }).click();

  await expect(playground.pictureStatus, 'the work is reported done').toContainText(
    'Pooled the photo of Chelsea the cat: 451 × 300 pixels became 225 × 150, 3 channels',
  );
  const original = playground.root.getByRole('img', { name: /^the photo of Chelsea the cat, / });
  const pooled = playground.root.getByRole('img', { name: /after pooling/ });
  // Width × height everywhere, as the captions and the status write a picture's size.
  await expect(original, 'the original is named by its width × height').toHaveAccessibleName('the photo of Chelsea the cat, 451 × 300 pixels');
  await expect(playground.root.getByText(/^Original: /)).toHaveText('Original: 451 × 300 pixels');
  await expect(pooled, 'and so is the pooled picture').toHaveAccessibleName('the photo of Chelsea the cat after pooling, 225 × 150 pixels');
  await expect(original, 'the original is drawn at its own size').toHaveAttribute('width', '451');
  await expect(pooled, 'the pooled picture is half as wide').toHaveAttribute('width', '225');
  await expect(pooled, 'and half as tall').toHaveAttribute('height', '150');

  await playground.sizeField('stride', 'height').fill('3');
  await playground.sizeField('stride', 'width').fill('3');
  await expect(playground.pictureStatus, 'new settings pool the photo again').toContainText('became 150 × 100');
  await expect(pooled).toHaveAttribute('width', '150');

  await playground.sizeField('padding', 'width').fill('3');
  await expect(playground.pictureStatus, 'settings the core refuses are named, not pooled').toContainText(
    'The settings above are not valid, so the picture is not pooled: padding (0, 3) is more than half of kernel_size 2',
  );
  await expect(pooled, 'and no stale picture is left').toBeHidden();
});
