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

import { chromium } from '@playwright/test';

import { ELEMENT_TAGS } from '../../web/components/registry.js';
import { loadCourse } from '../../web/content/load-course.mjs';
import { formatTable } from './format.mjs';
import { ROOT } from './setup.mjs';
import { createCompressingServer } from './serve-compressed.mjs';
import { machinePace, median, paceLine } from './timing.mjs';

// Lighthouse's mobile defaults (its "simulated throttling" constants, applied for real here).
const PROFILE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  viewport: { width: 390, height: 844 },
};

// From the issue "Speed a learner feels on a phone, and the pooling settings peers still win".
const TARGETS = { widgetMs: 1500, lcpMs: 1000, tapMs: 50, bytesBeforeReady: 120 * 1024 };
// A learner looks before tapping: a tap comes this long after the bench scrolled the control
// into view and set up its watch, on a page at rest. Tapped at once, the touch waited behind
// the frames the scroll had started (pointerdown began 11-49 ms after the touch, against
// 6-20 ms at rest).
const REST_MS = 500;

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

// Installed before any page script: records Largest Contentful Paint, and when the widget
// shows its numbers. Readiness, the same for every course element: the element is defined,
// its shadow root shows text with a digit in it (not counting <style>), and its ready() (each
// element has one: it resolves once the pending render, the core's load included, is on the
// screen) has resolved; the time is taken at the next animation frame, when that is painted.
function pageProbe(tags) {
  const bench = { lcp: 0, lcpElement: '', ready: null };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      bench.lcp = entry.startTime;
      // What was painted: the element (tag, class, its first words) and its area in CSS pixels.
      const node = entry.element;
      const what = node ? `${node.localName}${node.className && typeof node.className === 'string' ? `.${node.className.split(' ')[0]}` : ''} "${(node.textContent ?? '').trim().slice(0, 30)}"` : '(gone)';
      bench.lcpElement = `${what}, ${entry.size} px²${entry.url ? `, ${entry.url}` : ''}`;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const shownText = (root) => {
    let text = '';
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement?.localName;
      if (parent !== 'style' && parent !== 'script') text += node.data;
    }
    return text;
  };
  window.__benchText = shownText;
  const selector = tags.join(',');
  const poll = () => {
    const element = document.querySelector(selector);
    if (element && customElements.get(element.localName) && element.shadowRoot && /\d/.test(shownText(element.shadowRoot))) {
      element.ready().then(() => requestAnimationFrame(() => {
        bench.ready = performance.now();
        bench.element = element;
        window.__benchReady?.();
      }));
      return;
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
  // Resolves once `test(bench)` holds (checked every `everyMs`), or with false after `timeoutMs`.
  bench.until = (test, everyMs, timeoutMs) => new Promise((resolve) => {
    const started = performance.now();
    const check = () => {
      if (test(bench)) resolve(true);
      else if (performance.now() - started > timeoutMs) resolve(false);
      else setTimeout(check, everyMs);
    };
    check();
  });
}

// In the page, after the widget is ready and before the tap, on bench.element (the widget) or
// bench.bare (the bare control): resolves with { ms, eventsMs } or null after 3 s. ms: from the touch to the frame after the element's shown text changes.
// eventsMs: the main-thread time spent dispatching the tap's input events (every listener and
// default action, the widget's answer included, wherever it runs: pointerdown for a plot,
// touchstart for a slider, click and the change it fires for a button or a box), from Event
// Timing's processingStart to processingEnd, nested events counted once; the rest of ms is
// the browser's between those events, and the wait for the frame.
function watchTap(which) {
  const root = window.__bench[which].shadowRoot;
  const before = window.__benchText(root);
  return new Promise((resolve) => {
    let touched = null;
    const onTouch = (event) => { touched ??= event.timeStamp; };
    const entries = [];
    const timing = new PerformanceObserver((list) => entries.push(...list.getEntries()));
    timing.observe({ type: 'event', durationThreshold: 16 });
    window.addEventListener('pointerdown', onTouch, { capture: true });
    window.addEventListener('touchstart', onTouch, { capture: true });
    const observer = new MutationObserver(() => {
      if (touched === null || window.__benchText(root) === before) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const now = performance.now();
        // Event Timing reports an event once the frame after it is on the screen.
        setTimeout(() => {
          entries.push(...timing.takeRecords());
          const spans = entries.filter((e) => e.startTime >= touched - 1 && e.processingStart < now)
            .map((e) => [e.processingStart, e.processingEnd]).sort((a, b) => a[0] - b[0]);
          let eventsMs = 0;
          let reached = -Infinity;
          for (const [from, to] of spans) {
            eventsMs += Math.max(0, to - Math.max(from, reached));
            reached = Math.max(reached, to);
          }
          done({ ms: now - touched, eventsMs: spans.length ? eventsMs : null });
        }, 300);
      });
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    const timeout = setTimeout(() => done(null), 3000);
    function done(result) {
      clearTimeout(timeout);
      observer.disconnect();
      timing.disconnect();
      window.removeEventListener('pointerdown', onTouch, { capture: true });
      window.removeEventListener('touchstart', onTouch, { capture: true });
      resolve(result);
    }
  });
}

// The controls a tap could change the numbers with: buttons, sliders, check boxes and radios
// in the order the widget shows them, then a plot (tapped at 80 % of its width, away from where
// a point starts); each tried until one changes the shown text. (A select or a text field
// takes more than a tap.) Kept in the page as bench.controls; returns what each is.
function tapCandidates() {
  const visible = (node) => {
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && !node.disabled;
  };
  const root = window.__bench.element.shadowRoot;
  const controls = [...root.querySelectorAll('button, input[type=range], input[type=checkbox], input[type=radio]'), ...root.querySelectorAll('svg')]
    .filter(visible).slice(0, 6);
  window.__bench.controls = controls;
  return controls.map((node) => ({
    label: `${node.localName}${node.type && node.localName === 'input' ? `[${node.type}]` : ''} "${(node.getAttribute('aria-label') ?? node.textContent ?? '').trim().slice(0, 24)}"`,
    isPlot: node.localName === 'svg',
  }));
}

// The browser's own share of a tap: a bare control in a shadow root (with no grey tap flash,
// as the widgets' controls have none), put where the widget is on the same page, answering the
// same event as the widget's control (pointerdown for a plot, click for the rest) by changing
// one number. It shows how much of "tap" no widget can save. Returns its index in
// bench.controls.
function addBareControl(onPointerDown) {
  const bench = window.__bench;
  const host = document.createElement('div');
  host.id = 'bench-bare-control';
  bench.element.before(host);
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = '<button type="button" style="font: inherit; padding: 0.75rem 1rem; -webkit-tap-highlight-color: transparent">Tap</button> <output>0</output>';
  const output = root.querySelector('output');
  const button = root.querySelector('button');
  button.addEventListener(onPointerDown ? 'pointerdown' : 'click', () => {
    output.textContent = String(Number(output.textContent) + 1);
  });
  bench.bare = host;
  return bench.controls.push(button) - 1;
}

// A touch at the middle of the control `bench.controls[index]` (or `across` of its width), once
// it is in view and the page has rested; null if something else covers that point (a page
// without its styles, say).
//
// Everything here runs through page.evaluate on plain values, never through Playwright's
// element handles, locators or actions: those set up Playwright's injected script in the page,
// which adds a capture listener for every input event (pointerdown, touchstart, click, ...) to
// the window, in the page's world and in its own. Each tap would then run them, cold: work a
// phone does not do, inside the very events timed (3-5 ms of the slowed CPU each in traces). For
// the same reason the control is not tapped with control.tap(), which also checks where each of
// the tap's events lands with a forced layout; the touchscreen sends the touch as a screen does.
async function touch(page, index, across = 0.5) {
  const at = await page.evaluate(([n, across]) => {
    const node = window.__bench.controls[n];
    node.scrollIntoView({ block: 'center', inline: 'nearest' });
    const box = node.getBoundingClientRect();
    const x = box.x + box.width * across;
    const y = box.y + box.height / 2;
    let top = document.elementFromPoint(x, y);
    while (top?.shadowRoot && top !== node) {
      const inner = top.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === top) break;
      top = inner;
    }
    return top !== null && (top === node || node.contains(top)) ? { x, y } : null;
  }, [index, across]);
  if (!at) return null;
  return async () => {
    await page.waitForTimeout(REST_MS);
    await page.touchscreen.tap(at.x, at.y);
  };
}

async function measure(browser, baseUrl, target) {
  const context = await browser.newContext({
    viewport: PROFILE.viewport, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: PROFILE.latencyMs,
    downloadThroughput: PROFILE.downloadBytesPerSecond, uploadThroughput: PROFILE.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
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
  const course = await loadCourse(path.join(ROOT, 'lessons'));
  const targets = [{ name: 'catalogue', url: '/', element: null }];
  for (const module of course.modules) {
    for (const lesson of module.lessons) {
      if (lesson.status === 'interactive' && lesson.widget) {
        targets.push({ name: lesson.slug, url: lesson.url, element: lesson.widget.element });
      }
    }
  }
  const chosen = targets.filter((t) => !only || only.includes(t.name));
  const serve = async (root) => {
    const server = createCompressingServer({ dir: root });
    // As a host that precompresses: no page's first load waits for (or shares the CPU with) brotli.
    await server.compressAll();
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, baseUrl: `http://127.0.0.1:${server.address().port}` };
  };
  const { server, baseUrl } = await serve(dir);
  const other = flags.against ? await serve(path.resolve(ROOT, flags.against)) : null;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
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
