// In the max pooling lesson the photo is pooled by the core's max pooling (the values alone,
// without indices): every pixel of the pooled picture, in every channel, is the largest of its
// window in the original picture, which the test computes itself from the original canvas.
import { expect, MAX_URL, test } from './playground-page.js';

test('max pools the photo: each pooled pixel is the brightest of its window', async ({ playground }) => {
  await playground.open(MAX_URL);
  await playground.root.getByRole('button', { name: 'Pool the photo of a cat' }).click();
  // The lesson's settings: a 2 x 2 window stepping by 1.
  await expect(playground.pictureStatus).toContainText(
    'Pooled the photo of Chelsea the cat: 451 × 300 pixels became 450 × 299, 3 channels',
  );
  const original = playground.root.getByRole('img', { name: /^the photo of Chelsea the cat, / });
  const pooled = playground.root.getByRole('img', { name: /after pooling/ });
  const pixels = (canvas) => canvas.evaluate((element) => {
    const { data } = element.getContext('2d').getImageData(0, 0, element.width, element.height);
    return { width: element.width, height: element.height, data: Array.from(data) };
  });
  const before = await pixels(original);
  const after = await pixels(pooled);
  expect([after.width, after.height]).toEqual([450, 299]);

  let mismatches = 0;
  let firstMismatch = '';
  let brighterThanTopLeft = 0;
  for (let y = 0; y < after.height; y++) {
    for (let x = 0; x < after.width; x++) {
      for (let c = 0; c < 3; c++) {
        const at = (row, column) => before.data[4 * (row * before.width + column) + c];
        const want = Math.max(at(y, x), at(y, x + 1), at(y + 1, x), at(y + 1, x + 1));
        const got = after.data[4 * (y * after.width + x) + c];
        if (want > at(y, x)) brighterThanTopLeft++;
        if (got !== want) {
          mismatches++;
          firstMismatch ||= `pixel (${x}, ${y}) channel ${c}: ${got}, expected ${want}`;
        }
      }
    }
  }
  expect(mismatches, firstMismatch).toBe(0);
  expect(brighterThanTopLeft, 'the photo has windows whose maximum is not their first pixel').toBeGreaterThan(1000);
});
