// Moving the element in the page (remove, then insert again) stops its picture worker for a
// moment; back in the page it pools the picture again, so a new setting still reaches the
// picture and no stale pooled picture or caption is left.
import { expect, test } from './playground-page.js';

test('a playground moved in the page pools its picture again with new settings', async ({ playground }) => {
  await playground.open();
  await playground.root.getByRole('button', { name: 'Pool the photo of a cat' }).click();
  await expect(playground.pictureStatus, 'the photo is pooled first').toContainText('became 225 × 150');

  await playground.root.evaluate((element) => {
    const { parentNode, nextSibling } = element;
    element.remove();
    parentNode.insertBefore(element, nextSibling);
  });
  await playground.sizeField('stride', 'height').fill('3');
  await playground.sizeField('stride', 'width').fill('3');

  await expect(playground.pictureStatus, 'after the move, new settings pool the photo again').toContainText(
    'Pooled the photo of Chelsea the cat: 451 × 300 pixels became 150 × 100',
  );
  const pooled = playground.root.getByRole('img', { name: /after pooling/ });
  await expect(pooled, 'the pooled picture has the new size').toHaveAttribute('width', '150');
  await expect(playground.root.getByText(/^Pooled: /), 'and so does its caption').toHaveText('Pooled: 150 × 100 pixels');
});
