// A picture wider than the playground pools is scaled down to its stated maximum (4096 pixels a
// side), and the caption says so, instead of failing.
import { expect, test } from './playground-page.js';

test('a 6000 x 30 picture is scaled down to 4096 x 20 and the caption says so', async ({ page, playground }) => {
  await playground.open();
  // A plain 6000 x 30 PNG, made in the page (it compresses to almost nothing).
  const png = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(6000, 30);
    const context = canvas.getContext('2d');
    context.fillStyle = '#808080';
    context.fillRect(0, 0, 6000, 30);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  await playground.choosePicture({
    name: 'wide.png',
    mimeType: 'image/png',
    buffer: Buffer.from(png, 'base64'),
  });
  await expect(playground.root.getByText(/^Original: /), 'the caption says the picture was scaled, and why').toHaveText(
    'Original: 4096 × 20 pixels, scaled down from 6000 × 30 (the playground pools pictures of at most 4096 pixels a side)',
  );
  // The lesson's 2 x 2 window, stride 2, halves each side.
  await expect(playground.pictureStatus, 'and the scaled picture is pooled').toContainText('4096 × 20 pixels became 2048 × 10', { timeout: 30_000 });
});
