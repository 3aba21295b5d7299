// The header's language switch comes after the course name and the breadcrumb in the page. A
// phone that paints before the parser has reached it (a busy one does) lays the header out with
// what it has; when the switch arrives, nothing may move. So the header's room for the switch
// cannot depend on the switch being there already: here the switch is taken out, as it is before
// it is parsed, and every part of the header and the page under it must stay where it was.
import { expect, test } from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

for (const url of ['/', '/lessons/pictures/patches-of-a-picture/', '/zh/lessons/one-neuron/relu/']) {
  test(`${url}: the header is laid out the same before its language switch is parsed`, async ({ page }) => {
    await page.goto(url);
    await expect(page.locator('.language-switch'), 'the page has a switch').toHaveCount(1);
    // The page at rest first: a widget that draws between the two measures grows the page.
    await page.evaluate(async () => {
      const widget = document.querySelector('[data-try-it] > *');
      if (widget) {
        await customElements.whenDefined(widget.localName);
        await widget.ready();
      }
      await document.fonts.ready;
    });
    const places = () => page.evaluate(() => [...document.querySelectorAll('.site-header__course, .breadcrumb, main')]
      .map((node) => `${node.localName}.${node.className}: top ${node.getBoundingClientRect().top}, height ${node.getBoundingClientRect().height}`));
    const withSwitch = await places();
    await page.locator('.language-switch').evaluate((node) => node.remove());
    expect(await places(), 'without the switch, as before the parser reaches it').toEqual(withSwitch);
  });
}
