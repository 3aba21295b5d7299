// A learner's own 2048 x 2048 picture is read on the device and pooled in a Web Worker, so the
// page stays free while it happens, and the result has the size the settings give. (What is
// checked is where the work runs, not how long it takes: timings belong to the benchmark.)
import { expect, test } from './playground-page.js';

test('pools a 2048 x 2048 picture of the learner\'s own without freezing the page', async ({ page, playground }) => {
  await playground.open();
  // A noisy 2048 x 2048 PNG, made in the page so the test ships no large file.
  const png = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(2048, 2048);
    const context = canvas.getContext('2d');
    const image = context.createImageData(2048, 2048);
    for (let i = 0; i < image.data.length; i += 4) {
      image.data[i] = (i * 7) % 256;
      image.data[i + 1] = (i * 13) % 256;
      image.data[i + 2] = (i >> 12) % 256;
      image.data[i + 3] = 255;
    }
    context.putImageData(image, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  await playground.sizeField('kernel_size', 'height').fill('3');
  await playground.sizeField('kernel_size', 'width').fill('3');
  await playground.sizeField('stride', 'height').fill('1');
  await playground.sizeField('stride', 'width').fill('1');

  const workers = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await playground.choosePicture({
    name: 'noise.png',
    mimeType: 'image/png',
    buffer: Buffer.from(png, 'base64'),
  });

  await expect(playground.pictureStatus, 'the picture is pooled in the end').toContainText(
    'Pooled noise.png: 2048 × 2048 pixels became 2046 × 2046, 3 channels',
    { timeout: 30_000 },
  );
  await expect(playground.root.getByRole('img', { name: /after pooling/ })).toHaveAttribute('width', '2046');
  expect(workers.some((url) => /pool-worker/.test(url)), `the pooling ran in the pool worker (workers: ${workers.join(', ') || 'none'})`).toBe(true);
});
