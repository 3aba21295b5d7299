// On a 320 px phone (the narrowest screen WCAG's reflow asks for) every widget, at settings that
// make its numbers long, shows each number whole on one line: a line breaks between numbers and
// words, never inside a number, where "-0.0000" over "1234" reads as two numbers. A number too
// wide for its cell widens the cells of its grid, which scrolls sideways in its box; the page
// itself never does. And every label drawn in a chart (an SVG, which shrinks its text with
// itself) is 12 px or larger as it shows. The lesson's own text around the widget is checked too.
// In the grids given long numbers (LONG_NUMBER_GRIDS) the same page load also holds each number
// inside its cell (widgets-a-long-number-is-never-cut-off checks them on a desktop).
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { attributesOf as attentionAttributes } from './attention-page.js';
import { attributesOf as encoderAttributes } from './encoder-page.js';
import { attributesOf as lambAttributes } from './lamb-page.js';
import {
  expectLongNumbersInsideTheirCells, LARGE, LONG_NUMBER_GRIDS, MIXED, openWidgetWith, TINY,
} from './long-numbers.js';
import { attributesOf as lstmAttributes } from './lstm-page.js';
import { attributesOf as positionsAttributes } from './positions-page.js';
import { attributesOf as ppoAttributes } from './ppo-page.js';
import { attributesOf as rnnAttributes } from './rnn-page.js';
import { attributesOf as xorAttributes } from './xor-page.js';

/** The attributes of a case of `<name>-expected.json`, the PyTorch spec's, by the case's name. */
function settingsOf(name, caseName, attributesOf) {
  const { cases } = JSON.parse(readFileSync(new URL(`./${name}-expected.json`, import.meta.url), 'utf8'));
  const found = cases.find((testCase) => testCase.name === caseName);
  if (!found) throw new Error(`${name}-expected.json has no case "${caseName}"`);
  return attributesOf(found.expected.settings);
}

// Four long numbers, for a widget that takes a list (scores, logits, an embedding's rows).
const LONG = `${TINY} ${LARGE} -${LARGE} 0.00001`;

// The other widgets, and the playground as max pooling, at settings that make their numbers long.
const OTHER_WIDGETS = [
  ['max pooling', '/lessons/pictures/max-pooling/', 'pool-playground', { input: MIXED }],
  ['softmax', '/lessons/a-layer/softmax/', 'softmax-widget', { scores: LONG }],
  ['an embedding', '/lessons/a-layer/embedding/', 'embedding-widget', { weight: Array(6).fill(LONG).join(' ') }],
  ['dropout', '/lessons/a-layer/dropout/', 'dropout-widget', { input: `${LONG} ${LONG}` }],
  ['a neuron', '/lessons/one-neuron/the-sigmoid/', 'neuron-widget', { inputs: `${TINY} -${LARGE}`, weights: `${LARGE} ${TINY}` }],
  ['the Huber loss', '/lessons/the-error/the-huber-loss/', 'loss-widget', { predictions: `${TINY} -${LARGE} 1234.5`, targets: `${LARGE} 0.00001 ${TINY}` }],
  ['cross-entropy', '/lessons/the-error/cross-entropy/', 'cross-entropy-widget', { logits: LONG }],
  ['descent', '/lessons/downhill/adam/', 'descent-widget', {}],
  ['XOR, sixteen units', '/lessons/learning/a-network-that-learns-xor/', 'xor-widget', settingsOf('xor', 'sixteen units, lr 1, the largest seed, 500 steps', xorAttributes)],
  ['LAMB, a large weight decay', '/lessons/learning/lamb/', 'lamb-widget', settingsOf('lamb', 'a large weight decay', lambAttributes)],
  ['a recurrent cell, every weight at 100', '/lessons/memory-and-attention/a-recurrent-cell/', 'rnn-widget', settingsOf('rnn', 'limits: every weight at 100', rnnAttributes)],
  ['an LSTM, forget bias -5', '/lessons/memory-and-attention/the-gates-of-an-lstm/', 'lstm-widget', settingsOf('lstm', 'forget bias -5', lstmAttributes)],
  ['attention, six by six', '/lessons/memory-and-attention/attention/', 'attention-widget', settingsOf('attention', 'six by six, d 4, dv 4', attentionAttributes)],
  ['positions, 64 of 64', '/lessons/the-transformer-and-the-reward/positions-as-clocks/', 'positions-widget', settingsOf('positions', '64 positions of 64 features', positionsAttributes)],
  ['the largest encoder', '/lessons/the-transformer-and-the-reward/an-encoder-block/', 'encoder-widget', settingsOf('encoder', 'six tokens, d_model 8, norm_first, gelu', encoderAttributes)],
  ['PPO, the largest', '/lessons/the-transformer-and-the-reward/ppo/', 'ppo-widget', settingsOf('ppo', 'the largest: four samples, fifty epochs, lr 100', ppoAttributes)],
  ['PPO, after one step', '/lessons/the-transformer-and-the-reward/ppo/', 'ppo-widget', settingsOf('ppo', 'after one step', ppoAttributes)],
];

const CASES = [
  ...LONG_NUMBER_GRIDS.map(([name, url, tag, attributes]) => ({ name, url, tag, attributes, grid: true })),
  ...OTHER_WIDGETS.map(([name, url, tag, attributes]) => ({ name, url, tag, attributes, grid: false })),
];

test.use({ viewport: { width: 320, height: 700 }, hasTouch: true });

for (const { name, url, tag, attributes, grid } of CASES) {
  test(`${name}: every number ${grid ? 'inside its cell and ' : ''}on one line, every label 12 px, every control named with its visible words`, async ({ page }) => {
    const widget = await openWidgetWith(page, url, tag, attributes);
    await expect(widget.getByRole('alert').filter({ hasText: /./ }), 'the widget takes the settings').toHaveCount(0);
    if (grid) await expectLongNumbersInsideTheirCells(widget);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
    const found = await page.evaluate(() => {
      // The text after the widget is laid out only near the screen (content-visibility: auto);
      // laid out now, its lines can be measured.
      document.querySelectorAll('.lesson__part').forEach((part) => { part.style.contentVisibility = 'visible'; });
      const roots = [document];
      for (let i = 0; i < roots.length; i++) {
        for (const node of roots[i].querySelectorAll('*')) if (node.shadowRoot) roots.push(node.shadowRoot);
      }
      const NUMBER = /[-+−]?(?:\d+(?:\.\d+)?|\.\d+)(?:e[-+−]?\d+)?/g;
      const split = [];
      const small = [];
      for (const root of roots) {
        const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let text = texts.nextNode(); text; text = texts.nextNode()) {
          if (text.parentElement.closest('svg, script, style')) continue;
          for (const match of text.data.matchAll(NUMBER)) {
            if (match[0].length < 2) continue;
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            const lines = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
            const middles = lines.map((rect) => rect.top + rect.height / 2);
            // Parts of one number on one line share their middle; on the next line it is a line lower.
            if (lines.length > 1 && Math.max(...middles) - Math.min(...middles) > Math.min(...lines.map((rect) => rect.height)) / 2) {
              split.push(`${match[0]} in "${text.data.trim().slice(0, 60)}" (${root.host?.localName ?? 'the page'})`);
            }
          }
        }
        for (const label of root.querySelectorAll('svg text')) {
          const matrix = label.getScreenCTM();
          if (!label.textContent.trim() || label.getClientRects().length === 0 || !matrix) continue;
          const shown = parseFloat(getComputedStyle(label).fontSize) * Math.hypot(matrix.a, matrix.b);
          if (shown < 11.95) small.push(`"${label.textContent.trim()}" at ${shown.toFixed(1)} px (${root.host.localName})`);
        }
      }
      // WCAG 2.5.3 (label in name): a control's name holds the words shown above it, so a
      // learner who says "γ (weight)" to speech input reaches the field that shows it.
      const misnamed = [];
      for (const root of roots) {
        for (const label of root.querySelectorAll('label.control')) {
          const words = label.querySelector(':scope > span')?.textContent.trim();
          const control = label.querySelector('input, select');
          const name = control?.getAttribute('aria-label');
          if (words && name && !name.toLowerCase().includes(words.toLowerCase())) misnamed.push(`"${words}" named "${name}" (${root.host?.localName})`);
        }
      }
      return { split, small, misnamed };
    });
    expect(found.split, 'numbers broken over two lines').toEqual([]);
    expect(found.small, 'chart labels smaller than 12 px as drawn').toEqual([]);
    expect(found.misnamed, 'controls whose name leaves out the words shown for them').toEqual([]);
  });
}
