// The probability bars of softmax and cross-entropy stay inside their widget on a 320 px phone
// (the narrowest screen WCAG's reflow asks for), every value on one line: the label's words wrap
// and the track narrows first.
import { expect, test, widgetReady } from './fixtures.js';

test.use({ viewport: { width: 320, height: 800 }, hasTouch: true });

for (const [lesson, tag] of [['/lessons/a-layer/softmax/', 'softmax-widget'], ['/lessons/the-error/cross-entropy/', 'cross-entropy-widget']]) {
  test(`${tag}: on ${lesson} at 320 px`, async ({ page }) => {
    await page.goto(lesson);
    const widget = page.locator(tag);
    await widgetReady(widget);
    const fit = await widget.evaluate((element) => {
      const right = element.getBoundingClientRect().right;
      const bars = [...element.shadowRoot.querySelectorAll('.bar')];
      return {
        bars: bars.length,
        beyond: Math.max(...bars.map((bar) => bar.getBoundingClientRect().right)) - right,
        // One line of text: a value's box is no taller than its line.
        broken: [...element.shadowRoot.querySelectorAll('.bar-value')]
          .filter((value) => value.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(value).lineHeight || '20')).length,
      };
    });
    expect(fit.bars, 'bars drawn').toBeGreaterThanOrEqual(3);
    expect(fit.beyond, 'no bar reaches past the widget').toBeLessThanOrEqual(0.5);
    expect(fit.broken, 'no value breaks over two lines').toBe(0);
  });
}
