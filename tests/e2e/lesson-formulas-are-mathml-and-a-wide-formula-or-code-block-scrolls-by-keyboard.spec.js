import { test, expect } from '@playwright/test';

// The patches lesson's fourth display formula (a convolution beside average pooling) is wider
// than a phone's column and narrower than a desktop's.
const LESSON = '/lessons/pictures/patches-of-a-picture/';

test('formulas are MathML the browser lays out, with no KaTeX font or stylesheet requested', async ({ page }) => {
  const requests = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(LESSON);
  const display = page.locator('.math-display math[display="block"]');
  await expect(display).toHaveCount(4);
  // The mean of the top-left window: 1/4 of the sum over m and n of x at (2r + m, 2c + n).
  await expect(display.nth(1).locator('mfrac').first()).toHaveText('14');
  await expect(display.nth(1).locator('munderover')).toHaveCount(2);
  await expect(display.nth(1).locator('annotation')).toHaveText(/\\sum_\{m=0\}\^\{1\}/);
  await page.waitForLoadState('load');
  expect(requests.filter((url) => /katex/i.test(url)), 'no KaTeX fonts or CSS').toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a formula wider than the column scrolls sideways and takes keyboard focus; the others do not', async ({ page }) => {
    await page.goto(LESSON);
    const formulas = page.locator('.math-display');
    // The text is laid out part by part as it comes near the screen (lesson.css), and a formula
    // learns that it overflows when it is laid out.
    await formulas.nth(3).scrollIntoViewIfNeeded();
    await expect(formulas.nth(3)).toHaveAttribute('tabindex', '0');
    const wide = await formulas.nth(3).evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(wide.scroll).toBeGreaterThan(wide.client);
    await expect(formulas.nth(0)).not.toHaveAttribute('tabindex', /.*/);
    await formulas.nth(3).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => formulas.nth(3).evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });
});

test('on a desktop every formula fits and stays out of the Tab order', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(LESSON);
  await page.waitForLoadState('load');
  await expect(page.locator('.math-display[tabindex]')).toHaveCount(0);
});

// LAMB's lesson shows its step as Python; its `def` line is some 90 characters long.
const CODE_LESSON = '/lessons/learning/lamb/';

test.describe('on the narrowest phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

  test('a code block wider than the column scrolls sideways by keyboard, and the page does not', async ({ page }) => {
    await page.goto(CODE_LESSON);
    const code = page.locator('.lesson__body pre');
    await expect(code).toHaveCount(1);
    await code.scrollIntoViewIfNeeded();
    await expect(code).toHaveAttribute('tabindex', '0');
    const box = await code.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      right: el.getBoundingClientRect().right,
      page: document.documentElement.scrollWidth,
      view: window.innerWidth,
    }));
    expect(box.scroll).toBeGreaterThan(box.client);
    expect(box.right).toBeLessThanOrEqual(box.view);
    expect(box.page, 'the page itself never scrolls sideways').toBeLessThanOrEqual(box.view);
    await code.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => code.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  test('on paper the code wraps instead of being cut off', async ({ page }) => {
    await page.goto(CODE_LESSON);
    await page.emulateMedia({ media: 'print' });
    const code = page.locator('.lesson__body pre');
    const fits = await code.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    // Wrapped, the `def` line still holds every one of its characters.
    await expect(code).toContainText('def lamb_step(p, grad, state, lr=1e-3, betas=(0.9, 0.999), eps=1e-6, weight_decay=0.0):');
  });
});
