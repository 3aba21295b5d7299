// Every number <lstm-widget> shows is torch.nn.LSTM(1, 1)'s and autograd's
// (tests/e2e/lstm-expected.json, written by tests/e2e/lstm-expected.py), within the core's
// agreement with PyTorch and as the widget rounds: each case's gates, cell states, outputs and
// gradients of L = h_T step by step, and the selected step written out; numbers typed, the
// forget bias slid and steps added and removed reaching another case's numbers; a step selected
// and let go; setState firing no event; and the lesson in English and in Chinese, whose pages
// also pass axe in both schemes.
import { readFileSync } from 'node:fs';
import { SCANNED_SCHEMES, expectNoAxeViolations, expectNoAxeViolationsInBothSchemes } from './fixtures.js';
import { attributesOf, expect, expectLstmNumbers, LstmPage, test } from './lstm-page.js';
import { checkCasesSideBySide, otherScheme, pinScheme } from './settings-widget-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./lstm-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);

test('shows nn.LSTM\'s numbers in every case', ({ page }) => checkCasesSideBySide(page, LstmPage, cases.filter((candidate) => !candidate.url),
  (testCase) => attributesOf(testCase.expected.settings), (lstm, testCase) => expectLstmNumbers(lstm, testCase.expected)));

test('a typed bias, the slider and the step buttons reach the numbers of other forget gates and lengths, and say so', async ({ lstm }) => {
  await lstm.open();
  await lstm.recordChanges();
  const bias = lstm.field('Forget gate f, b');
  await bias.fill('-5');
  await bias.press('Enter');
  await expect(lstm.root).toHaveAttribute('forget-gate', '0 0 -5');
  await expectLstmNumbers(lstm, named('forget bias -5').expected);
  await expect(lstm.status).toHaveText(/^Forget gate f, b is −5\. At the last step, step 6, c is [\d.]+e−11 and h is [\d.]+e−11; the gradient reaching c at step 1 is [\d.]+e−11\.$/);
  const slider = lstm.root.getByRole('slider', { name: 'Forget gate bias b, from −10 to 10' });
  await expect(slider).toHaveValue('-5');
  await slider.fill('0');
  await expect(lstm.root).toHaveAttribute('forget-gate', '0 0 0');
  await expect(bias, 'the field follows the slider').toHaveValue('0');
  await expectLstmNumbers(lstm, named('forget bias 0').expected);
  await bias.fill('5');
  await bias.press('Enter');
  await lstm.button('Add a step').click();
  await expect(lstm.root).toHaveAttribute('input', '1 0 0 0 0 0 0');
  await expect(lstm.status).toHaveText(/^7 steps\. At the last step, step 7, c is 0\.9198 and h is 0\.7209; the gradient reaching c at step 1 is 0\.4515\.$/);
  await expectLstmNumbers(lstm, named('a step of 0 added').expected);
  await lstm.button('Remove the last step').click();
  await expectLstmNumbers(lstm, named('defaults').expected);
  const changes = await lstm.changes();
  expect(changes.map((change) => [change.state.forgetGate[2], change.state.input.length]), 'one event per change, each by the learner')
    .toEqual([[-5, 6], [0, 6], [5, 6], [5, 7], [5, 6]]);
  expect(changes.every((change) => change.byUser)).toBe(true);
});

test('a step\'s button writes out its computation with the numbers shown, and lets go when pressed again', async ({ lstm }) => {
  const { expected } = named('forget bias 5');
  await lstm.open();
  await lstm.recordChanges();
  await expect(lstm.root.locator('.lines li')).toHaveText(['Press a step\'s button in the timeline (steps 1 to 6) to see its computation.']);
  await lstm.step(3).click();
  await expect(lstm.root).toHaveAttribute('selected', '3');
  await expect(lstm.step(3)).toHaveAttribute('aria-pressed', 'true');
  await expectLstmNumbers(lstm, expected);
  await expect(lstm.root.getByRole('heading', { name: 'Step 3, worked out' })).toBeVisible();
  const lines = lstm.root.locator('.lines li');
  await expect(lines.nth(1)).toHaveText('f₃ = σ(w_x × x₃ + w_h × h₂ + b) = σ(0 × 0 + 0 × 0.7354 + 5) = 0.9933');
  await expect(lines.nth(4)).toHaveText('c₃ = f₃ × c₂ + i₃ × g₃ = 0.9933 × 0.9512 + 0.006693 × 0 = 0.9448');
  await expect(lines.nth(5)).toHaveText('h₃ = o₃ × tanh(c₃) = 0.9933 × tanh(0.9448) = 0.7325');
  await expect(lines.nth(6)).toHaveText('∂L/∂c₃ = ∂L/∂c₄ × f₄ = 0.4596 × 0.9933 = 0.4566');
  await expect(lines.nth(7)).toHaveText('∂L/∂h₃ = 0: every w_h is 0, so h₃ reaches no later step.');
  await expect(lstm.status).toHaveText(/^Step 3 worked out\. At the last step, step 6, c is 0\.926 and h is 0\.7238; the gradient reaching c at step 1 is 0\.4505\.$/);
  // The last step's gradient comes from the loss itself.
  await lstm.step(6).click();
  await expect(lines.nth(6)).toHaveText('∂L/∂c₆ = ∂L/∂h₆ × o₆ × (1 − tanh²(c₆)) = 1 × 0.9933 × (1 − tanh²(0.926)) = 0.4659');
  await expect(lines.nth(7)).toHaveText('∂L/∂h₆ = 1, since the loss is L = h₆.');
  await lstm.step(6).click();
  await expect(lstm.root).toHaveAttribute('selected', '0');
  await expect(lstm.step(6)).toHaveAttribute('aria-pressed', 'false');
  await expect(lstm.status).toHaveText(/^No step worked out\./);
  // Removing the selected last step selects the new last one.
  await lstm.step(6).click();
  await lstm.button('Remove the last step').click();
  await expect(lstm.root).toHaveAttribute('selected', '5');
  await expect(lstm.root.getByRole('heading', { name: 'Step 5, worked out' })).toBeVisible();
  expect((await lstm.changes()).map((change) => change.state.selected)).toEqual([3, 6, 0, 6, 5]);
  await lstm.root.evaluate((widget) => widget.setState({ input: [1, 0, 0, 0, 0, 0], selected: 3 }));
  await expectLstmNumbers(lstm, expected);
  expect(await lstm.changes(), 'setState fires no event').toHaveLength(5);
  expect(await lstm.root.evaluate((widget) => widget.getState())).toEqual({ ...expected.settings, colorScheme: 'auto' });
});

test('with a recurrent weight the gradients written out are the core\'s totals, not a formula that leaves out h', async ({ lstm }) => {
  const { expected } = named('recurrent weights: the gradient also flows through h');
  await lstm.open(LstmPage.tag(attributesOf(expected.settings)));
  await expectLstmNumbers(lstm, expected);
  const lines = lstm.root.locator('.lines li');
  await expect(lines.nth(6)).toHaveText(/^∂L\/∂c₄ = 0\.1238, the core's total: a w_h is not 0, so h₄ also feeds the next step's gates, and the gradient comes back through h as well as through c₅\.$/);
  await expect(lines.nth(7)).toHaveText(/^∂L\/∂h₄ = −0\.06\d+, the core's total, back through the four gates of step 5\.$/);
});

const lessons = cases.filter((testCase) => testCase.url);

for (const lesson of lessons) {
  for (const [language, url] of [['English', lesson.url], ['Chinese', `/zh${lesson.url}`]]) {
    test(`${url} (${language}) shows nn.LSTM's numbers and passes axe (${SCANNED_SCHEMES[language].join(' and ')})`, async ({ page, lstm }) => {
      // axe reads the whole lesson once per scheme.
      test.setTimeout(120_000);
      await page.goto(url);
      await expect(lstm.drawn, 'the lesson\'s widget draws').toBeVisible();
      await expectLstmNumbers(lstm, lesson.expected);
      for (const colorScheme of SCANNED_SCHEMES[language]) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `${url}, ${colorScheme} scheme`);
      }
    });
  }
}

test('the widget passes axe in the light and dark schemes, with twelve steps, a step worked out and a refused value', async ({ page, lstm }) => {
  // axe reads the two widgets once per scheme.
  test.setTimeout(180_000);
  const twelve = named('twelve steps').expected.settings;
  await lstm.open(LstmPage.tag({ ...attributesOf(twelve), selected: '12' })
    + LstmPage.tag({ 'color-scheme': 'dark', ...attributesOf(named('negative inputs').expected.settings) }));
  await lstm.field('Input x, step 2').fill('1,5');
  await expect(lstm.alert).toHaveText('Input x, step 2: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 0.');
  // Each scan covers both widgets, the refusal and every other field as it stood, the second
  // pinned to the scheme the page is not in (dark for the first scan, the light page's).
  const second = page.locator(LstmPage.TAG).last();
  await expectNoAxeViolationsInBothSchemes(page, 'two widgets and a refused value', { beforeScan: (scheme) => pinScheme(second, otherScheme(scheme)) });
});
