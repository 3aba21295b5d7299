// <ppo-widget> fits its cards, legend and chart to a change rather than building them again: one
// sample more adds that sample's cards, legend line and chart line alone, more epochs add only
// the markers of the new epochs; every other node stays. A change that shapes nothing (the
// epoch shown, a typed lr, a chosen action) keeps every node, and a focused field keeps the
// focus while the samples change.
import { allKept, keptNodes, tagNodes } from './kept-nodes.js';
import { expect, test } from './ppo-page.js';

const CARDS = '[part="samples"] .card, [part="epoch"] .card, .legend li';
const SERIES = '.chart .lines > g';
const MARKERS = '.chart .lines > g > .marker';
const EVERY_NODE = `${CARDS}, ${SERIES}, ${MARKERS}, .chart .labels text`;

test('one sample more adds its cards, legend line and chart line; every other node stays', async ({ ppo }) => {
  await ppo.open();
  expect(await tagNodes(ppo, EVERY_NODE), 'two samples, ten epochs: 6 cards and lines, 2 series, 22 markers, 7 labels').toBe(37);
  await ppo.button('One sample more').click();
  await expect(ppo.root).toHaveAttribute('samples', '3');
  expect(await keptNodes(ppo, '[part="samples"] .card'), 'sample 3\'s settings card is new').toEqual([true, true, false]);
  expect(await keptNodes(ppo, '[part="epoch"] .card'), 'sample 3\'s numbers card is new').toEqual([true, true, false]);
  expect(await keptNodes(ppo, '.legend li'), 'sample 3\'s legend line is new').toEqual([true, true, false]);
  expect(await keptNodes(ppo, SERIES), 'sample 3\'s chart line is new').toEqual([true, true, false]);
  expect(await keptNodes(ppo, MARKERS), 'samples 1 and 2 keep their markers').toEqual([...allKept(22), ...Array(11).fill(false)]);
  expect(await keptNodes(ppo, '.chart .labels text'), 'the chart\'s labels stay').toEqual(allKept(7));
  await expect(ppo.fields('logits'), 'sample 3\'s logits have fields').toHaveCount(9);
  await expect(ppo.fields('logits').nth(8), 'and hold their numbers').toHaveValue('0');

  await ppo.button('One sample fewer').click();
  await expect(ppo.root).toHaveAttribute('samples', '2');
  expect(await keptNodes(ppo, EVERY_NODE), 'one fewer removes sample 3\'s alone').toEqual(allKept(37));
});

test('the epoch shown, a typed lr, a chosen action and more epochs keep every node that stays', async ({ ppo }) => {
  await ppo.open();
  const count = await tagNodes(ppo, EVERY_NODE);
  await ppo.button('One epoch earlier').click();
  await expect(ppo.root).toHaveAttribute('selected', '9');
  await ppo.field('Learning rate lr').fill('2');
  await ppo.field('Learning rate lr').press('Enter');
  await expect(ppo.root).toHaveAttribute('lr', '2');
  await ppo.choice('Sample 2, action taken').selectOption('3');
  await expect(ppo.root).toHaveAttribute('actions', '1 3');
  expect(await keptNodes(ppo, EVERY_NODE), 'no node made again').toEqual(allKept(count));

  await ppo.root.evaluate((widget) => {
    widget.setState({ epochs: 12 });
    return widget.ready();
  });
  const eleven = [...allKept(11), false, false];
  expect(await keptNodes(ppo, MARKERS), 'each line keeps its 11 markers and gains 2').toEqual([...eleven, ...eleven]);
});

test('a focused logit keeps the focus while the samples change', async ({ ppo }) => {
  await ppo.open();
  const field = ppo.fields('logits').first();
  await field.focus();
  await ppo.root.evaluate((widget) => {
    widget.setState({ samples: 4 });
    return widget.ready();
  });
  await expect(ppo.fields('logits'), 'the cards took the new samples').toHaveCount(12);
  await expect(field, 'sample 1\'s first logit is the node it was, focus and all').toBeFocused();
});
