// What a chart's labels must keep to, read off the page: each text of an SVG inside the SVG, and
// no two texts on one another. A label's box is what the browser draws (its client rect), so a
// label the chart sized for a desktop and a phone draws larger is held as it shows.
import { expect } from './fixtures.js';

/**
 * Each text of the picture (an SVG's locator) that sticks out of it, and each pair of its texts
 * whose boxes meet, as words a failure message can show.
 * @returns {Promise<{ outside: string[], meeting: string[] }>}
 */
export function labelTrouble(picture) {
  return picture.evaluate((svg) => {
    const frame = svg.getBoundingClientRect();
    const texts = [...svg.querySelectorAll('text')].filter((text) => text.textContent.trim() && text.getClientRects().length > 0)
      .map((text) => ({ words: text.textContent, box: text.getBoundingClientRect() }));
    const outside = texts.filter(({ box }) => box.left < frame.left || box.right > frame.right || box.top < frame.top || box.bottom > frame.bottom)
      .map(({ words, box }) => `"${words}" from x ${(box.left - frame.left).toFixed(1)} to ${(box.right - frame.left).toFixed(1)}, y ${(box.top - frame.top).toFixed(1)} to ${(box.bottom - frame.top).toFixed(1)} in ${frame.width.toFixed(1)} × ${frame.height.toFixed(1)}`);
    const meeting = [];
    texts.forEach((a, i) => texts.slice(i + 1).forEach((b) => {
      if (a.box.left < b.box.right && b.box.left < a.box.right && a.box.top < b.box.bottom && b.box.top < a.box.bottom) meeting.push(`"${a.words}" and "${b.words}"`);
    }));
    return { outside, meeting };
  });
}

/** Waits until every picture of `pictures` ([name, locator] pairs) has no label outside it and none on another. */
export async function expectLabelsInsideAndApart(pictures, what) {
  for (const [name, picture] of pictures) {
    await expect.poll(() => labelTrouble(picture), { message: `${what}, ${name}: no label outside the picture, none on another` })
      .toEqual({ outside: [], meeting: [] });
  }
}
