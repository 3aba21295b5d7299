import { test, expect } from './fixtures.js';
import { COURSE_ORIGIN, FOREIGN_ORIGIN } from './embed-origins.js';

// One bad value per attribute, the words its message must contain, and what getState() holds
// for it: null where the attribute does not read, the value read where it reads but cannot be
// drawn (the core, or the output's size, refuses it).
const BAD_ATTRIBUTES = [
  ['stride', '0', /stride must be positive/, [0, 0]],
  ['padding', '2', /padding 2 is more than half/, [2, 2]],
  ['kernel-size', 'two', /"two" is not a number/, null],
  ['kernel-size', '9', /does not fit the 4 x 4 input/, [9, 9]],
  ['input', '1 2 x 4', /"x" is not a number/, null],
  ['input', '1 2 3', /3 numbers, but a 4 by 4 picture needs 16/, null],
  ['input-height', '0', /whole number from 1 to 32/, null],
  ['input-width', 'wide', /whole number from 1 to 32/, null],
  ['op', 'min', /use "avg" or "max"/, null],
  ['view', 'sideways', /use "forward" or "backward"/, null],
  ['ceil-mode', 'maybe', /use "true" or "false"/, null],
  ['count-include-pad', 'yes', /use "true" or "false"/, null],
  ['divisor-override', '0', /divisorOverride must not be zero/, 0],
  ['divisor-override', 'half', /"half" is not a number/, null],
  ['divisor-override', '2.5', /"2.5" is not a whole number/, null],
  ['grad-output', '1 2', /2 numbers, but the output has 4 cells/, [1, 2]],
  ['grad-output', '1 one 1 1', /"one" is not a number/, null],
  ['selected', 'first', /window number/, null],
  ['hide', 'everything', /"everything" is not a part of the widget/, null],
  ['color-scheme', 'purple', /use "auto" or "light" or "dark"/, null],
];
const keyOf = (attribute) => attribute.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());

test('a bad attribute shows its message inside that widget while the other widget keeps working', async ({ page }) => {
  const warnings = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const snippet = `<script type="module" src="${COURSE_ORIGIN}/embed/pool-widget.js"></script>
    <section aria-label="Broken widget"><pool-widget stride="0"></pool-widget></section>
    <section aria-label="Working widget"><pool-widget op="max"></pool-widget></section>`;
  await page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(snippet)}`);
  const broken = page.getByRole('region', { name: 'Broken widget' });
  const working = page.getByRole('region', { name: 'Working widget' });
  const workingOutput = working.getByRole('table', { name: 'Output, 2 by 2' }).getByRole('cell');

  await expect(broken.getByRole('alert'), 'a bad attribute in the markup is explained in place').toHaveText(
    'Attribute stride="0": stride must be positive, got 0',
  );
  await expect(broken.getByRole('table').or(broken.getByRole('grid')), 'and no grid is drawn for it').toHaveCount(0);
  // 2 x 2 maxima of 0..15: the bottom-right cell of each block.
  await expect(workingOutput, 'the widget beside it works').toHaveText(['5', '7', '13', '15']);
  await expect.poll(() => warnings.join('\n'), { message: 'the message also goes to console.warn' }).toContain('stride="0"');

  const brokenWidget = broken.locator('pool-widget');
  await brokenWidget.evaluate((element) => element.removeAttribute('stride'));
  await expect(broken.getByRole('table', { name: 'Output, 2 by 2' }), 'removing it brings the grids back').toBeVisible();

  const stateKeys = Object.keys(await brokenWidget.evaluate((element) => element.getState()));
  expect(stateKeys, 'a widget that draws has no error in its state').not.toContain('error');
  for (const [name, value, message, readsAs] of BAD_ATTRIBUTES) {
    await brokenWidget.evaluate((element, [n, v]) => element.setAttribute(n, v), [name, value]);
    await expect(broken.getByRole('alert'), `${name}="${value}" is quoted`).toContainText(`Attribute ${name}="${value}"`);
    await expect(broken.getByRole('alert'), `${name}="${value}" is explained`).toContainText(message);
    await expect(broken.getByRole('table').or(broken.getByRole('grid')), `${name}="${value}" leaves no broken grid`).toHaveCount(0);
    await expect.poll(() => warnings.some((w) => w.includes(`${name}="${value}"`)), {
      message: `${name}="${value}" is warned about on the console`,
    }).toBe(true);
    const [state, alertText] = await brokenWidget.evaluate((element) => [element.getState(), element.shadowRoot.querySelector('[role="alert"]').textContent]);
    expect(state.error, `getState()'s error is the alert's text for ${name}="${value}"`).toBe(alertText);
    expect(Object.keys(state).sort(), `getState() still has every key for ${name}="${value}"`).toEqual([...stateKeys, 'error'].sort());
    expect(state[keyOf(name)], `getState() holds ${name}="${value}" as it reads`).toEqual(readsAs);

    await brokenWidget.evaluate((element, n) => element.removeAttribute(n), name);
    await expect(broken.getByRole('alert', { includeHidden: true }), `removing ${name} clears the message`).toHaveText('');
    await expect(broken.getByRole('table', { name: /^Output/ }), `and the widget draws again after ${name}`).toBeVisible();
  }

  await expect(workingOutput, 'the other widget never stopped working').toHaveText(['5', '7', '13', '15']);
  await working.getByRole('button', { name: 'Window 4' }).click();
  await expect(working.getByRole('status'), 'and still answers the learner').toHaveText('Window 4: max(10, 11, 14, 15) = 15');
});
