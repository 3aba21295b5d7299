// The iframe snippet's listener, served at /embed/resize.js and loaded by a teacher's page with
// a plain <script src> after the iframe (a file, not inline code, so a page with a strict CSP
// allows it by the course's origin). For every iframe of this course on the page it
//   - sets the iframe's height to what its frame reports (frame.js posts { type, path, height }
//     on load and whenever the widget changes size), so the widget is never cut off;
//   - tells the frame the colour scheme the page uses where the iframe sits (its computed
//     `color-scheme`), which the widget then follows instead of the visitor's system setting,
//     and tells it again when that can have changed: the visitor's system setting, or the
//     page's own dark-mode switch (a class, a style or a data-theme on <html> or <body>).
// A classic script with no imports, copied into the build as it is; loaded twice (two snippets
// on one page), it listens once. The message types are those of web/embed/shared/snippets.js.
(function listenToCourseFrames() {
  var FRAME_HEIGHT_MESSAGE = 'nn-course:embed-height';
  var HOST_SCHEME_MESSAGE = 'nn-course:embed-host';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var courseOrigin = new URL(script.src).origin;
  var flag = 'nnCourseResize ' + courseOrigin;
  if (window[flag]) return;
  window[flag] = true;

  function courseFrames() {
    return Array.prototype.filter.call(document.getElementsByTagName('iframe'), function (iframe) {
      try {
        return new URL(iframe.src, document.baseURI).origin === courseOrigin;
      } catch (error) {
        return false;
      }
    });
  }

  // 'dark' or 'light': what the page's `color-scheme` where the iframe sits comes to; with
  // both allowed ("light dark"), the one the visitor's system prefers, as the page shows it.
  function schemeAround(iframe) {
    var words = getComputedStyle(iframe).colorScheme.split(/\s+/);
    var dark = words.indexOf('dark') >= 0;
    var light = words.indexOf('light') >= 0;
    if (dark && light) return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    return dark ? 'dark' : 'light';
  }

  function tellScheme(iframe) {
    if (!iframe.contentWindow) return;
    // To any origin: a frame still loading is about:blank, and the scheme is no secret.
    iframe.contentWindow.postMessage({ type: HOST_SCHEME_MESSAGE, colorScheme: schemeAround(iframe) }, '*');
  }

  var told = typeof WeakSet === 'function' ? new WeakSet() : null;

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== courseOrigin || !data || data.type !== FRAME_HEIGHT_MESSAGE) return;
    var height = Number(data.height);
    if (!(height > 0 && height < 100000)) return;
    courseFrames().forEach(function (iframe) {
      if (iframe.contentWindow !== event.source) return;
      iframe.style.height = Math.ceil(height) + 'px';
      // The first word from a frame, or from a frame loaded again (its window stays the same),
      // gets the page's scheme back: the frame follows it, and knows its height is heard.
      if (!told || data.first || !told.has(event.source)) {
        if (told) told.add(event.source);
        tellScheme(iframe);
      }
    });
  });

  function tellAll() {
    courseFrames().forEach(tellScheme);
  }

  // Frames that loaded before this script ran have spoken already: ask them again.
  tellAll();

  if (window.matchMedia) {
    var system = matchMedia('(prefers-color-scheme: dark)');
    if (system.addEventListener) system.addEventListener('change', tellAll);
  }
  if (typeof MutationObserver === 'function') {
    var switches = new MutationObserver(tellAll);
    var watched = { attributes: true, attributeFilter: ['class', 'style', 'data-theme', 'data-color-scheme'] };
    switches.observe(document.documentElement, watched);
    if (document.body) switches.observe(document.body, watched);
  }
}());
