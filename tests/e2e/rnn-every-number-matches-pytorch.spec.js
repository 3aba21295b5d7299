// Every number <rnn-widget> shows is torch.nn.RNN(1, 1)'s (tests/e2e/rnn-expected.json, written
// by tests/e2e/rnn-expected.py), within the core's agreement for recurrences and as the widget
// rounds: each case's states, the gradient reaching each step with its bar on the log scale,
// and the parameters' gradients; a step worked out with the numbers shown, ending on the
// core's; typed numbers, the drop-down, the slider and the step buttons reaching another case's
// numbers, each change reported and setState firing no event; and the lesson in English and in
// Chinese, whose pages also pass axe in both schemes.
import { readFileSync } from 'node:fs';
import { readableNumber, termNumber } from '../../web/components/shared/format-number.js';
import { SCANNED_SCHEMES, expectNoAxeViolations, expectNoAxeViolationsInBothSchemes } from './fixtures.js';
import { attributesOf, expect, expectRnnNumbers, RnnPage, test } from './rnn-page.js';
import { checkCasesSideBySide, otherScheme, pinScheme } from './settings-widget-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./rnn-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);

test('shows torch.nn.RNN\'s numbers in every case', ({ page }) => checkCasesSideBySide(page, RnnPage, cases.filter((candidate) => !candidate.url),
  (testCase) => attributesOf(testCase.expected.settings), (rnn, testCase) => expectRnnNumbers(rnn, testCase.expected)));

test('a step worked out: its state from the one before and the gradient it passes back, ending on the core\'s numbers', async ({ rnn }) => {
  const { expected } = named('defaults');
  const n = (value) => readableNumber(value);
  await rnn.open(RnnPage.tag({ selected: '3' }));
  await expect(rnn.step(3)).toHaveAttribute('aria-pressed', 'true');
  const shown = await rnn.read();
  expect(shown.title).toBe('Step 3, worked out');
  expect(shown.forward).toBe(`h₃ = tanh(w_ih × x₃ + w_hh × h₂ + b) = tanh(1 × 0 + 0.5 × ${n(expected.states[1])} + 0) = ${n(expected.states[2])}`);
  expect(shown.backward).toBe(`∂L/∂h₂ = ∂L/∂h₃ × w_hh × tanh′ = ${n(expected.gradHidden[2])} × 0.5 × (1 − ${n(expected.states[2])}²) = ${n(expected.gradHidden[1])}`);
  expect(shown.slope).toBe('tanh′ = 1 − h₃²: the slope of tanh at this step.');
  expect(shown.note, 'only the last step says the loss is its state').toBe('');

  // Step 1 starts from h0 and passes its gradient to h0; the last step's gradient is 1.
  await rnn.step(1).click();
  await expect(rnn.root).toHaveAttribute('selected', '1');
  expect((await rnn.read()).backward).toBe(`∂L/∂h₀ = ∂L/∂h₁ × w_hh × tanh′ = ${n(expected.gradHidden[0])} × 0.5 × (1 − ${n(expected.states[0])}²) = ${n(expected.gradH0)}`);
  expect((await rnn.read()).forward).toBe(`h₁ = tanh(w_ih × x₁ + w_hh × h₀ + b) = tanh(1 × 1 + 0.5 × 0 + 0) = ${n(expected.states[0])}`);
  await rnn.step(8).click();
  await expect(rnn.workedOut.locator('.note')).toHaveText('∂L/∂h₈ = 1: the loss is h₈ itself.');
  expect((await rnn.read()).backward).toMatch(/^∂L\/∂h₇ = ∂L\/∂h₈ × w_hh × tanh′ = 1 × 0\.5 × /);
  // Pressed again, the step is put away.
  await rnn.step(8).click();
  await expect(rnn.root).toHaveAttribute('selected', '0');
  await expect(rnn.step(8)).toHaveAttribute('aria-pressed', 'false');
  await expect(rnn.workedOut.locator('h3')).toHaveText('A step, worked out');
});

test('ReLU at its kink: a state of exactly 0 has slope 0, and no gradient passes back', async ({ rnn }) => {
  const { expected } = named('relu units at 0 exactly: no gradient through the kink');
  await rnn.open(RnnPage.tag({ ...attributesOf(expected.settings), selected: '3' }));
  await expectRnnNumbers(rnn, expected);
  const shown = await rnn.read();
  expect(shown.forward).toBe('h₃ = relu(w_ih × x₃ + w_hh × h₂ + b) = relu(1 × 0 + 1 × 0 + 0) = 0');
  expect(shown.backward).toBe('∂L/∂h₂ = ∂L/∂h₃ × w_hh × relu′ = 1 × 1 × 0 = 0');
  expect(shown.slope).toBe('relu′ = 0, since h₃ = 0 (autograd takes 0 at the kink too), so no gradient passes back.');
  expect(shown.bars.slice(0, 2), 'a gradient of 0 draws no bar').toEqual([0, 0]);
  await rnn.step(4).click();
  expect((await rnn.read()).slope).toBe('relu′ = 1, since h₄ > 0.');
});

test('a negative weight and bias are written in parentheses', async ({ rnn }) => {
  const { expected } = named('a starting state and a bias');
  await rnn.open(RnnPage.tag({ ...attributesOf(expected.settings), 'w-hh': '-0.8', selected: '1' }));
  await expect(rnn.workedOut.locator('.forward')).toHaveText(new RegExp(`^h₁ = tanh\\(w_ih × x₁ \\+ w_hh × h₀ \\+ b\\) = tanh\\(1 × 0\\.3 \\+ \\(−0\\.8\\) × 0\\.5 \\+ ${termNumber(-0.2).replace(/[()]/g, '\\$&')}\\) = `));
});

test('typing, the drop-down, the slider and the step buttons reach other cases\' numbers, and say so', async ({ rnn }) => {
  await rnn.open();
  await rnn.recordChanges();
  await rnn.choice('Nonlinearity').selectOption('relu');
  await expectRnnNumbers(rnn, named('relu, w_hh 0.5: the gradient halves at each step back').expected);
  await rnn.field('Recurrent weight w_hh').fill('1.5');
  await rnn.field('Recurrent weight w_hh').press('Enter');
  await expect(rnn.root).toHaveAttribute('w-hh', '1.5');
  const grows = named('relu, w_hh 1.5: the gradient grows').expected;
  await expectRnnNumbers(rnn, grows);
  await expect(rnn.status).toHaveText(`Recurrent weight w_hh is 1.5. The last state, h at step 8, is ${readableNumber(grows.states[7])}; the gradient reaching step 1 is ${readableNumber(grows.gradHidden[0])}.`);
  await rnn.root.getByRole('slider', { name: 'Recurrent weight w_hh', exact: true }).fill('0.9');
  await expect(rnn.root).toHaveAttribute('w-hh', '0.9');
  await expect(rnn.field('Recurrent weight w_hh')).toHaveValue('0.9');
  await expectRnnNumbers(rnn, named('relu, w_hh 0.9').expected);
  await rnn.field('Recurrent weight w_hh').fill('2');
  await rnn.field('Recurrent weight w_hh').press('Enter');
  for (let i = 0; i < 4; i++) await rnn.button('Add a step').click();
  await expect(rnn.button('Add a step'), 'twelve steps at most').toBeDisabled();
  await expect(rnn.status).toHaveText(/^12 steps\. The last state, h at step 12, is 2048; the gradient reaching step 1 is 2048\.$/);
  await expectRnnNumbers(rnn, named('twelve steps, relu, w_hh 2: the gradient doubles at each step back').expected);
  const changes = await rnn.changes();
  expect(changes.map((change) => [change.state.nonlinearity, change.state.wHh, change.state.input.length]), 'one event per change, each by the learner')
    .toEqual([['relu', 0.5, 8], ['relu', 1.5, 8], ['relu', 0.9, 8], ['relu', 2, 8], ['relu', 2, 9], ['relu', 2, 10], ['relu', 2, 11], ['relu', 2, 12]]);
  expect(changes.every((change) => change.byUser)).toBe(true);
  await rnn.root.evaluate((widget) => widget.setState({ input: [0.7], h0: -0.3, bias: 0.1, wHh: 1.2, nonlinearity: 'tanh' }));
  await expectRnnNumbers(rnn, named('one step').expected);
  await expect(rnn.button('Remove the last step'), 'one step at least').toBeDisabled();
  expect(await rnn.changes(), 'setState fires no event').toHaveLength(8);
});

test('removing the selected last step moves the selection to the step before', async ({ rnn }) => {
  await rnn.open(RnnPage.tag({ selected: '8' }));
  await rnn.recordChanges();
  await rnn.button('Remove the last step').click();
  await expect(rnn.root).toHaveAttribute('input', '1 0 0 0 0 0 0');
  await expect(rnn.root).toHaveAttribute('selected', '7');
  await expect(rnn.workedOut.locator('.note')).toHaveText('∂L/∂h₇ = 1: the loss is h₇ itself.');
  expect((await rnn.changes()).map((change) => change.state.selected)).toEqual([7]);
});

const lessons = cases.filter((testCase) => testCase.url);

for (const lesson of lessons) {
  for (const [language, url] of [['English', lesson.url], ['Chinese', `/zh${lesson.url}`]]) {
    test(`${url} (${language}) shows torch.nn.RNN's numbers and passes axe (${SCANNED_SCHEMES[language].join(' and ')})`, async ({ page, rnn }) => {
      // axe reads the whole lesson once per scheme.
      test.setTimeout(120_000);
      await page.goto(url);
      await expect(rnn.drawn, 'the lesson\'s widget draws').toBeVisible();
      await expectRnnNumbers(rnn, lesson.expected);
      for (const colorScheme of SCANNED_SCHEMES[language]) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `${url}, ${colorScheme} scheme`);
      }
    });
  }
}

test('the widget passes axe in the light and dark schemes, with twelve steps, a step worked out and a refused value', async ({ page, rnn }) => {
  // axe reads the two widgets once per scheme.
  test.setTimeout(180_000);
  const twelve = named('twelve steps, relu, w_hh 2: the gradient doubles at each step back').expected.settings;
  await rnn.open(RnnPage.tag({ selected: '2' })
    + RnnPage.tag({ 'color-scheme': 'dark', ...attributesOf(twelve), selected: '12' }));
  await rnn.field('Bias b').fill('101');
  await expect(rnn.alert).toHaveText('Bias b: bias must be from -100 to 100, not 101. The widget keeps 0.');
  // Each scan covers both widgets, the refusal and every other field as it stood, the second
  // pinned to the scheme the page is not in (dark for the first scan, the light page's).
  const second = page.locator(RnnPage.TAG).last();
  await expectNoAxeViolationsInBothSchemes(page, 'two widgets and a refused value', { beforeScan: (scheme) => pinScheme(second, otherScheme(scheme)) });
});
