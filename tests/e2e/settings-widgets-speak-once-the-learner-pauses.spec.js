// What a screen reader hears from a settings widget (shared/settings-widget.js), with
// <dropout-widget> standing for all of them: a slider moved by a held arrow key is read out
// where it stops, not at each step; a sign or an exponent on its way to a number raises no
// alert; a number refused on the way to another is said once, when the learner commits it; and
// a number taken on the way ("1" of "1.275") is said and reported, as the refusal says the
// widget keeps it.
import { expect, test } from './dropout-page.js';

// Every text the widget's live regions take, in order: [role, text].
async function recordSpeech(dropout) {
  await dropout.root.evaluate((widget) => {
    window.spoken = [];
    const last = new Map();
    new MutationObserver(() => {
      for (const region of widget.shadowRoot.querySelectorAll('[role="status"], [role="alert"]')) {
        const text = region.textContent;
        if (last.get(region) === text) continue;
        last.set(region, text);
        window.spoken.push([region.getAttribute('role'), text]);
      }
    }).observe(widget.shadowRoot, { subtree: true, childList: true, characterData: true });
    for (const region of widget.shadowRoot.querySelectorAll('[role="status"], [role="alert"]')) last.set(region, region.textContent);
  });
}
const spoken = (page) => page.evaluate(() => window.spoken);
// The alerts with words in them, of everything the live regions took.
const alertsSaid = async (page) => (await spoken(page)).filter(([role, text]) => role === 'alert' && text !== '');

// Types `text` into an emptied field key by key, as a learner does, then presses Enter.
async function typeThenEnter(field, text) {
  await field.fill('');
  await field.pressSequentially(text);
  await field.press('Enter');
}

test('a slider held to the right is read out once, where it stops', async ({ page, dropout }) => {
  await dropout.open();
  await recordSpeech(dropout);
  await dropout.slider.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  await expect(dropout.status).toContainText('p = 0.8');
  const said = (await spoken(page)).filter(([role, text]) => role === 'status' && text !== '');
  expect(said.length, `six steps, not six sentences: ${JSON.stringify(said)}`).toBeLessThan(3);
  expect(said.at(-1)[1]).toContain('p = 0.8');
});

test('typing −1.5 raises no alert on the way, and Enter says the new input', async ({ page, dropout }) => {
  await dropout.open();
  await recordSpeech(dropout);
  await typeThenEnter(dropout.field('Input 1'), '-1.5');
  await expect(dropout.status).toContainText('Input 1 is −1.5');
  expect(await alertsSaid(page), 'the "-" was a number on its way').toEqual([]);
  expect((await dropout.numbers()).output[0], 'the output uses −1.5 × 2').toBe(-3);
});

test('p typed as 1.275 is refused once, on Enter, and the 1 taken on the way is said and reported', async ({ page, dropout }) => {
  await dropout.open();
  await dropout.recordChanges();
  await recordSpeech(dropout);
  await typeThenEnter(dropout.field('Dropout probability p'), '1.275');
  await expect(dropout.alert).toHaveText('Dropout probability p: p must be from 0 to 1, not 1.275. The widget keeps 1.');
  await expect(dropout.status, 'the setting in use is said').toContainText('Dropout probability p is 1');
  expect((await dropout.changes()).map((change) => change.state.p), 'and reported').toEqual([1]);
  const alerts = await alertsSaid(page);
  expect(alerts.length, `one refusal, not one at each key: ${JSON.stringify(alerts)}`).toBe(1);
});

test('a word typed where a number goes is refused once the typing pauses, without waiting for Enter', async ({ dropout }) => {
  await dropout.open();
  const p = dropout.field('Dropout probability p');
  await p.fill('one');
  await expect(dropout.alert, 'a word ending in e is no exponent on its way').toContainText('"one" is not a number');
  await expect(p).toHaveAttribute('aria-invalid', 'true');
});
