#!/usr/bin/env node
// What one change of a widget costs the main thread, and whether a style rule changes that:
// many changes in one page, each timed from a trace, with the widget's own rules and then with
// CSS put over them (--css), in turn. (Not part of `npm test`; see README.md, "A change's
// frame".) Loads vary by 50 % and more on a shared machine, so two builds compared load by load
// (pages.mjs --against) hide a change of a few milliseconds; within one page, the arms take
// turns a few milliseconds apart.
//
//   node tests/bench/frames.mjs --page lessons/pictures/patches-of-a-picture/ \
//     --controls 'Gradient,Average' [--css 'CSS'] [--css 'CSS2'] [--slowdown 4] [--changes 12] [--rounds 3]
//
// --controls: the two controls clicked in turn, each a button's text or a CSS selector (in the
// widget's shadow root), separated by a comma; name one twice to click it every time (a radio
// that is not checked, say).
// --css: rules adopted by the widget's shadow root for that arm; `@@` starts rules for the page.
import path from 'node:path';
import { parseArgs } from 'node:util';

import { ELEMENT_TAGS } from '../../web/components/registry.js';
import { formatTable } from './format.mjs';
import { ROOT } from './setup.mjs';
import { launchBrowser, serveBuild } from './tap-page.mjs';
import { machinePace, median, paceLine } from './timing.mjs';

const { values: flags } = parseArgs({
  options: {
    page: { type: 'string', default: 'lessons/pictures/patches-of-a-picture/' },
    controls: { type: 'string', default: 'Gradient,Average' },
    css: { type: 'string', multiple: true, default: [] },
    slowdown: { type: 'string', default: '1' },
    changes: { type: 'string', default: '12' },
    rounds: { type: 'string', default: '3' },
    dir: { type: 'string', default: 'dist' },
  },
});
const arms = ['', ...flags.css];
const changes = Math.max(3, Number(flags.changes));
// The first two changes of each round warm the code and the caches up; they are not counted.
const WARM = 2;

// In the page: put the arm's CSS over the widget's (and the page's), then click the controls in
// turn, marking each click, the end of the render it starts, and the frame after it.
async function runArm([tags, controls, css, count]) {
  const widget = document.querySelector(tags.join(','));
  const root = widget.shadowRoot;
  const bySelector = (what) => {
    try {
      return root.querySelector(what);
    } catch {
      return null;  // words, not a selector
    }
  };
  const find = (what) => bySelector(what)
    ?? [...root.querySelectorAll('button, label')].find((node) => node.textContent.trim().startsWith(what));
  const adopt = (scope, text) => {
    scope.benchSheet ??= new CSSStyleSheet();
    if (!scope.adoptedStyleSheets.includes(scope.benchSheet)) scope.adoptedStyleSheets = [...scope.adoptedStyleSheets, scope.benchSheet];
    scope.benchSheet.replaceSync(text);
  };
  const [inner, outer = ''] = css.split('@@');
  adopt(root, inner);
  adopt(document, outer);
  const nodes = controls.map(find);
  if (nodes.some((node) => !node)) throw new Error(`no control ${controls[nodes.indexOf(undefined)]} in <${widget.localName}>`);
  nodes[0].scrollIntoView({ block: 'center' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (let i = 0; i < count; i++) {
    performance.mark(`click ${i}`);
    find(controls[i % controls.length]).click();
    await widget.ready?.();
    performance.mark(`rendered ${i}`);
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    performance.mark(`framed ${i}`);
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
}

// From a trace of runArm: per counted change, ms of the renderer's main thread.
function costs(traceEvents, count) {
  const threads = traceEvents.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  const busiest = threads.map((t) => traceEvents.filter((e) => e.pid === t.pid && e.tid === t.tid))
    .sort((a, b) => b.length - a.length)[0];
  const at = (name) => busiest.find((e) => e.name === name)?.ts;
  const rows = [];
  for (let i = WARM; i < count; i++) {
    const [from, rendered, to] = [at(`click ${i}`), at(`rendered ${i}`), at(`framed ${i}`)];
    const inside = busiest.filter((e) => e.ph === 'X' && e.ts >= from && e.ts <= to);
    const sum = (names) => inside.filter((e) => names.includes(e.name)).reduce((total, e) => total + e.dur, 0) / 1000;
    rows.push({
      render: (rendered - from) / 1000,
      // With a size container, style below it is worked out during layout; both are counted.
      styleAndLayout: sum(['UpdateLayoutTree', 'Layout']),
      paint: sum(['PrePaint', 'Paint', 'Layerize']),
    });
  }
  return rows;
}

const dir = path.resolve(ROOT, flags.dir);
const { server, baseUrl } = await serveBuild(dir);
const paceAtStart = machinePace();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(flags.slowdown) });
  await page.goto(`${baseUrl}/${flags.page.replace(/^\//, '')}`, { waitUntil: 'load' });
  await page.evaluate(async (tags) => {
    const widget = await new Promise((resolve) => {
      const look = () => { const found = document.querySelector(tags.join(',')); if (found?.ready) resolve(found); else setTimeout(look, 50); };
      look();
    });
    await widget.ready();
  }, ELEMENT_TAGS);
  const results = new Map(arms.map((css) => [css, []]));
  for (let round = 0; round < Number(flags.rounds); round++) {
    for (const css of arms) {
      await browser.startTracing(page, { categories: ['devtools.timeline', 'blink.user_timing'] });
      await page.evaluate(runArm, [ELEMENT_TAGS, flags.controls.split(','), css, changes]);
      const trace = JSON.parse((await browser.stopTracing()).toString());
      results.get(css).push(...costs(trace.traceEvents, changes));
    }
  }
  const ms = (value) => `${value.toFixed(2)} ms`;
  const cpu = Number(flags.slowdown) === 1 ? 'the CPU as is' : `the CPU ${flags.slowdown}x slower`;
  console.log(`# One change's frame: ${flags.page}, clicking ${flags.controls}, ${cpu}\n`);
  console.log(formatTable(['rules', 'render (median)', 'style and layout', 'paint'], arms.map((css) => {
    const rows = results.get(css);
    return [css === '' ? "the widget's own" : css.slice(0, 70), ms(median(rows.map((r) => r.render))),
      ms(median(rows.map((r) => r.styleAndLayout))), ms(median(rows.map((r) => r.paint)))];
  }), 1));
  console.log(`\n${Number(flags.rounds)} rounds of ${changes - WARM} counted changes per arm (the first ${WARM} of each round warm up), arms in turn.`);
  console.log('render: from the click until the widget\'s ready(); the others: main-thread time in the trace up to the frame after it.');
  console.log(`pace: ${paceLine(paceAtStart)}.`);
} finally {
  await browser.close();
  server.close();
}
