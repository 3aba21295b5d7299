// What a screen reader hears from <pool-widget>: the formula is shown at once, and its words go to
// a live region once the learner pauses, so a gradient typed key by key or a window stepped to
// by repeated presses is read out once, where it stops; a "-" on its way to a number raises no
// alert; Enter refuses a field that holds no number at once.
import { test, expect } from './widget-page.js';

// Every text the widget's live regions take, in order: [role, text].
async function recordSpeech(widget) {
  await widget.root.evaluate((element) => {
    window.spoken = [];
    const regions = () => element.shadowRoot.querySelectorAll('[role="status"], [role="alert"]');
    const last = new Map([...regions()].map((region) => [region, region.textContent]));
    new MutationObserver((records) => {
      for (const region of regions()) {
        // A region written again with the same words speaks again: count every write.
        const written = records.some((record) => region === record.target || region.contains(record.target));
        if (!written && last.get(region) === region.textContent) continue;
        last.set(region, region.textContent);
        window.spoken.push([region.getAttribute('role'), region.textContent]);
      }
    }).observe(element.shadowRoot, { subtree: true, childList: true, characterData: true });
  });
}
const spoken = (page, role) => page.evaluate((wanted) => window.spoken.filter(([r, text]) => r === wanted && text !== ''), role);

test('a gradient typed key by key is said once, as its own window\'s line, with no alert on the way', async ({ page, widget }) => {
  await widget.open();
  await widget.gradientButton.click();
  await widget.windowButton(4).click();
  await expect(widget.spoken, 'the window the learner chose is said').toHaveText(
    'Window 4: 16 / 4 = 4, so each of its 4 cells receives 4.');
  await recordSpeech(widget);

  const second = widget.gradientField(2);
  await second.focus();
  await page.keyboard.press('Control+A');
  await second.pressSequentially('-2.5');
  await expect(widget.inputCells.nth(2), 'the cells follow each key: window 2 shares out -2.5').toHaveText('-0.625');
  await expect(widget.formula, 'the screen still explains the selected window').toContainText('Window 4: 16 / 4 = 4');
  await expect(widget.spoken, 'the typed number is said as what it did to its window').toHaveText(
    'Window 2: -2.5 / 4 = -0.625, so each of its 4 cells receives -0.625.');
  const said = await spoken(page, 'status');
  expect(said.map(([, text]) => text), 'four keys, one sentence').toEqual([
    'Window 2: -2.5 / 4 = -0.625, so each of its 4 cells receives -0.625.',
  ]);
  expect(await spoken(page, 'alert'), 'the "-" was a number on its way').toEqual([]);
});

test('windows stepped to by repeated presses are read out once, where the learner stops', async ({ page, widget }) => {
  await widget.open();
  await recordSpeech(widget);
  const next = widget.root.getByRole('button', { name: 'Next window', exact: true });
  await next.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Enter');
  await expect(widget.formula, 'the screen shows the fourth window at once').toHaveText(
    'Window 4: (10 + 11 + 14 + 15) / 4 = 50 / 4 = 12.5');
  await expect(widget.spoken).toHaveText('Window 4: (10 + 11 + 14 + 15) / 4 = 50 / 4 = 12.5');
  const said = await spoken(page, 'status');
  expect(said.length, `four presses, not four sentences: ${JSON.stringify(said)}`).toBeLessThan(4);
  expect(said.at(-1)[1]).toContain('Window 4');

  // Choosing the same window again reads its line again.
  await widget.windowButton(4).click();
  await expect.poll(async () => (await spoken(page, 'status')).length, 'said again').toBe(said.length + 1);

  // Settings from the page say nothing: the screen shows them, and the learner did not ask.
  await widget.root.evaluate((element) => element.setState({ selected: 2 }));
  await expect(widget.formula).toContainText('Window 2: (2 + 3 + 6 + 7) / 4');
  await widget.windowButton(1).click();
  await expect(widget.spoken, 'the next thing said is the learner\'s next choice').toContainText('Window 1:');
  expect((await spoken(page, 'status')).map(([, text]) => text).filter((text) => text.startsWith('Window 2'))).toEqual([]);
});

test('Enter refuses a field with no number at once, and leaving it puts back the number in use', async ({ widget }) => {
  await widget.open();
  await widget.gradientButton.click();
  const last = widget.gradientField(4);
  await last.fill('');
  await last.pressSequentially('-');
  await last.press('Enter');
  // Read in the same moment as the key: Enter does not wait for the pause.
  const alertNow = await widget.alertEvenIfHidden.textContent();
  expect(alertNow, 'said on Enter').toBe('Upstream gradient of output 4 needs a number; the widget keeps 16 until you type one.');
  await expect(last).toHaveAttribute('aria-invalid', 'true');
  await expect(widget.inputCells.nth(15), 'the number in use stays in use').toHaveText('4');

  await last.fill('');
  await last.pressSequentially('-');
  await last.blur();
  await expect(last, 'leaving the field puts back the number in use').toHaveValue('16');
  await expect(last).not.toHaveAttribute('aria-invalid', 'true');
  await expect(widget.alertEvenIfHidden, 'and the alert is gone').toHaveText('');
});
