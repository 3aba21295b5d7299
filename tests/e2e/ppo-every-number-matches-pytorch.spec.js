// Every number <ppo-widget> shows is PPO's as PyTorch 1.13 computes it
// (tests/e2e/ppo-expected.json, written by tests/e2e/ppo-expected.py with the training of
// tests/golden/rl/generate.py that the core's golden data was made with), within the core's
// agreement with it and as the widget rounds: each case's epoch shown in detail, with a sample
// clipped exactly where PyTorch's gradient is 0; the epoch's stepper and slider, a typed
// learning rate, a chosen action and the samples' stepper reaching other cases' numbers, each
// told to the page once; setState firing no event; and the lesson in English and in Chinese,
// with its exercises' numbers, whose pages pass axe in both schemes, as does the widget with a
// refused value.
import { readFileSync } from 'node:fs';
import { SCANNED_SCHEMES, expectNoAxeViolations, expectNoAxeViolationsInBothSchemes } from './fixtures.js';
import { attributesOf, expect, expectPpoNumbers, expectRounded, PpoPage, test } from './ppo-page.js';
import { checkEachExercise } from './lesson-exercises.js';
import { checkCasesSideBySide, otherScheme, pinScheme } from './settings-widget-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./ppo-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);

test('shows PyTorch\'s PPO in every case', ({ page }) => checkCasesSideBySide(page, PpoPage, cases.filter((candidate) => !candidate.url),
  (testCase) => attributesOf(testCase.expected.settings), (ppo, testCase) => expectPpoNumbers(ppo, testCase.expected)));

test('the epoch\'s stepper and slider, a typed lr, a chosen action and the samples reach other cases\' numbers, each told once', async ({ page, ppo }) => {
  await ppo.open();
  await ppo.recordChanges();
  await expectPpoNumbers(ppo, named('defaults').expected);
  await expect(ppo.button('One epoch later'), 'the last epoch is shown').toBeDisabled();

  // Back to the start, one epoch at a time to 1, then to 2 by the slider.
  await ppo.slider.fill('0');
  await expect(ppo.root).toHaveAttribute('selected', '0');
  await expectPpoNumbers(ppo, named('the start, before any step').expected);
  await ppo.button('One epoch later').click();
  await expect(ppo.status).toHaveText('Epoch 1 shown. After 1 steps the ratios are 1.173, 0.8408, and the loss is −0.1661.');
  await expectPpoNumbers(ppo, named('after one step').expected);
  await ppo.slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(ppo.root).toHaveAttribute('selected', '2');
  await expectPpoNumbers(ppo, named('after two steps: past the band').expected);
  const cards = (await ppo.read()).cards;
  expect(cards[0].sentence, 'sample 1 says it is clipped').toMatch(/^Clipped: /);

  // A large lr overshoots: three epochs, epoch 1 shown.
  await ppo.field('Learning rate lr').fill('10');
  await ppo.field('Learning rate lr').press('Enter');
  await ppo.field('Epochs, 1 to 50').fill('3');
  await ppo.field('Epochs, 1 to 50').press('Enter');
  await expect(ppo.root).toHaveAttribute('epochs', '3');
  await expect(ppo.root, 'the epoch shown stays where it was').toHaveAttribute('selected', '2');
  await ppo.button('One epoch earlier').click();
  await expectPpoNumbers(ppo, named('a large lr overshoots in one step').expected);

  // A third sample takes the default's numbers; setState brings the defaults back silently.
  await ppo.root.evaluate((widget) => widget.setState({ lr: null, epochs: null, selected: null }));
  await expectPpoNumbers(ppo, named('defaults').expected);
  await ppo.button('One sample more').click();
  await expect(ppo.root).toHaveAttribute('samples', '3');
  await expect(ppo.root).toHaveAttribute('actions', '1 2 1');
  await ppo.slider.fill('4');
  await expectPpoNumbers(ppo, named('a sample added: its numbers from the default').expected);
  await ppo.choice('Sample 3, action taken').selectOption('3');
  await expect(ppo.root).toHaveAttribute('actions', '1 2 3');
  await expect(ppo.status).toHaveText(/^Sample 3, action taken: Action 3\. After 4 steps the ratios are /);

  const changes = await ppo.changes();
  expect(changes.map((change) => [change.state.selected, change.state.lr, change.state.epochs, change.state.samples]), 'one event per change, each by the learner')
    .toEqual([[0, 0.5, 10, 2], [1, 0.5, 10, 2], [2, 0.5, 10, 2], [2, 10, 10, 2], [2, 10, 3, 2], [1, 10, 3, 2], [10, 0.5, 10, 3], [4, 0.5, 10, 3], [4, 0.5, 10, 3]]);
  expect(changes.every((change) => change.byUser)).toBe(true);
  expect(changes.at(-1).state.actions).toEqual([1, 2, 3]);
});

const lessons = cases.filter((testCase) => testCase.url);

// The text the widget shows for an exercise's core line, its epoch the one shown: the loss, or a
// sample's ratio, objective, gradient, taken action's log-prob or logit.
async function shownBy(ppo, spec, settings) {
  const [name, ...numbers] = spec.split(' ').map((word, i) => (i === 0 ? word : Number(word)));
  if (name === 'loss') return (await ppo.read()).loss.replace(/^[^:：]*[:：]\s*/, '').replace(/\s*[(（].*$/, '');
  const card = (await ppo.read()).cards[numbers[0] - 1];
  if (name === 'logit') return card.logits[numbers[1] - 1];
  if (name === 'log_prob') return card.logProbs[settings.actions[numbers[0] - 1] - 1];
  return card.numbers[{ ratio: 0, objective: 1, grad_ratio: 2 }[name]];
}

for (const lesson of lessons) {
  for (const [language, url] of [['English', lesson.url], ['Chinese', `/zh${lesson.url}`]]) {
    test(`${url} (${language}) shows PyTorch's PPO and its exercises' numbers, and passes axe (${SCANNED_SCHEMES[language].join(' and ')})`, async ({ page, ppo }) => {
      // axe reads the whole lesson once per scheme.
      test.setTimeout(120_000);
      await page.goto(url);
      await expect(ppo.drawn, 'the lesson\'s widget draws').toBeVisible();
      await expectPpoNumbers(ppo, lesson.expected);
      // Each exercise's number, set up as its link does, as the widget shows it.
      await checkEachExercise(ppo.root, url, lesson.exercises,
        async (exercise, settings) => expectRounded(await shownBy(ppo, exercise.core, settings), exercise.pytorch, `${url}: exercise ${exercise.core}`));
      for (const colorScheme of SCANNED_SCHEMES[language]) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `${url}, ${colorScheme} scheme`);
      }
    });
  }
}

test('the widget passes axe in the light and dark schemes, with four samples and with a refused value', async ({ page, ppo }) => {
  // axe reads the two widgets once per scheme.
  test.setTimeout(180_000);
  const four = named('four samples').expected.settings;
  await ppo.open(PpoPage.tag({ selected: '2' })
    + PpoPage.tag({ 'color-scheme': 'dark', ...attributesOf(four) }));
  await ppo.fields('advantages').first().fill('1,5');
  await expect(ppo.alert).toHaveText('Advantage A of sample 1: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 1.');
  // Each scan covers both widgets, the refusal and every other field as it stood, the second
  // pinned to the scheme the page is not in (dark for the first scan, the light page's).
  const second = page.locator(PpoPage.TAG).last();
  await expectNoAxeViolationsInBothSchemes(page, 'two widgets and a refused value', { beforeScan: (scheme) => pinScheme(second, otherScheme(scheme)) });
});
