// Pools a picture off the page's thread, so a 2048 x 2048 photo never freezes the lesson.
//
// The picture is held here as a C x H x W tensor of floats (C = 3: red, green, blue, 0..255),
// and the core pools it one channel at a time, each channel a [1, H, W] view of that tensor,
// reporting progress after each. A newer request supersedes an older one between channels.
//
// Messages in:
//   { type: 'load', id, bitmap }            an ImageBitmap (transferred); replies 'loaded'
//   { type: 'pool', id, op, options }       op 'avg' | 'max', the core's options; replies
//                                           'progress' (0..n times), then 'pooled' or 'error'
// Messages out:
//   { type: 'loaded', id, width, height }
//   { type: 'progress', id, done, total, stage }         stage: 'reading' | 'pooling'
//   { type: 'pooled', id, width, height, pixels, ms }    pixels: RGBA bytes (transferred)
//   { type: 'error', id, message, parameter }            parameter: the PoolError's, or null
import { loadCore } from '@core';

const CHANNELS = 3;

/** @type {{ width: number, height: number, planes: Float32Array } | null} */
let picture = null;
let latestPool = 0;

self.addEventListener('message', (event) => {
  const message = event.data;
  if (message.type === 'load') load(message);
  else if (message.type === 'pool') {
    latestPool = message.id;
    pool(message);
  }
});

function load({ id, bitmap }) {
  try {
    const { width, height } = bitmap;
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    const rgba = context.getImageData(0, 0, width, height).data;
    const planeSize = width * height;
    const planes = new Float32Array(CHANNELS * planeSize);
    for (let i = 0; i < planeSize; i++) {
      planes[i] = rgba[4 * i];
      planes[planeSize + i] = rgba[4 * i + 1];
      planes[2 * planeSize + i] = rgba[4 * i + 2];
    }
    picture = { width, height, planes };
    self.postMessage({ type: 'loaded', id, width, height });
  } catch (error) {
    picture = null;
    self.postMessage({ type: 'error', id, message: `The picture could not be read: ${error.message}`, parameter: null });
  }
}

async function pool({ id, op, options }) {
  const started = performance.now();
  try {
    if (!picture) throw new Error('There is no picture to pool yet.');
    const core = await loadCore();
    const { width, height, planes } = picture;
    const planeSize = width * height;
    const shape = [1, height, width];
    const [, outputHeight, outputWidth] = core.pool2dOutputShape(shape, options);
    const outputSize = outputHeight * outputWidth;
    const pixels = new Uint8ClampedArray(4 * outputSize);
    for (let c = 0; c < CHANNELS; c++) {
      self.postMessage({ type: 'progress', id, done: c, total: CHANNELS, stage: 'pooling' });
      // Let a newer request in: if one came, this one's result would be thrown away anyway.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (id !== latestPool) return;
      const channel = planes.subarray(c * planeSize, (c + 1) * planeSize);
      // The picture needs the values alone: max pooling skips the indices (a faster path).
      const { data } = op === 'max'
        ? core.maxPool2d(channel, shape, { ...options, returnIndices: false })
        : core.avgPool2d(channel, shape, options);
      for (let i = 0; i < outputSize; i++) pixels[4 * i + c] = data[i]; // clamps to 0..255, rounds
    }
    for (let i = 0; i < outputSize; i++) pixels[4 * i + 3] = 255;
    self.postMessage(
      { type: 'pooled', id, width: outputWidth, height: outputHeight, pixels, ms: performance.now() - started },
      [pixels.buffer],
    );
  } catch (error) {
    self.postMessage({ type: 'error', id, message: error.message, parameter: error.parameter ?? null });
  }
}
