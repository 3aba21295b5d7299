// The elements' words come from web/i18n/messages/: no English phrase is left as a string
// literal in the code that builds what a learner reads or hears. (Error messages built by the
// core and the settings readers stay English at the source and are read in the learner's
// language by web/i18n/localise-error.js; a line that hands a literal to it, a console message
// for developers, a comment and a class attribute are not learners' words.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const FILES = [
  'pool-widget/pool-widget.js',
  'neuron-widget/neuron-widget.js', 'neuron-widget/template.js', 'neuron-widget/plot.js',
  'pool-playground/pool-playground.js', 'pool-playground/template.js', 'pool-playground/explain.js',
  'pool-playground/formula.js', 'pool-playground/grids.js', 'pool-playground/picture.js', 'pool-playground/controls.js',
  'embedding-widget/embedding-widget.js', 'embedding-widget/template.js', 'dropout-widget/dropout-widget.js', 'dropout-widget/template.js',
  'xor-widget/xor-widget.js', 'xor-widget/template.js', 'xor-widget/plane.js', 'xor-widget/hidden-space.js',
  'xor-widget/loss-curve.js', 'xor-widget/svg-parts.js',
  'lamb-widget/lamb-widget.js', 'lamb-widget/template.js',
  'rnn-widget/rnn-widget.js', 'rnn-widget/template.js',
  'lstm-widget/lstm-widget.js', 'lstm-widget/template.js',
  'attention-widget/attention-widget.js', 'attention-widget/template.js',
  'positions-widget/positions-widget.js', 'positions-widget/template.js',
  'encoder-widget/encoder-widget.js', 'encoder-widget/template.js',
  'ppo-widget/ppo-widget.js', 'ppo-widget/template.js', 'ppo-widget/chart.js',
  'shared/aria-grid.js', 'shared/element.js', 'shared/format-number.js',
  'shared/number-row.js', 'shared/settings-element.js', 'shared/step-timeline.js',
];
const LITERAL = /'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g;
const PHRASE = /\b[A-Za-z]{2,} [a-z]{2,}\b/;

test('no English phrase is left as a literal in the elements\' rendering code', () => {
  const found = [];
  for (const file of FILES) {
    const lines = readFileSync(new URL(`../../web/components/${file}`, import.meta.url), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const code = line.trim();
      if (/^(\/\/|\*|\/\*)/.test(code) || /console\.|localiseError\(/.test(line)) return;
      for (const match of line.matchAll(LITERAL)) {
        const before = line.slice(Math.max(0, match.index - 9), match.index);
        // A class list: after class:, or lowercase words of which one is hyphenated ('hint forward-hint').
        if (/class: $/.test(before) || /^['`][a-z-]+(?: [a-z-]+)*['`]$/.test(match[0]) && match[0].includes('-')) continue;
        const text = match[0].replace(/\$\{[^}]*\}/g, '');
        if (PHRASE.test(text)) found.push(`${file}:${i + 1}: ${match[0]}`);
      }
    });
  }
  assert.deepEqual(found, []);
});
