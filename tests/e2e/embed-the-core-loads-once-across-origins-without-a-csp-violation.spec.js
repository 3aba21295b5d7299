import { test, expect } from './fixtures.js';
import { COURSE_ORIGIN, FOREIGN_ORIGIN, STRICT_CSP } from './embed-origins.js';

test('the embed loads its core once, across origins, and breaks no rule of a strict CSP', async ({ page, request }) => {
  // Installed before any page script runs; a CSP does not apply to it.
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(`${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
  const wasmResponses = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.wasm')) wasmResponses.push(response);
  });
  const embedScript = page.waitForResponse(`${COURSE_ORIGIN}/embed/pool-widget.js`);

  const pageResponse = await page.goto(`${FOREIGN_ORIGIN}/two-widgets.html`);
  expect(pageResponse.headers()['content-security-policy'], 'the foreign page is served with the strict CSP').toBe(STRICT_CSP);
  const script = await embedScript;
  expect(script.headers()['access-control-allow-origin'], 'the course lets any origin load the script').toBe('*');

  const outputs = page.getByRole('table', { name: /^Output/ });
  await expect(outputs, 'both widgets draw their output').toHaveCount(2);
  await expect(outputs.first().getByRole('cell').first(), 'with numbers from the core').toHaveText('2.5');

  expect(wasmResponses.map((r) => r.url()), 'one .wasm request serves both widgets').toHaveLength(1);
  const [wasm] = wasmResponses;
  expect(wasm.url(), 'the .wasm comes from the course, found from the script\'s own URL').toMatch(
    new RegExp(`^${COURSE_ORIGIN}/embed/[^/]+\\.wasm$`),
  );
  expect(wasm.headers()['content-type'], 'served as WebAssembly, so it compiles while streaming').toBe('application/wasm');
  expect(wasm.headers()['access-control-allow-origin'], 'and readable from another origin').toBe('*');

  // The C++ source is a separate, lazily loaded chunk: it too must load across origins.
  const maxWidget = page.getByRole('region', { name: 'Max pooling, 3 by 3 windows' });
  await maxWidget.getByText('The code that computed this').click();
  await expect(
    maxWidget.getByRole('region', { name: /C\+\+ source of max_pool2d/ }),
    'the code panel loads its source on a strict-CSP page',
  ).toContainText('max_pool2d');

  expect(await page.evaluate(() => window.cspViolations), 'no securitypolicyviolation event fired').toEqual([]);
  expect(wasmResponses, 'opening the code panel loads no second core').toHaveLength(1);

  // No code path may need 'unsafe-eval': the bundle holds no eval and no Function constructor.
  const bundle = await (await request.get(`${COURSE_ORIGIN}/embed/pool-widget.js`)).text();
  expect(bundle, 'the embed script calls no eval').not.toMatch(/(^|[^\w$.])eval\(/);
  expect(bundle, 'the embed script builds no Function from text').not.toMatch(/new Function\(|\bFunction\(\s*["'`]/);
});
