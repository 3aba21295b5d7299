// Every page names one icon, a PNG (web/site/make-favicon-png.mjs says why), drawn from
// web/site/favicon.svg: this spec fails while the PNG is not the SVG's picture, so a changed
// SVG needs the script run again.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ICON_SIZE, iconPage } from '../../web/site/make-favicon-png.mjs';
import { expect, test } from './fixtures.js';

const site = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/site');

test('every page names the PNG icon, and the PNG is the SVG\'s picture', async ({ page, request }) => {
  for (const url of ['/', '/zh/', '/lessons/pictures/patches-of-a-picture/', '/zh/lessons/one-neuron/relu/']) {
    const html = await (await request.get(url)).text();
    const icons = [...html.matchAll(/<link rel="icon" href="([^"]+)" type="([^"]+)" sizes="([^"]+)">/g)];
    expect(icons.map(([, , type, sizes]) => [type, sizes]), `${url}: one icon, the PNG`).toEqual([['image/png', `${ICON_SIZE}x${ICON_SIZE}`]]);
    expect(html.match(/rel="icon"/g), `${url}: no other icon`).toHaveLength(1);
    const served = await request.get(icons[0][1]);
    expect(served.headers()['content-type'], `${url}: the icon is served as a PNG`).toBe('image/png');
  }

  await page.setViewportSize({ width: ICON_SIZE, height: ICON_SIZE });
  await page.setContent(iconPage(readFileSync(path.join(site, 'favicon.svg'), 'utf8')));
  const png = readFileSync(path.join(site, 'favicon.png')).toString('base64');
  const { width, height, largest, differing } = await page.evaluate(async ({ png, size }) => {
    const pixels = async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = new OffscreenCanvas(size, size);
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      return { width: image.naturalWidth, height: image.naturalHeight, data: context.getImageData(0, 0, size, size).data };
    };
    const drawn = await pixels(document.querySelector('img').src);
    const kept = await pixels(`data:image/png;base64,${png}`);
    let largest = 0;
    let differing = 0;
    for (let i = 0; i < drawn.data.length; i++) {
      const gap = Math.abs(drawn.data[i] - kept.data[i]);
      largest = Math.max(largest, gap);
      if (gap > 2) differing++;
    }
    return { width: kept.width, height: kept.height, largest, differing };
  }, { png, size: ICON_SIZE });
  expect([width, height], 'the PNG\'s size').toEqual([ICON_SIZE, ICON_SIZE]);
  // Both drawn by the same Skia: at most a step of rounding apart, on edges only.
  expect(differing, `channels more than 2 apart (largest gap ${largest}): run node web/site/make-favicon-png.mjs`).toBe(0);
});
