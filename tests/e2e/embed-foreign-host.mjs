// A teacher's site on another origin, for the embed specs: a tiny node:http server that the
// Playwright config starts beside the course. Every page is sent with a strict CSP.
//
//   /two-widgets.html  two widgets with different settings, hostile host CSS (host.css), and
//                      host elements that share the widget's class names
//   /host.css          the hostile CSS
//   /snippet.html?html=<HTML>  a page whose body is the given snippet (pasted as a teacher
//                      would paste it), in the visitor's light or dark scheme
//   /zh.html           a Chinese page (<html lang="zh-CN">): a <pool-widget lang="zh-CN">, a
//                      <neuron-widget> that follows the page, and a pool widget with stride="0"
//   /health            for the config's readiness check
import http from 'node:http';
import { COURSE_ORIGIN, FOREIGN_PORT, STRICT_CSP } from './embed-origins.js';

// Resets and broad element rules of the kind a course platform ships, plus rules aimed at the
// widget's own class names. None of them may reach inside the widget.
const HOST_CSS = `
body, body * { all: unset; }
body {
  display: block;
  margin: 8px;
  font-family: serif;
  font-size: 30px;
  line-height: 3;
  letter-spacing: 4px;
  text-transform: uppercase;
  text-align: center;
  color: rgb(0, 128, 0);
}
div { display: none; }
section { display: block; margin: 0 0 24px; }
h2 { display: block; }
p { display: block; color: rgb(200, 0, 0); }
button { display: inline-block; background: rgb(255, 0, 0); color: rgb(255, 255, 0); font-size: 40px; border: 5px solid black; }
/* Aimed inside the widget: selectors do not cross a shadow root, so these match nothing there. */
pool-widget div, pool-widget .cell, pool-widget button, pool-widget .widget {
  display: none !important;
  background: rgb(255, 0, 255) !important;
}
/* Theming through the widget's custom properties is allowed, and must work. */
#max-widget { --pool-accent: rgb(0, 90, 0); --pool-cell-size: 50px; }
`;

const TWO_WIDGETS = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>A teacher's page with two pooling widgets</title>
    <link rel="stylesheet" href="/host.css">
    <script type="module" src="${COURSE_ORIGIN}/embed/pool-widget.js"></script>
  </head>
  <body>
    <h1>Pooling, embedded twice</h1>
    <section aria-labelledby="default-heading">
      <h2 id="default-heading">The lesson's widget</h2>
      <pool-widget id="default-widget"></pool-widget>
    </section>
    <section aria-labelledby="max-heading">
      <h2 id="max-heading">Max pooling, 3 by 3 windows</h2>
      <pool-widget id="max-widget" op="max" input-height="5" input-width="5"
        input="0 7 14 21 3 10 17 24 6 13 20 2 9 16 23 5 12 19 1 8 15 22 4 11 18"
        kernel-size="3" stride="1" padding="1"></pool-widget>
    </section>
    <p class="cell formula hint alert" id="host-text">Host text with the widget's class names</p>
    <button type="button" class="window" id="host-button">Host button</button>
  </body>
</html>
`;

const CHINESE_PAGE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8">
    <!-- Both schemes, as the snippet page: the widgets that follow the page are scanned dark too. -->
    <meta name="color-scheme" content="light dark">
    <title>老师的网页：池化和神经元</title>
    <script type="module" src="${COURSE_ORIGIN}/embed/pool-widget.js"></script>
    <script type="module" src="${COURSE_ORIGIN}/embed/neuron-widget.js"></script>
  </head>
  <body>
    <h1>平均池化</h1>
    <section aria-label="池化"><pool-widget lang="zh-CN"></pool-widget></section>
    <section aria-label="神经元"><neuron-widget></neuron-widget></section>
    <section aria-label="出错的组件"><pool-widget stride="0"></pool-widget></section>
  </body>
</html>
`;

const snippetPage = (html) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <!-- A page that offers both schemes: a widget that follows the page (no color-scheme of its
         own) is then light or dark with the visitor's setting, so a spec scanning it in the dark
         scheme sees it dark. -->
    <meta name="color-scheme" content="light dark">
    <title>A teacher's page with a pasted snippet</title>
  </head>
  <body>
    <h1>A pasted snippet</h1>
    <main>${html}</main>
  </body>
</html>
`;

function send(res, status, type, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const html = (body) => send(res, 200, 'text/html; charset=utf-8', body, { 'Content-Security-Policy': STRICT_CSP });
  switch (url.pathname) {
    case '/health':
      return send(res, 200, 'text/plain', 'ok');
    case '/host.css':
      return send(res, 200, 'text/css', HOST_CSS);
    case '/two-widgets.html':
      return html(TWO_WIDGETS);
    case '/zh.html':
      return html(CHINESE_PAGE);
    case '/snippet.html':
      return html(snippetPage(url.searchParams.get('html') ?? ''));
    case '/favicon.ico':
      return send(res, 204, 'image/x-icon', '');
    default:
      return send(res, 404, 'text/plain', 'not found');
  }
});

server.listen(FOREIGN_PORT, '127.0.0.1');
