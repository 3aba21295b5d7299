// A matrix too wide for a phone scrolls sideways in its own box (matrix-grid.js); nothing in it
// may stick out below, or the box scrolls up and down as well: on a phone the grid then moves
// under a finger that scrolls the page, with a mouse the wheel scrolls the grid before the page,
// and where scroll bars take room, each grid shows one. The number buttons are contained (their
// layout stays inside them) and have no baseline, so they are laid out as blocks, not on a line.
import { expect, test, widgetReady } from './fixtures.js';

const LESSONS = [
  ['linear-widget', '/lessons/learning/backpropagation-through-a-layer/'],
  ['attention-widget', '/lessons/memory-and-attention/attention/'],
  ['encoder-widget', '/lessons/the-transformer-and-the-reward/an-encoder-block/'],
];

for (const width of [390, 1280]) {
  for (const [tag, url] of LESSONS) {
    test(`<${tag}>'s grid boxes scroll only sideways at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(url);
      const widget = page.locator(tag).first();
      await widgetReady(widget);
      const boxes = await widget.evaluate((element) => [...element.shadowRoot.querySelectorAll('.scroller')]
        .map((box) => ({ grid: box.closest('figure')?.dataset.grid ?? box.className, below: box.scrollHeight - box.clientHeight })));
      expect(boxes.length, 'the widget draws its grids in scroll boxes').toBeGreaterThan(2);
      expect(boxes.filter(({ below }) => below > 0), 'no grid box has anything below its bottom').toEqual([]);
    });
  }
}
