// Every number <attention-widget> shows is scaled dot-product attention's as PyTorch 1.13
// computes it (tests/e2e/attention-expected.json, written by tests/e2e/attention-expected.py
// with the lines of nn.MultiheadAttention's forward that the core's golden data was made with),
// within the core's agreement with it and as the widget rounds: each case's scores, weights and
// output, and the selected query written out; a typed number, the steppers, the causal switch
// and a press on a row reaching another case's numbers, each told to the page once; setState
// firing no event; and the lesson in English and in Chinese, with its exercises' numbers, whose
// pages pass axe in both schemes, as does the widget with the mask on and a refused value.
import { readFileSync } from 'node:fs';
import { SCANNED_SCHEMES, expectNoAxeViolations, expectNoAxeViolationsInBothSchemes } from './fixtures.js';
import { AttentionPage, attributesOf, expect, expectAttentionNumbers, expectRounded, test } from './attention-page.js';
import { checkEachExercise } from './lesson-exercises.js';
import { checkCasesSideBySide, otherScheme, pinScheme } from './settings-widget-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./attention-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);

test('shows PyTorch\'s attention in every case', ({ page }) => checkCasesSideBySide(page, AttentionPage, cases.filter((candidate) => !candidate.url),
  (testCase) => attributesOf(testCase.expected.settings), (attention, testCase) => expectAttentionNumbers(attention, testCase.expected)));

test('the causal switch, a press on row 3 and a typed key reach other cases\' numbers, each told once', async ({ attention }) => {
  await attention.open();
  await attention.recordChanges();
  await expectAttentionNumbers(attention, named('defaults').expected);
  await attention.root.getByRole('checkbox', { name: 'Causal mask: query i sees keys 1 to i only' }).check();
  await expect(attention.root).toHaveAttribute('causal', 'true');
  await expect(attention.status).toHaveText('Causal mask on. Query 1 attends most to key 1, with weight 1; its output is (1, 0).');
  await expectAttentionNumbers(attention, named('causal').expected);
  await expect(attention.cell('scores', 1, 2), 'a masked score says so').toHaveAccessibleName('Score s row 1, column 2: minus infinity, masked');

  await attention.cell('weights', 3, 2).click();
  await expect(attention.root).toHaveAttribute('selected', '3');
  await expect(attention.written.getByRole('heading', { level: 3 })).toHaveText('Query 3 written out');
  const causal = { ...named('causal').expected, settings: { ...named('causal').expected.settings, selected: 3 } };
  await expectAttentionNumbers(attention, causal);
  const lines = (await attention.read()).lines;
  expect(lines[0]).toBe('s₃,₁ = (q₃ · k₁) / √2 = (1 × 1 + 1 × 0) / √2 = 0.7071');
  expect(lines[3]).toBe('w₃,ⱼ = exp(s₃,ⱼ) / Σₖ exp(s₃,ₖ)');
  expect(lines[5]).toBe('o₃ = w₃,₁ v₁ + w₃,₂ v₂ + w₃,₃ v₃');
  expect(lines[6]).toBe('= 0.2483 × (1, 0) + 0.2483 × (0, 1) + 0.5035 × (0.5, 0.5)');

  // Pressing the selected row again changes nothing and tells nothing.
  await attention.cell('output', 3, 1).click();
  await attention.root.getByRole('checkbox', { name: 'Causal mask: query i sees keys 1 to i only' }).uncheck();
  await attention.fields('key').nth(2).fill('0.5');
  await attention.fields('key').nth(2).press('Enter');
  await expect(attention.root).toHaveAttribute('key', '1 0 0.5 1 1 1');
  await expect(attention.status).toHaveText(/^Key k row 2, column 1 is 0\.5\. Query 3 attends most to key \d, with weight [\d.]+; its output is \(/);
  const changes = await attention.changes();
  expect(changes.map((change) => [change.state.causal, change.state.selected, change.state.key[2]]), 'one event per change, each by the learner')
    .toEqual([[true, 1, 0], [true, 3, 0], [false, 3, 0], [false, 3, 0.5]]);
  expect(changes.every((change) => change.byUser)).toBe(true);
  await attention.root.evaluate((widget) => widget.setState({ key: [1, 0, 0, 1, 1, 1], selected: 1 }));
  await expectAttentionNumbers(attention, named('defaults').expected);
  expect(await attention.changes(), 'setState fires no event').toHaveLength(4);
});

test('"One query more" adds a query from the default\'s numbers; "One query fewer" takes it off and keeps the selection in range', async ({ attention }) => {
  await attention.open(AttentionPage.tag({ selected: '3' }));
  await attention.recordChanges();
  await attention.button('One query more').click();
  await expect(attention.root).toHaveAttribute('queries', '4');
  await expect(attention.root).toHaveAttribute('query', '1 0 0 1 1 1 1 0');
  await expect(attention.status).toHaveText(/^Queries Lq: 4\. Query 3 attends most to key 3, with weight 0\.5035; its output is /);
  const added = named('a query added: its row taken from the default').expected;
  await expectAttentionNumbers(attention, { ...added, settings: { ...added.settings, selected: 3 } });
  await attention.cell('weights', 4, 1).click();
  await attention.button('One query fewer').click();
  await attention.button('One query fewer').click();
  await expect(attention.root).toHaveAttribute('selected', '2');
  await expect(attention.root).toHaveAttribute('query', '1 0 0 1');
  await expect(attention.fields('query')).toHaveCount(4);
  const changes = await attention.changes();
  expect(changes.map((change) => [change.state.queries, change.state.selected])).toEqual([[4, 3], [4, 4], [3, 3], [2, 2]]);
});

test('"d one larger" keeps each query\'s and key\'s numbers in place and adds a column', async ({ attention }) => {
  await attention.open();
  await attention.button('d one larger').click();
  await expect(attention.root).toHaveAttribute('dim', '3');
  await expect(attention.root).toHaveAttribute('query', '1 0 0 0 1 1 1 1 0');
  await expect(attention.root).toHaveAttribute('key', '1 0 0 0 1 1 1 1 0');
  await expect(attention.fields('query')).toHaveCount(9);
  const lines = (await attention.read()).lines;
  expect(lines[0]).toBe('s₁,₁ = (q₁ · k₁) / √3 = (1 × 1 + 0 × 0 + 0 × 0) / √3 = 0.5774');
  await attention.button('dv one smaller').click();
  await expect(attention.root).toHaveAttribute('value', '1 0 0.5');
  await expect(attention.button('dv one smaller'), 'dv is at least 1').toBeDisabled();
});

const lessons = cases.filter((testCase) => testCase.url);

for (const lesson of lessons) {
  for (const [language, url] of [['English', lesson.url], ['Chinese', `/zh${lesson.url}`]]) {
    test(`${url} (${language}) shows PyTorch's attention and its exercises' numbers, and passes axe (${SCANNED_SCHEMES[language].join(' and ')})`, async ({ page, attention }) => {
      // axe reads the whole lesson once per scheme.
      test.setTimeout(120_000);
      await page.goto(url);
      await expect(attention.drawn, 'the lesson\'s widget draws').toBeVisible();
      await expectAttentionNumbers(attention, lesson.expected);
      // Each exercise's number, set up as its link does, as the widget shows it.
      await checkEachExercise(attention.root, url, lesson.exercises, async (exercise) => {
        const [grid, row, column] = exercise.core.split(' ');
        const cell = attention.cell({ score: 'scores', weight: 'weights', output: 'output' }[grid], Number(row), Number(column));
        expectRounded(await cell.textContent(), exercise.pytorch, `${url}: exercise ${exercise.core}`);
      });
      for (const colorScheme of SCANNED_SCHEMES[language]) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `${url}, ${colorScheme} scheme`);
      }
    });
  }
}

test('the widget passes axe in the light and dark schemes, masked, six by six and with a refused value', async ({ page, attention }) => {
  // axe reads the two widgets once per scheme.
  test.setTimeout(180_000);
  const six = named('six by six, d 4, dv 4, causal').expected.settings;
  await attention.open(AttentionPage.tag({ causal: 'true', selected: '2' })
    + AttentionPage.tag({ 'color-scheme': 'dark', ...attributesOf(six) }));
  await attention.fields('value').first().fill('1,5');
  await expect(attention.alert).toHaveText('Value v row 1, column 1: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 1.');
  // Each scan covers both widgets, the refusal and every other field as it stood, the second
  // pinned to the scheme the page is not in (dark for the first scan, the light page's).
  const second = page.locator(AttentionPage.TAG).last();
  await expectNoAxeViolationsInBothSchemes(page, 'two widgets and a refused value', { beforeScan: (scheme) => pinScheme(second, otherScheme(scheme)) });
});
