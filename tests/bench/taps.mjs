#!/usr/bin/env node
// `npm run bench:taps` (never part of `npm test`): what one tap on each lesson's widget is made
// of, on pages.mjs's phone. The same control is touched the same way and timed the same way
// (tap-page.mjs), while Chromium traces the page; the trace of its main thread from the touch
// to the frame after the widget's text changes is split into the wait before the first input
// event, script, style, layout, paint and the time the thread was idle (waiting for the
// browser's next input event or for the frame). Medians of --runs loads per lesson. The CPU is
// slowed 4x as in pages.mjs; the network is not slowed, as it plays no part once the widget is
// ready. See README.md, "What a tap is made of".
//
//   node tests/bench/taps.mjs [--runs 3] [--only relu,softmax] [--dir dist]
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { ELEMENT_TAGS } from '../../web/components/registry.js';
import { formatTable } from './format.mjs';
import { ROOT } from './setup.mjs';
import {
  benchTargets, launchBrowser, pageProbe, phonePage, PROFILE, REST_MS, serveBuild, tapCandidates, touch, watchTap,
} from './tap-page.mjs';
import { machinePace, median, paceLine } from './timing.mjs';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    dir: { type: 'string', default: 'dist' },
  },
});
const runs = Math.max(1, Number(flags.runs));
const only = flags.only?.split(',');

// What the parts need and little more: each category traced slows the page it traces.
const CATEGORIES = 'devtools.timeline,blink.user_timing,toplevel,v8,disabled-by-default-v8.compile';

// The parts of a tap, each the union of the main thread's trace events with these names (a
// Paint inside a Paint counts once), clipped to the tap.
const PARTS = {
  busy: /^(ThreadControllerImpl::RunTask|RunTask)$/,
  script: /^(FunctionCall|RunMicrotasks|EvaluateScript|V8\.Execute)$/,
  compile: /^V8\.(CompileCode|CompileLazy|ParseFunction|CompileBaseline)$/,
  style: /^UpdateLayoutTree$/,
  layout: /^Layout$/,
  paint: /^(PrePaint|Paint|Layerize)$/,
};

// The length of the union of [from, to) intervals, in the units given.
function unionLength(intervals) {
  let total = 0;
  let reached = -Infinity;
  for (const [from, to] of intervals.sort((a, b) => a[0] - b[0])) {
    total += Math.max(0, to - Math.max(from, reached));
    reached = Math.max(reached, to);
  }
  return total;
}

// One tap's parts, in ms, from the trace's events: `clock` pairs the page's clock with the
// trace's (a performance.mark named bench-clock, set at `clock.at` ms on the page), `timed` is
// watchTap's answer.
function tapParts(events, clock, timed) {
  const mark = events.find((e) => e.name === 'bench-clock' && e.cat?.includes('user_timing'));
  if (!mark) throw new Error('the trace holds no bench-clock mark');
  const toTrace = (ms) => mark.ts + (ms - clock.at) * 1000;
  const [from, to] = [toTrace(timed.touched), toTrace(timed.frame)];
  const main = events.filter((e) => e.pid === mark.pid && e.tid === mark.tid && e.ph === 'X' && e.dur > 0
    && e.ts < to && e.ts + e.dur > from);
  const clipped = (e) => [Math.max(e.ts, from), Math.min(e.ts + e.dur, to)];
  const parts = Object.fromEntries(Object.entries(PARTS).map(([part, names]) => [
    part, unionLength(main.filter((e) => names.test(e.name)).map(clipped)) / 1000,
  ]));
  const firstEvent = Math.min(...main.filter((e) => e.name === 'EventDispatch').map((e) => e.ts));
  return {
    tapMs: timed.ms,
    toEventMs: Number.isFinite(firstEvent) ? (firstEvent - from) / 1000 : null,
    ...parts,
    idle: timed.ms - parts.busy,
  };
}

async function measure(browser, baseUrl, target) {
  const { context, page, cdp } = await phonePage(browser, { network: false });
  try {
    await page.addInitScript(pageProbe, ELEMENT_TAGS);
    await page.goto(baseUrl + target.url, { waitUntil: 'load', timeout: 60_000 });
    if (!await page.evaluate(() => window.__bench.until((bench) => bench.ready !== null, 100, 30_000))) {
      throw new Error(`${target.url}: ${target.element} did not show its numbers within 30 s`);
    }
    const candidates = await page.evaluate(tapCandidates);
    for (let i = 0; i < candidates.length; i++) {
      const { label, isPlot } = candidates[i];
      const tap = await touch(page, i, isPlot ? 0.8 : 0.5);
      if (!tap) continue;  // covered: the next control
      const events = [];
      const collect = (e) => events.push(...e.value);
      cdp.on('Tracing.dataCollected', collect);
      await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
      const watch = page.evaluate(watchTap, 'element');
      const clock = { at: await page.evaluate(() => performance.mark('bench-clock').startTime) };
      await tap();
      const timed = await watch;
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', collect);
      if (timed !== null) return { control: label, ...tapParts(events, clock, timed) };
    }
    return null;
  } finally {
    await context.close();
  }
}

const ms = (t) => (t === null || t === undefined ? 'n/a' : `${t.toFixed(1)}`);

async function main() {
  const dir = path.resolve(ROOT, flags.dir);
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${flags.dir}/index.html is missing: build the site first (npm run build)`);
  }
  const chosen = (await benchTargets()).filter((t) => t.element && (!only || only.includes(t.name)));
  const { server, baseUrl } = await serveBuild(dir);
  const browser = await launchBrowser();
  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0];
  const paceAtStart = machinePace();
  const rows = [];
  try {
    for (const target of chosen) {
      const results = [];
      for (let run = 0; run < runs; run++) {
        const result = await measure(browser, baseUrl, target);
        if (result) results.push(result);
      }
      const m = (key) => (results.length ? median(results.map((r) => r[key])) : null);
      const row = [target.name, ...['tapMs', 'toEventMs', 'busy', 'script', 'compile', 'style', 'layout', 'paint', 'idle'].map((key) => ms(m(key))),
        results[0]?.control ?? 'no control changed the numbers'];
      rows.push(row);
      process.stderr.write(`${row.join('  ')}\n`);
    }
  } finally {
    await browser.close();
    server.close();
  }
  const lines = [
    '# What a tap is made of',
    '',
    `date      ${startedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    `command   node ${path.relative(ROOT, process.argv[1])} ${process.argv.slice(2).join(' ')}`.trimEnd(),
    `profile   CPU ${PROFILE.cpuSlowdown}x slower, ${PROFILE.viewport.width} x ${PROFILE.viewport.height} touch, network not slowed; the touch ${REST_MS} ms after the control came into view`,
    `load      1-minute load average ${loadAtStart.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end`,
    `pace      ${paceLine(paceAtStart)}`,
    `method    median of ${runs} loads per lesson, each part separately (ms)`,
    '',
    formatTable(['page', 'tap', 'to 1st event', 'busy', 'script', 'compile', 'style', 'layout', 'paint', 'idle', 'control tapped'], rows),
    '',
    'tap: from the touch to the frame after the widget\'s text changes, as pages.mjs times it.',
    'to 1st event: from the touch until the page\'s main thread starts dispatching its first input',
    'event. busy: the main thread running tasks, of which script (the page\'s JavaScript, and the',
    'core\'s WebAssembly), compile (within script: V8 compiling functions on first use), style,',
    'layout and paint (pre-paint and paint); idle: tap minus busy, the thread waiting for the',
    'browser\'s next event or for the frame. Parts do not add up to busy: the browser\'s own input',
    'handling and hit tests are busy but in none of them, and each column is its own median.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
