// What a screen reader hears from <pool-widget>: the formula is shown at once, and its words go to
// a live region once the learner pauses, so a gradient typed key by key or a window stepped to
// by repeated presses is read out once, where it stops; a "-" on its way to a number raises no
// alert; Enter refuses a field that holds no number at once. The page's clock is paused once the
// widget is drawn, so the pauses end exactly when the test says, however busy the machine.
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
const spoken = (page, role) => page.evaluate((wanted) => window.spoken.filter(([r, text]) => r === wanted && text !== '').map(([, text]) => text), role);

// Longer than either pause: the 0.4 s before speaking and the 0.8 s before a refusal.
const PAUSE_MS = 1000;

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

async function pauseTheClock(page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
}

test('a gradient typed key by key is said once, as its own window\'s line, with no alert on the way', async ({ page, widget }) => {
  await widget.open();
  await widget.gradientButton.click();
  await widget.windowButton(4).click();
  await expect(widget.spoken, 'the window the learner chose is said').toHaveText(
    'Window 4: 16 / 4 = 4, so each of its 4 cells receives 4.');
  await recordSpeech(widget);
  await pauseTheClock(page);

  const second = widget.gradientField(2);
  await second.focus();
  await page.keyboard.press('Control+A');
  await second.pressSequentially('-2.5');
  await expect(widget.inputCells.nth(2), 'the cells follow each key: window 2 shares out -2.5').toHaveText('-0.625');
  await expect(widget.formula, 'the screen still explains the selected window').toContainText('Window 4: 16 / 4 = 4');
  expect(await spoken(page, 'status'), 'nothing is said while the learner types').toEqual([]);

  await page.clock.runFor(PAUSE_MS);
  await expect(widget.spoken, 'the typed number is said as what it did to its window').toHaveText(
    'Window 2: -2.5 / 4 = -0.625, so each of its 4 cells receives -0.625.');
  expect(await spoken(page, 'status'), 'four keys, one sentence').toEqual([
    'Window 2: -2.5 / 4 = -0.625, so each of its 4 cells receives -0.625.',
  ]);
  expect(await spoken(page, 'alert'), 'the "-" was a number on its way').toEqual([]);
});

test('windows stepped to by repeated presses are read out once, where the learner stops', async ({ page, widget }) => {
  await widget.open();
  await recordSpeech(widget);
  await pauseTheClock(page);
  const next = widget.root.getByRole('button', { name: 'Next window', exact: true });
  await next.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Enter');
  await expect(widget.formula, 'the screen shows the fourth window at once').toHaveText(
    'Window 4: (10 + 11 + 14 + 15) / 4 = 50 / 4 = 12.5');
  expect(await spoken(page, 'status'), 'nothing is said between the presses').toEqual([]);
  await page.clock.runFor(PAUSE_MS);
  expect(await spoken(page, 'status'), 'four presses, one sentence').toEqual(['Window 4: (10 + 11 + 14 + 15) / 4 = 50 / 4 = 12.5']);

  // Choosing the same window again reads its line again: the region empties, then takes it.
  await widget.windowButton(4).click();
  await page.clock.runFor(PAUSE_MS);
  const line = 'Window 4: (10 + 11 + 14 + 15) / 4 = 50 / 4 = 12.5';
  expect(await page.evaluate(() => window.spoken.filter(([role]) => role === 'status').map(([, text]) => text)),
    'said again, after a moment of silence').toEqual([line, '', line]);

  // Settings from the page drop what waited to be said of the learner's last choice.
  await widget.root.evaluate(async (element) => {
    element.shadowRoot.querySelector('button.window:nth-of-type(3)').click();
    element.setState({ selected: 2 });
    await element.ready();
  });
  await expect(widget.formula, 'the page\'s window is shown').toContainText('Window 2: (2 + 3 + 6 + 7) / 4');
  await page.clock.runFor(PAUSE_MS);
  expect((await spoken(page, 'status')).filter((text) => /^Window [23]:/.test(text)), 'and neither window 3 nor 2 is said').toEqual([]);
});

test('Enter refuses a field with no number at once, and leaving one puts back the number in use', async ({ page, widget }) => {
  await widget.open();
  await widget.gradientButton.click();
  await pauseTheClock(page);
  const last = widget.gradientField(4);
  await last.fill('');
  await last.pressSequentially('-');
  await expect(widget.inputCells.nth(15), 'the number in use stays in use').toHaveText('4');
  expect(await widget.alertEvenIfHidden.textContent(), 'no alert while the clock stands').toBe('');
  await last.press('Enter');
  await expect(widget.alertEvenIfHidden, 'said on Enter').toHaveText(
    'Upstream gradient of output 4 needs a number; the widget keeps 16 until you type one.');
  await expect(last).toHaveAttribute('aria-invalid', 'true');
  await expect(last, 'the refused field is described by the alert').toHaveAccessibleDescription(
    'Upstream gradient of output 4 needs a number; the widget keeps 16 until you type one.');
  await expect(widget.gradientField(3), 'and no other field is').toHaveAccessibleDescription('');

  // Leaving a refused field puts its number back; the alert keeps saying why.
  const third = widget.gradientField(3);
  await third.focus();
  await expect(last, 'the refused field shows the number in use again').toHaveValue('16');
  await expect(last).not.toHaveAttribute('aria-invalid');
  await expect(last, 'and the alert no longer describes it').toHaveAccessibleDescription('');
  await expect(widget.alertEvenIfHidden, 'the alert still says what the widget keeps').toHaveText(
    'Upstream gradient of output 4 needs a number; the widget keeps 16 until you type one.');
  await third.fill('');
  await third.pressSequentially('-');
  await expect(third, 'not refused while the learner may still be typing').not.toHaveAttribute('aria-invalid');
  await third.blur();
  await expect(third, 'leaving the field puts back the number in use').toHaveValue('12');
  await expect(widget.alertEvenIfHidden, 'and says why, as Enter would').toHaveText(
    'Upstream gradient of output 3 needs a number; the widget keeps 12 until you type one.');
  await page.clock.runFor(PAUSE_MS);
  await expect(third, 'no refusal comes after').not.toHaveAttribute('aria-invalid');
  await third.fill('3');
  await expect(widget.alertEvenIfHidden, 'a gradient drawn ends the sentence').toHaveText('');
});

test('a gradient the widget cannot hold, typed and left at once, is still said after the focus moves on', async ({ page, widget }) => {
  await widget.open();
  await widget.gradientButton.click();
  await recordSpeech(widget);
  await pauseTheClock(page);
  const second = widget.gradientField(2);
  // Pasted and left before the pause after which typing is refused: leaving refuses it, and the
  // alert must still hold the sentence once the next control has the focus, for a screen reader
  // reads an alert only while it has something to say.
  await second.fill('1e39');
  await page.keyboard.press('ArrowDown');
  await expect(widget.gradientField(4), 'the focus moved on, to the gradient below').toBeFocused();
  await expect(second, 'the number in use is back').toHaveValue('8');
  await expect(second, 'and is not held to be wrong').not.toHaveAttribute('aria-invalid');
  await expect(second).toHaveAccessibleDescription('');
  await expect(widget.alertEvenIfHidden, 'the alert says why, and what the widget keeps').toHaveText(
    'Upstream gradient of output 2: 1e39 is beyond the largest number the core computes with (float32, about 3.4e38); the widget keeps 8 until you type one it can hold.');
  await page.clock.runFor(PAUSE_MS);
  await expect(widget.alertEvenIfHidden, 'and keeps it').toContainText('the widget keeps 8');
  expect(await spoken(page, 'alert'), 'said once').toEqual([
    'Upstream gradient of output 2: 1e39 is beyond the largest number the core computes with (float32, about 3.4e38); the widget keeps 8 until you type one it can hold.',
  ]);
});
