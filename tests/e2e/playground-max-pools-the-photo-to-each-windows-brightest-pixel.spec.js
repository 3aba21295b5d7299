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
  // The check runs in the page, on the canvases' pixels: sent to the test as numbers, the two
  // pictures (half a million values each) took most of the test's time on a slow machine.
  const check = await original.evaluate((source, target) => {
    const read = (canvas) => canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const before = read(source);
    const after = read(target);
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
    return { size: [after.width, after.height], mismatches, firstMismatch, brighterThanTopLeft };
  }, await pooled.elementHandle());
  expect(check.size).toEqual([450, 299]);
  expect(check.mismatches, check.firstMismatch).toBe(0);
  expect(check.brighterThanTopLeft, 'the photo has windows whose maximum is not their first pixel').toBeGreaterThan(1000);
});
