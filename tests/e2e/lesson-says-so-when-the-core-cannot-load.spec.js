import { test, expect } from './fixtures.js';

test('the widget says so in plain words when the pooling core cannot load', async ({ page }) => {
  // A corrupt module rather than a missing one: a failed request would be a console error of
  // the page itself, which is not what this test is about.
  await page.route('**/*.wasm', (route) =>
    route.fulfill({ status: 200, contentType: 'application/wasm', body: 'not a WebAssembly module' }),
  );
  await page.goto('/lessons/pictures/patches-of-a-picture/');
  const widget = page.locator('pool-widget');

  await expect(widget.getByRole('alert'), 'the widget explains what went wrong').toContainText(
    'The pooling core could not be loaded:',
  );
  await expect(widget.getByRole('grid'), 'no empty grid is shown without the core').toHaveCount(0);
  await expect(widget.getByRole('button', { name: /^Window / }), 'nor windows to pick').toHaveCount(0);
});
