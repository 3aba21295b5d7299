// The course's service worker, served as sw.js from the site's root (so its scope is the whole
// site, under whatever base it was built for) and registered by every page (offline.js).
// It keeps what the learner has seen, so a visited lesson opens and computes offline:
//   - pages and other unhashed files: network first, the kept copy when the network fails;
//   - hashed files under assets/ (scripts, styles, the .wasm): kept copy first, they never change;
//   - only complete, successful, same-site answers are kept (never a 404, an error or a range).
// Pages name what they loaded before the worker existed ({ type: 'keep', urls }), so one visit
// is enough. A plain script with no imports: it is copied into the build as it is.
const CACHE = 'nn-course-v1';
const scope = new URL(self.registration.scope);
const hashedAssets = `${scope.pathname}assets/`;

const isKeepable = (response) => response.status === 200 && response.type === 'basic';
const inScope = (url) => url.origin === scope.origin && url.pathname.startsWith(scope.pathname);

async function keep(request, response) {
  if (!isKeepable(response)) return;
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
}

// `event.waitUntil` keeps the worker alive until the copy is stored.
async function networkFirst(event, request) {
  try {
    const response = await fetch(request);
    event.waitUntil(keep(request, response.clone()));
    return response;
  } catch (error) {
    const kept = (await caches.match(request))
      // A page opened with other settings in its query is still the same page.
      ?? (request.mode === 'navigate' ? await caches.match(request, { ignoreSearch: true }) : undefined);
    if (kept) return kept;
    throw error;
  }
}

async function keptFirst(event, request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  event.waitUntil(keep(request, response.clone()));
  return response;
}

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  // Copies kept by an older version of this worker are dropped.
  event.waitUntil(caches.keys().then((names) =>
    Promise.all(names.filter((name) => name.startsWith('nn-course-') && name !== CACHE).map((name) => caches.delete(name)))));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || request.headers.has('range') || !inScope(url)) return;
  event.respondWith(url.pathname.startsWith(hashedAssets) ? keptFirst(event, request) : networkFirst(event, request));
});

// A page lists what it loaded; whatever is not kept yet is fetched once and kept.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'keep' || !Array.isArray(event.data.urls)) return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const href of event.data.urls) {
      let url;
      try {
        url = new URL(href);
      } catch {
        continue;
      }
      if (!inScope(url) || (await cache.match(url.href))) continue;
      try {
        await keep(url.href, await fetch(url.href));
      } catch {
        // offline already, or the file is gone: nothing to keep
      }
    }
  })());
});
