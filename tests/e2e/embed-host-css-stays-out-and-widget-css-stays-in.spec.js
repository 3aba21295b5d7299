import { test, expect } from './fixtures.js';
import { FOREIGN_ORIGIN } from './embed-origins.js';

// two-widgets.html ships hostile CSS (host.css): `body * { all: unset }`, `div { display: none }`,
// red 40px buttons, 30px uppercase serif text with wide letter spacing and line height 3, and
// rules aimed at the widget's own class names. None of it may change the widget; and the
// widget's rules (for .cell, .window, .formula...) may not change the page's own elements that
// happen to share those class names.
test('host page CSS does not reach into the widget, and the widget\'s CSS does not leak out', async ({ page }) => {
  await page.goto(`${FOREIGN_ORIGIN}/two-widgets.html`);
  const lessonWidget = page.getByRole('region', { name: "The lesson's widget" });
  const cells = lessonWidget.getByRole('table', { name: 'Output, 2 by 2' }).getByRole('cell');
  await expect(cells, 'the grid is drawn despite `div { display: none }`').toHaveText(['2.5', '4.5', '10.5', '12.5']);
  for (const cell of await cells.all()) await expect(cell, 'every output cell is visible').toBeVisible();

  const style = (locator, ...names) =>
    locator.evaluate((element, props) => {
      const computed = getComputedStyle(element);
      return Object.fromEntries(props.map((name) => [name, computed.getPropertyValue(name)]));
    }, names);

  const cellStyle = await style(cells.first(), 'font-family', 'letter-spacing', 'text-transform', 'color', 'background-color', 'display');
  expect(cellStyle['font-family'], 'the host\'s serif stops at the widget').not.toMatch(/^serif$/);
  expect(cellStyle['letter-spacing'], 'so does its letter spacing').toBe('normal');
  expect(cellStyle['text-transform'], 'and its upper case').toBe('none');
  expect(cellStyle.color, 'and its green text').not.toBe('rgb(0, 128, 0)');
  expect(cellStyle['background-color'], 'rules aimed at .cell do not match inside').not.toBe('rgb(255, 0, 255)');
  expect(cellStyle.display, 'the cell keeps its own layout').toBe('flex');

  const hint = lessonWidget.getByText(/^Select a window/);
  const hintStyle = await style(hint, 'font-size', 'line-height');
  expect(parseFloat(hintStyle['font-size']), 'the host\'s 30px text size does not inherit in').toBeLessThan(20);
  expect(parseFloat(hintStyle['line-height']), 'nor its line height of 3').toBeLessThan(30);

  const toggle = lessonWidget.getByRole('button', { name: 'Gradient', exact: true });
  const toggleStyle = await style(toggle, 'background-color', 'font-size', 'border-top-width');
  expect(toggleStyle['background-color'], 'the host\'s red buttons stay outside').not.toBe('rgb(255, 0, 0)');
  expect(parseFloat(toggleStyle['font-size']), 'and their 40px type').toBeLessThan(20);
  expect(toggleStyle['border-top-width'], 'and their 5px border').toBe('2px');

  // The page may retheme the widget on purpose, through its documented custom properties.
  const maxWidget = page.getByRole('region', { name: 'Max pooling, 3 by 3 windows' });
  await expect(maxWidget.getByRole('button', { name: 'Maximum', exact: true }), '--pool-accent set on the element is used').toHaveCSS(
    'background-color',
    'rgb(0, 90, 0)',
  );
  // --pool-cell-size: 50px sizes every cell, and the numbers' type follows it (0.32 of the
  // side, 16px, within 0.8rem..1.05rem).
  const maxCell = maxWidget.getByRole('table', { name: /^Output/ }).getByRole('cell').first();
  const box = await maxCell.boundingBox();
  expect([box.width, box.height], '--pool-cell-size set on the element sizes the cells').toEqual([50, 50]);
  await expect(maxCell, 'and their type').toHaveCSS('font-size', '16px');

  // Leaking out: the page's own .cell/.formula paragraph and .window button keep the page's look.
  const hostText = page.getByText("Host text with the widget's class names");
  await expect(hostText, 'the page\'s .cell text keeps its colour').toHaveCSS('color', 'rgb(200, 0, 0)');
  await expect(hostText, 'and gets no cell background').toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(hostText, 'nor the formula\'s left border').toHaveCSS('border-left-style', 'none');
  const hostButton = page.getByRole('button', { name: 'Host button' });
  await expect(hostButton, 'the page\'s .window button is not positioned like a window').toHaveCSS('position', 'static');
  await expect(hostButton, 'and keeps its red').toHaveCSS('background-color', 'rgb(255, 0, 0)');

  const sheets = await page.evaluate(() => ({
    document: document.styleSheets.length,
    adopted: document.adoptedStyleSheets.length,
    styleElements: document.querySelectorAll('style').length,
  }));
  expect(sheets, 'the widget adds no stylesheet to the page: only host.css is there').toEqual({
    document: 1,
    adopted: 0,
    styleElements: 0,
  });
});
