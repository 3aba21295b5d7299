#!/usr/bin/env node
// What repainting every shade of the positions heat map costs at 64 × 64 (4096 cells): a shade
// as a class whose rule the cells share (what <positions-widget> does), against a custom property
// of each cell's own that one rule mixes (--strength), in one page, in turn. (Not part of
// `npm test`; see README.md, "Shades of a heat map".)
//
//   node tests/bench/shades.mjs [--dir dist] [--rounds 8] [--slowdown 1]
import { parseArgs } from 'node:util';

import { formatTable } from './format.mjs';
import { launchBrowser, serveBuild } from './tap-page.mjs';
import { machinePace, median, paceLine } from './timing.mjs';

const { values: flags } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    rounds: { type: 'string', default: '8' },
    slowdown: { type: 'string', default: '1' },
  },
});
const rounds = Math.max(2, Number(flags.rounds));

// In the page: each arm writes every cell's shade for round `k`, then lays the map out; returns
// [script ms, style and layout ms].
async function shadeArm([arm, k]) {
  const widget = document.querySelector('positions-widget');
  const root = widget.shadowRoot;
  if (!root.benchSheet) {
    root.benchSheet = new CSSStyleSheet();
    root.benchSheet.replaceSync(`.map-cell.own { background: color-mix(in oklab, var(--positive) calc(var(--strength, 0) * 100%), var(--pool-cell)); }
.map-cell.own.negative { background: color-mix(in oklab, var(--negative) calc(var(--strength, 0) * 100%), var(--pool-cell)); }`);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, root.benchSheet];
  }
  const cells = [...root.querySelectorAll('.map-cell')];
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  // Every cell's shade for round `round`, written as the arm writes it.
  const write = (round) => cells.forEach((cell, i) => {
    const negative = (i + round) % 3 === 0;
    const size = ((i * 7 + round) % 101) / 100;
    if (arm === 'classes') {
      const shade = `map-cell ${negative ? 'n' : 'p'}${Math.round(size * 100)}`;
      if (cell.className !== shade) cell.className = shade;
    } else {
      if (!cell.classList.contains('own')) cell.className = 'map-cell own';
      cell.classList.toggle('negative', negative);
      const strength = size.toFixed(3);
      if (cell.style.getPropertyValue('--strength') !== strength) cell.style.setProperty('--strength', strength);
    }
  });
  // Each arm starts from its own kind of shades, those of the round before, laid out: what is
  // timed is one change of every shade, as a tap that changes d_model makes.
  if (arm === 'classes') for (const cell of cells) cell.style.removeProperty('--strength');
  write(k - 1);
  await frame();
  const start = performance.now();
  write(k);
  const written = performance.now();
  root.querySelector('.map').getBoundingClientRect();
  return [written - start, performance.now() - written];
}

const paceAtStart = machinePace();
const { server, baseUrl } = await serveBuild(flags.dir);
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${baseUrl}/lessons/the-transformer-and-the-reward/positions-as-clocks/`);
  await page.evaluate(async () => {
    await customElements.whenDefined('positions-widget');
    const widget = document.querySelector('positions-widget');
    await widget.ready();
    widget.setState({ positions: 64, dModel: 64 });
    await widget.ready();
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(flags.slowdown) });
  const times = { classes: [], own: [] };
  // The first round of each arm warms the code and the style caches up; it is not counted.
  for (let k = 0; k <= rounds; k++) {
    for (const arm of k % 2 ? ['own', 'classes'] : ['classes', 'own']) {
      const time = await page.evaluate(shadeArm, [arm, k]);
      if (k > 0) times[arm].push(time);
    }
  }
  const ms = (value) => `${value.toFixed(1)} ms`;
  const row = (name, list) => [name, ms(median(list.map(([script]) => script))), ms(median(list.map(([, style]) => style)))];
  console.log(`# Shades of a heat map: every one of 4096 cells reshaded, CPU ${flags.slowdown === '1' ? 'as is' : `${flags.slowdown}x slower`}\n`);
  console.log(formatTable(['shade written as', 'script (median)', 'style and layout'], [
    row('a class per step (the widget)', times.classes),
    row('a custom property per cell', times.own),
  ], 1));
  console.log(`\n${rounds} rounds per arm, arms in turn, after one round each to warm up.`);
  console.log(`pace: ${paceLine(paceAtStart)}`);
} finally {
  await browser.close();
  server.close();
}
