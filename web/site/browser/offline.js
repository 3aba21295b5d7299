// Every page's first script: registers the service worker (sw.js at the site's root, so its
// scope is the whole site under Vite's base) that keeps the pages, assets and .wasm the
// learner has seen, so the course still opens offline. Resources this page loaded before the
// worker existed are named to it, so the first visit is enough. It starts once the page has
// loaded and the browser is idle: the worker's script and its first copies wait behind what
// the learner is waiting for (the page, the widget's chunks and .wasm), never in front of it.
import { whenIdle } from '../../components/idle.js';

const base = import.meta.env.BASE_URL;

async function register() {
  // Not in dev: the worker would keep modules Vite rewrites on every save.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register(`${base}sw.js`, { scope: base });
  } catch {
    return; // a browser or a setting that refuses workers: the site works online as before
  }
  const registration = await navigator.serviceWorker.ready;
  const site = new URL(base, window.location.href).href;
  const send = (urls) => {
    const inSite = urls.filter((url) => url.startsWith(site));
    if (inSite.length > 0) registration.active?.postMessage({ type: 'keep', urls: inSite });
  };
  send([window.location.href]);
  // Every resource so far (buffered) and every later one, such as the .wasm a widget loads.
  new PerformanceObserver((list) => send(list.getEntries().map((entry) => entry.name)))
    .observe({ type: 'resource', buffered: true });
}

if (document.readyState === 'complete') whenIdle(register, 5000);
else window.addEventListener('load', () => whenIdle(register, 5000), { once: true });
