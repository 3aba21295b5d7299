import { test, expect, PATCHES_URL } from './widget-page.js';

test('the widget says so in plain words when the pooling core cannot load', async ({ page, widget }) => {
  // A corrupt module rather than a missing one: a failed request would be a console error of
  // the page itself, which is not what this test is about.
  await page.route('**/*.wasm', (route) =>
    route.fulfill({ status: 200, contentType: 'application/wasm', body: 'not a WebAssembly module' }),
  );
  // Not widget.open(): that waits for an output, which never comes here.
  await page.goto(PATCHES_URL);

  await expect(widget.alert, 'the widget explains what went wrong').toContainText(
    'The pooling core could not be loaded:',
  );
  await expect(widget.grids, 'no empty grid is shown without the core').toHaveCount(0);
  await expect(widget.windowButtons, 'nor windows to pick').toHaveCount(0);
});
