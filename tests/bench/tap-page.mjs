// What the phone benchmarks share: the phone's profile, the lessons measured, the server and
// the browser, and the functions that run in the page to see the widget ready, choose a
// control and time a touch on it. pages.mjs (the wait for a page and a tap) and taps.mjs (what
// a tap is made of) use all of it, frames.mjs the server and the browser. See README.md, "A
// learner on a phone".
import path from 'node:path';

import { chromium } from '@playwright/test';

import { loadCourse } from '../../web/content/load-course.mjs';
import { ROOT } from './setup.mjs';
import { createCompressingServer } from './serve-compressed.mjs';

// Lighthouse's mobile defaults (its "simulated throttling" constants, applied for real here).
export const PROFILE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  viewport: { width: 390, height: 844 },
};

// A learner looks before tapping: a tap comes this long after the bench scrolled the control
// into view and set up its watch, on a page at rest. Tapped at once, the touch waited behind
// the frames the scroll had started (pointerdown began 11-49 ms after the touch, against
// 6-20 ms at rest).
export const REST_MS = 500;

// Installed before any page script: records Largest Contentful Paint, and when the widget
// shows its numbers. Readiness, the same for every course element: the element is defined,
// its shadow root shows text with a digit in it (not counting <style>), and its ready() (each
// element has one: it resolves once the pending render, the core's load included, is on the
// screen) has resolved; the time is taken at the next animation frame, when that is painted.
export function pageProbe(tags) {
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
// bench.bare (the bare control): resolves with { ms, eventsMs, touched, frame } or null after
// 3 s. ms: from the touch to the frame after the element's shown text changes; touched and
// frame: those two moments on the page's clock (performance.now()).
// eventsMs: the main-thread time spent dispatching the tap's input events (every listener and
// default action, the widget's answer included, wherever it runs: pointerdown for a plot,
// touchstart for a slider, click and the change it fires for a button or a box), from Event
// Timing's processingStart to processingEnd, nested events counted once; the rest of ms is
// the browser's between those events, and the wait for the frame.
export function watchTap(which) {
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
          done({ ms: now - touched, eventsMs: spans.length ? eventsMs : null, touched, frame: now });
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
export function tapCandidates() {
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
export function addBareControl(onPointerDown) {
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
export async function touch(page, index, across = 0.5) {
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

/**
 * The pages measured: the catalogue, then every interactive lesson with a widget, in the
 * course's order (the course loader's list, so a new lesson is measured without a change here).
 * @returns {Promise<{ name: string, url: string, element: string | null }[]>}
 */
export async function benchTargets() {
  const course = await loadCourse(path.join(ROOT, 'lessons'));
  const targets = [{ name: 'catalogue', url: '/', element: null }];
  for (const module of course.modules) {
    for (const lesson of module.lessons) {
      if (lesson.status === 'interactive' && lesson.widget) {
        targets.push({ name: lesson.slug, url: lesson.url, element: lesson.widget.element });
      }
    }
  }
  return targets;
}

/** Serves the build in `dir` compressed, as a host that precompresses: no page's first load
 * waits for (or shares the CPU with) brotli. */
export async function serveBuild(dir) {
  const server = createCompressingServer({ dir });
  await server.compressAll();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${server.address().port}` };
}

/** Debian's Chromium, as the tests use it. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A new context and page on the phone: its screen and touch, no service worker, the cache off
 * and the CPU slowed; with `network`, also Slow 4G.
 * @returns {Promise<{ context: import('@playwright/test').BrowserContext, page: import('@playwright/test').Page, cdp: import('@playwright/test').CDPSession }>}
 */
export async function phonePage(browser, { network = true } = {}) {
  const context = await browser.newContext({
    viewport: PROFILE.viewport, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (network) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: PROFILE.latencyMs,
      downloadThroughput: PROFILE.downloadBytesPerSecond, uploadThroughput: PROFILE.uploadBytesPerSecond,
    });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  return { context, page, cdp };
}
