// Decoding a picture takes a while. The picture pooled in the end is the one chosen last, even
// if an older choice finishes decoding later, and it is pooled with the settings shown when its
// decoding ends, not those shown when it was chosen. Decodes are held by the test and let go in
// the order it picks, so the race is played out the same way every time.
import { expect, test } from './playground-page.js';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const decode = window.createImageBitmap.bind(window);
    window.heldDecodes = [];
    window.holdDecodes = false;
    window.createImageBitmap = (...args) => (window.holdDecodes
      ? new Promise((resolve, reject) => window.heldDecodes.push(() => decode(...args).then(resolve, reject)))
      : decode(...args));
  });
});

const holdDecodes = (page) => page.evaluate(() => { window.holdDecodes = true; });
const heldCount = (page) => page.evaluate(() => window.heldDecodes.length);
const release = (page, index) => page.evaluate((i) => {
  window.holdDecodes = false;
  window.heldDecodes[i]();
}, index);

/** A width x height PNG made in the page, as bytes for setInputFiles. */
async function makePng(page, width, height) {
  const base64 = await page.evaluate(async ([w, h]) => {
    const canvas = new OffscreenCanvas(w, h);
    const context = canvas.getContext('2d');
    context.fillStyle = '#3a7';
    context.fillRect(0, 0, w, h);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    return btoa(String.fromCharCode(...bytes));
  }, [width, height]);
  return Buffer.from(base64, 'base64');
}

test('settings changed while the photo decodes are the ones it is pooled with', async ({ page, playground }) => {
  await playground.open();
  await holdDecodes(page);
  await playground.root.getByRole('button', { name: 'Pool the photo of a cat' }).click();
  await expect.poll(() => heldCount(page), 'the photo is being decoded').toBe(1);

  await playground.sizeField('stride', 'height').fill('3');
  await playground.sizeField('stride', 'width').fill('3');
  await release(page, 0);

  await expect(playground.pictureStatus, 'the photo is pooled with stride 3').toContainText(
    'Pooled the photo of Chelsea the cat: 451 × 300 pixels became 150 × 100',
  );
});

test('a picture chosen earlier but decoded later does not replace the newer one', async ({ page, playground }) => {
  await playground.open();
  const png = await makePng(page, 40, 30);
  await holdDecodes(page);
  await playground.root.getByRole('button', { name: 'Pool the photo of a cat' }).click();
  await expect.poll(() => heldCount(page), 'the photo is being decoded').toBe(1);
  await playground.choosePicture({
    name: 'green.png', mimeType: 'image/png', buffer: png,
  });
  await expect.poll(() => heldCount(page), 'and then the learner\'s own picture').toBe(2);

  await release(page, 1);
  await expect(playground.pictureStatus, 'the newer choice is pooled').toContainText('Pooled green.png: 40 × 30 pixels became 20 × 15');
  await release(page, 0);
  // A learner's change after the older decode has let go: whichever picture is loaded now is pooled.
  await playground.sizeField('stride', 'height').fill('1');
  await expect(playground.pictureStatus, 'the older choice never replaced it').toContainText('Pooled green.png: 40 × 30 pixels became 20 × 29');
  await expect(playground.root.getByRole('img', { name: /^green\.png, / }), 'the original shown is the newer choice').toHaveAttribute('width', '40');
});
