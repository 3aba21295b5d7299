// A widget's picture (an SVG with a <title>) is named by its title, once: pointed at by
// aria-labelledby as well, Chromium also made the title its description, and a screen reader
// read the whole text twice. Checked in Chromium's own accessibility tree, as a screen reader
// gets it (Playwright's computation of a description differs).
import { expect, test } from './fixtures.js';

const PICTURES = [
  ['/lessons/one-neuron/relu/', 'neuron-widget', [/^ReLU and its derivative/]],
  ['/lessons/the-error/mean-squared-error/', 'loss-widget', [/predictions and their targets on an axis/, /^MSE: the loss of one point/]],
  ['/lessons/downhill/adam/', 'descent-widget', [/^Level curves of/]],
  ['/lessons/learning/a-network-that-learns-xor/', 'xor-widget', [/^The inputs x1 and x2/, /^The four points at their hidden features/, /^The loss, binary cross-entropy/]],
  ['/lessons/the-transformer-and-the-reward/ppo/', 'ppo-widget', [/^Each sample's ratio r against the epoch/]],
];

for (const [url, tag, names] of PICTURES) {
  test(`${tag}: each picture is named by its title, and nothing reads its name again as its description`, async ({ page }) => {
    await page.goto(url);
    await page.evaluate(async (name) => {
      await customElements.whenDefined(name);
      await document.querySelector(name).ready();
    }, tag);
    const { nodes } = await (await page.context().newCDPSession(page)).send('Accessibility.getFullAXTree');
    const named = nodes.filter((node) => node.name?.value);
    for (const name of names) expect(named.some((node) => name.test(node.name.value)), `a picture named ${name}`).toBe(true);
    const twice = named.filter((node) => node.name.value === node.description?.value).map((node) => `${node.role?.value}: ${node.name.value}`);
    expect(twice, 'read out twice').toEqual([]);
  });
}
