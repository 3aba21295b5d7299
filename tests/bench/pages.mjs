#!/usr/bin/env node
// `npm run bench:pages` (never part of `npm test`): the wait a learner feels on a mid-range
// phone, for the catalogue and every interactive lesson (the list comes from the course loader,
// so a new lesson is measured without a change here). Lighthouse's mobile profile, reproduced
// in Playwright through the DevTools protocol: CPU slowed 4x, "Slow 4G" (150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up), cold cache (a new browser context per load, no service
// worker), a 390 x 844 touch screen. The production build (dist/) is served compressed, as a
// static host serves it (serve-compressed.mjs). See README.md, "A learner on a phone".
//
//   node tests/bench/pages.mjs [--runs 3] [--only catalogue,relu] [--dir dist] [--against other-dist]
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { ELEMENT_TAGS } from '../../web/components/registry.js';
import { formatTable } from './format.mjs';
import { ROOT } from './setup.mjs';
import {
  addBareControl, benchTargets, launchBrowser, pageProbe, phonePage, PROFILE, REST_MS, serveBuild, tapCandidates, touch, watchTap,
} from './tap-page.mjs';
import { machinePace, median, paceLine } from './timing.mjs';

// From the issue "Speed a learner feels on a phone, and the pooling settings peers still win".
const TARGETS = { widgetMs: 1500, lcpMs: 1000, tapMs: 50, bytesBeforeReady: 120 * 1024 };

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    dir: { type: 'string', default: 'dist' },
    // A second build, loaded in turn with --dir's, load by load: prints how the two differ.
    against: { type: 'string' },
  },
});
const runs = Math.max(1, Number(flags.runs));
const only = flags.only?.split(',');

async function measure(browser, baseUrl, target) {
  const { context, page, cdp } = await phonePage(browser);
  let bytes = 0;
  const requests = [];
  const urls = new Map();
  const started = new Map();
  let firstRequest = null;  // the page's own request: the requests' times count from it
  cdp.on('Network.requestWillBeSent', (e) => {
    urls.set(e.requestId, e.request.url);
    started.set(e.requestId, e.timestamp);
    firstRequest ??= e.timestamp;
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (urls.get(e.requestId)?.startsWith('data:')) return;  // inlined: no bytes on the wire
    bytes += e.encodedDataLength;
    const at = (time) => Math.round((time - firstRequest) * 1000);
    requests.push({ url: urls.get(e.requestId), bytes: e.encodedDataLength, startMs: at(started.get(e.requestId)), endMs: at(e.timestamp) });
  });
  let bytesAtReady = null;
  await page.exposeFunction('__benchReady', () => { bytesAtReady = bytes; });
  await page.addInitScript(pageProbe, ELEMENT_TAGS);

  const result = { bytesBeforeReady: null, bytesTotal: null, lcpMs: null, widgetMs: null, tapMs: null, floorMs: null, control: '' };
  await page.goto(baseUrl + target.url, { waitUntil: 'load', timeout: 60_000 });
  if (target.element) {
    if (!await page.evaluate(() => window.__bench.until((bench) => bench.ready !== null, 100, 30_000))) {
      throw new Error(`${target.url}: ${target.element} did not show its numbers within 30 s`);
    }
    result.widgetMs = await page.evaluate(() => window.__bench.ready);
    // The binding reports asynchronously; give it the moment it needs.
    for (let i = 0; bytesAtReady === null && i < 50; i++) await page.waitForTimeout(20);
    result.bytesBeforeReady = bytesAtReady;
  }
  // Read before any input ends it; a page that has painted reports its entry within a frame
  // or two, which a slowed CPU may not have had yet at `load`.
  await page.evaluate(() => window.__bench.until((bench) => bench.lcp > 0, 50, 10_000));
  result.lcpMs = await page.evaluate(() => window.__bench.lcp || null);
  result.lcpElement = await page.evaluate(() => window.__bench.lcpElement);
  if (target.element) {
    const candidates = await page.evaluate(tapCandidates);
    for (let i = 0; i < candidates.length && result.tapMs === null; i++) {
      const { label, isPlot } = candidates[i];
      const tap = await touch(page, i, isPlot ? 0.8 : 0.5);
      if (!tap) continue;  // covered: the next control
      const watch = page.evaluate(watchTap, 'element');
      await tap();
      const timed = await watch;
      if (timed !== null) {
        result.tapMs = timed.ms;
        result.eventsMs = timed.eventsMs;
        result.control = label;
        const bare = await page.evaluate(addBareControl, isPlot);
        const tapBare = await touch(page, bare);
        const watchBare = page.evaluate(watchTap, 'bare');
        if (tapBare) await tapBare();
        result.floorMs = (await watchBare)?.ms ?? null;
        await page.evaluate(() => window.__bench.bare.remove());
      }
    }
  } else {
    result.bytesBeforeReady = bytes;  // the catalogue has no widget: everything up to load
  }
  await page.waitForTimeout(500);
  result.bytesTotal = bytes;
  result.requests = requests;
  await context.close();
  return result;
}

// --against's report: per page and measure, the median on each build and the median of the
// load-by-load differences (--dir's minus --against's), which the machine's drift moves least.
function comparison(pairs, dirName, againstName) {
  const keys = [['widgetMs', 'numbers shown'], ['lcpMs', 'LCP'], ['tapMs', 'tap']];
  const signed = (t) => (t === null ? 'n/a' : `${t > 0 ? '+' : ''}${Math.round(t)} ms`);
  const rows = pairs.map(({ target, results, against }) => [target.name, ...keys.flatMap(([key]) => {
    const differences = results.map((r, i) => (r[key] === null || against[i][key] === null ? null : r[key] - against[i][key]));
    return [ms(median(results.map((r) => r[key]))), ms(median(against.map((r) => r[key]))), signed(median(differences))];
  })]);
  const header = ['page', ...keys.flatMap(([, name]) => [`${name}: ${dirName}`, againstName, 'difference'])];
  return [`# ${dirName} against ${againstName}, load by load (${runs} loads each)`, '', formatTable(header, rows),
    '', `difference: the median of each load's ${dirName} minus the ${againstName} load beside it.`].join('\n');
}

const kb = (b) => (b === null ? 'n/a' : `${(b / 1024).toFixed(1)} KB`);
const ms = (t) => (t === null ? 'n/a' : `${Math.round(t)} ms`);
const check = (value, limit) => (value === null ? 'n/a' : value <= limit ? 'PASS' : 'MISS');

async function main() {
  const dir = path.resolve(ROOT, flags.dir);
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${flags.dir}/index.html is missing: build the site first (npm run build)`);
  }
  const targets = await benchTargets();
  const chosen = targets.filter((t) => !only || only.includes(t.name));
  const { server, baseUrl } = await serveBuild(dir);
  const other = flags.against ? await serveBuild(path.resolve(ROOT, flags.against)) : null;
  const browser = await launchBrowser();
  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0];
  const paceAtStart = machinePace();
  const rows = [];
  const verdicts = [];
  const pairs = [];  // with --against: per page, each load's numbers on both builds
  try {
    for (const target of chosen) {
      const results = [];
      const against = [];
      // Pages take turns run by run would need as many browsers; each page's runs follow one
      // another instead, and the median is reported. With --against, the two builds take turns
      // load by load (which goes first alternates), so a drift of the machine's speed meets both.
      for (let run = 0; run < runs; run++) {
        const turns = [[results, baseUrl], ...(other ? [[against, other.baseUrl]] : [])];
        if (run % 2 === 1) turns.reverse();
        for (const [list, url] of turns) list.push(await measure(browser, url, target));
      }
      if (other) pairs.push({ target, results, against });
      const m = (key) => median(results.map((r) => r[key]));
      const row = {
        target, bytesBeforeReady: m('bytesBeforeReady'), bytesTotal: m('bytesTotal'), lcpMs: m('lcpMs'),
        widgetMs: m('widgetMs'), tapMs: m('tapMs'), eventsMs: m('eventsMs'), floorMs: m('floorMs'), control: results.find((r) => r.control)?.control ?? '',
        // The last run's.
        requests: results.at(-1).requests, lcpElement: results.at(-1).lcpElement,
      };
      rows.push(row);
      process.stderr.write(`${target.name}: ${JSON.stringify({ ...row, target: undefined, requests: undefined, lcpElement: undefined })}\n`);
    }
  } finally {
    await browser.close();
    server.close();
    other?.server.close();
  }

  const table = rows.map((r) => {
    const v = [check(r.bytesBeforeReady, TARGETS.bytesBeforeReady), check(r.lcpMs, TARGETS.lcpMs),
      check(r.widgetMs, TARGETS.widgetMs), check(r.tapMs, TARGETS.tapMs)];
    for (const verdict of v) if (verdict !== 'n/a') verdicts.push(verdict === 'PASS');
    return [r.target.name, r.target.element ?? '-', `${kb(r.bytesBeforeReady)} ${v[0]}`, kb(r.bytesTotal),
      `${ms(r.lcpMs)} ${v[1]}`, `${ms(r.widgetMs)} ${v[2]}`, `${ms(r.tapMs)} ${v[3]}`, ms(r.eventsMs), ms(r.floorMs), r.control];
  });
  const lines = [
    '# A learner on a phone',
    '',
    `date      ${startedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    `command   node ${path.relative(ROOT, process.argv[1])} ${process.argv.slice(2).join(' ')}`.trimEnd(),
    `profile   CPU ${PROFILE.cpuSlowdown}x slower, ${PROFILE.latencyMs} ms RTT, 1.6 Mbit/s down, 750 kbit/s up, cold cache, ${PROFILE.viewport.width} x ${PROFILE.viewport.height} touch`,
    `server    ${flags.dir}/ through tests/bench/serve-compressed.mjs (brotli)`,
    `load      1-minute load average ${loadAtStart.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end`,
    `pace      ${paceLine(paceAtStart)}`,
    `method    median of ${runs} loads per page, each in a new context (cold cache)`,
    '',
    formatTable(['page', 'element', `before ready (<= ${TARGETS.bytesBeforeReady / 1024} KB)`, 'total',
      `LCP (<= ${TARGETS.lcpMs} ms)`, `numbers shown (<= ${TARGETS.widgetMs} ms)`, `tap (<= ${TARGETS.tapMs} ms)`, 'in its events', 'bare control', 'control tapped'], table),
    '',
    'before ready: bytes on the wire (compressed, headers included) until the widget shows its',
    'numbers (the catalogue: until load). numbers shown: from navigation until the element is',
    'defined, shows a digit and its ready() has resolved, at the next frame. tap: from the touch',
    `(${REST_MS} ms after the control came into view) to the frame after the element's text changes.`,
    'in its events: the part of tap spent dispatching the tap\'s input events (every listener,',
    'the widget\'s answer included), by Event Timing; the rest is the browser\'s between them, and',
    'the wait for the frame. bare control: tap, on a bare button put beside the widget on the',
    'same page, answering the same event with one changed number: the part of a tap no widget',
    'can save.',
    '',
    `${verdicts.filter(Boolean).length} of ${verdicts.length} targets met.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (other) process.stdout.write(`\n${comparison(pairs, flags.dir, flags.against)}\n`);
  if (process.env.BENCH_PAGES_REQUESTS) {
    for (const r of rows) {
      // Bytes, then when it was asked for and when its last byte came (ms from the page's request).
      const line = (q) => `  ${String(q.bytes).padStart(8)}  ${String(q.startMs).padStart(5)}-${String(q.endMs).padEnd(5)} ${q.url.replace(baseUrl, '')}`;
      process.stdout.write(`\n${r.target.name}  (bytes, asked-done ms, address)\n  LCP: ${r.lcpElement}\n${r.requests.map(line).join('\n')}\n`);
    }
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
