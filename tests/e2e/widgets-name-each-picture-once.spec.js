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

// A grid, table, list or picture is heard with its name as a screen reader enters it, and so is
// the figure, region or group around it: a grid in a figure whose caption says the same words,
// or a table named by the heading that also names its section as a region, is heard twice on
// the way in. The container's name is as a screen reader hears it: a figure's is its caption
// (Chromium names no figure, and reads the caption as the figure's text; HTML-AAM and the other
// engines name the figure by it). Words are compared in any order, "by" and "×" alike, so
// "X (input), 2 × 3" and "Input X, 2 by 3" are the same caption; a figure's caption is said
// again if the thing inside says all of its words (or it all of the other's). A table may take
// its name from the named box around it that holds nothing else of its kind (a box that
// scrolls, named for the keyboard that tabs to it); every other grid, table and figure is named.
const CAPTIONED = [
  ['/lessons/pictures/patches-of-a-picture/', 'pool-widget'],
  ['/lessons/pictures/every-knob-of-pooling/', 'pool-playground'],
  ['/lessons/one-neuron/relu/', 'neuron-widget'],
  ['/lessons/a-layer/softmax/', 'softmax-widget'],
  ['/lessons/a-layer/embedding/', 'embedding-widget'],
  ['/lessons/a-layer/dropout/', 'dropout-widget'],
  ['/lessons/pictures/batch-normalisation/', 'batchnorm-widget'],
  ['/lessons/the-error/mean-squared-error/', 'loss-widget'],
  ['/lessons/the-error/cross-entropy/', 'cross-entropy-widget'],
  ['/lessons/downhill/adam/', 'descent-widget'],
  ['/lessons/learning/backpropagation-through-a-layer/', 'linear-widget'],
  ['/lessons/learning/a-network-that-learns-xor/', 'xor-widget'],
  ['/lessons/learning/lamb/', 'lamb-widget'],
  ['/lessons/memory-and-attention/a-recurrent-cell/', 'rnn-widget'],
  ['/lessons/memory-and-attention/the-gates-of-an-lstm/', 'lstm-widget'],
  ['/lessons/memory-and-attention/attention/', 'attention-widget'],
  ['/lessons/the-transformer-and-the-reward/positions-as-clocks/', 'positions-widget'],
  ['/lessons/the-transformer-and-the-reward/an-encoder-block/', 'encoder-widget'],
  ['/lessons/the-transformer-and-the-reward/ppo/', 'ppo-widget'],
];

const CONTAINERS = new Set(['figure', 'region', 'group', 'radiogroup', 'grid', 'treegrid', 'table', 'list', 'image', 'img']);
const NAMED = new Set(['figure', 'grid', 'treegrid', 'table']);
const words = (name) => (name.toLowerCase().match(/[\p{L}\p{N}\p{Sm}∂]+/gu) ?? []).map((word) => (word === 'by' ? '×' : word)).sort();
const sameWords = (a, b) => a.length === b.length && a.every((word, i) => word === b[i]);
const allOf = (part, whole) => part.every((word) => whole.includes(word));

// The widget's accessibility tree as Chromium gives a screen reader: each node with its role, the
// name heard on entering it and its children.
async function widgetTree(page, tag) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: tag });
  const { node: host } = await cdp.send('DOM.describeNode', { nodeId });
  const text = (node) => (node.role?.value === 'StaticText' ? node.name?.value ?? '' : (node.childIds ?? []).map((id) => text(byId.get(id))).join(' '));
  const heard = (node) => {
    const name = node.name?.value?.trim() ?? '';
    if (name || node.role?.value !== 'figure') return name;
    const caption = (node.childIds ?? []).map((id) => byId.get(id)).find((child) => child.role?.value === 'Figcaption');
    return caption ? text(caption).replace(/\s+/g, ' ').trim() : '';
  };
  const build = (node) => ({
    role: node.ignored ? 'ignored' : node.role?.value, name: node.ignored ? '' : heard(node),
    children: (node.childIds ?? []).map((id) => build(byId.get(id))),
  });
  await cdp.detach();
  return build(nodes.find((node) => node.backendDOMNodeId === host.backendNodeId));
}

// Each widget's lesson, in one of two pages that open theirs in turn (a test and a browser
// context apiece would cost more than the check).
async function expectEachCaptionHeardOnce(page, url, tag) {
  await page.goto(url);
  await page.evaluate(async (name) => {
    await customElements.whenDefined(name);
    await document.querySelector(name).ready();
  }, tag);
  const twice = [];
  const unnamed = [];
  // Walks the tree with the nearest named container above each node.
  const walk = (node, around) => {
    const container = CONTAINERS.has(node.role) && node.name;
    if (container && around) {
      const [inner, outer] = [words(node.name), words(around.name)];
      const said = sameWords(inner, outer) || (around.role === 'figure' && (allOf(outer, inner) || allOf(inner, outer)));
      if (said) twice.push(`${around.role} "${around.name}" > ${node.role} "${node.name}"`);
    }
    if (NAMED.has(node.role) && !node.name) {
      const boxed = node.role === 'table' && around && countOf(around, 'table') === 1;
      if (!boxed) unnamed.push(`${node.role} in ${around ? `${around.role} "${around.name}"` : 'the widget'}`);
    }
    for (const child of node.children) walk(child, container ? node : around);
  };
  const countOf = (node, role) => node.children.reduce((count, child) => count + countOf(child, role), node.role === role ? 1 : 0);
  walk(await widgetTree(page, tag), null);
  expect(twice, `${tag}: a caption heard twice: a container and the thing inside it named with the same words`).toEqual([]);
  expect(unnamed, `${tag}: a grid, table or figure with no name`).toEqual([]);
}

[0, 1].forEach((half) => test(`every other widget (${half + 1} of 2): each caption is heard once, and every grid, table and figure has a name`, async ({ page }) => {
  test.slow();
  for (const [url, tag] of CAPTIONED.filter((_, index) => index % 2 === half)) {
    await test.step(tag, () => expectEachCaptionHeardOnce(page, url, tag));
  }
}));
