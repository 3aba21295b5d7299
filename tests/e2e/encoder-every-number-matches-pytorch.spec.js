// Every number <encoder-widget> shows is torch.nn.TransformerEncoderLayer's as PyTorch 1.13
// computes it from the core's seeded start (tests/e2e/encoder-expected.json, written by
// tests/e2e/encoder-expected.py), within the core's agreement with it and as the widget rounds:
// each case's heads' weights, every stage in the block's order, and the parameter table; the
// norm switch, a press on a row, "New start", a typed number, the activation, the heads and a
// stepper reaching another case's numbers, each told to the page once; setState firing no event;
// and the lesson in English and in Chinese, with its exercises' numbers, whose pages pass axe in
// both schemes, as does the widget at its largest and with a refused value.
import { readFileSync } from 'node:fs';
import { SCANNED_SCHEMES, expectNoAxeViolations, expectNoAxeViolationsInBothSchemes } from './fixtures.js';
import { attributesOf, EncoderPage, expect, expectEncoderNumbers, expectRounded, test } from './encoder-page.js';
import { checkEachExercise } from './lesson-exercises.js';
import { checkCasesSideBySide, otherScheme, pinScheme } from './settings-widget-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./encoder-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);
const NORM_FIRST = 'norm_first: layer norm before each part';

test('shows PyTorch\'s encoder layer in every case', ({ page }) => checkCasesSideBySide(page, EncoderPage, cases.filter((candidate) => !candidate.url),
  (testCase) => attributesOf(testCase.expected.settings), (encoder, testCase) => expectEncoderNumbers(encoder, testCase.expected)));

test('the norm switch, a press on row 2, "New start", the activation and the heads reach other cases\' numbers, each told once', async ({ encoder }) => {
  await encoder.open();
  await encoder.recordChanges();
  await expectEncoderNumbers(encoder, named('defaults').expected);
  await encoder.root.getByRole('checkbox', { name: NORM_FIRST }).check();
  await expect(encoder.root).toHaveAttribute('norm-first', 'true');
  await expect(encoder.status).toHaveText(/^Layer norm before each part\. Token 1's output is \(/);
  await expectEncoderNumbers(encoder, named('norm_first').expected);
  expect((await encoder.read()).captions[0]).toBe('1. LayerNorm 1 of x, 3 × 4');

  await encoder.root.getByRole('checkbox', { name: NORM_FIRST }).uncheck();
  await encoder.cell('residual2', 2, 3).click();
  await expect(encoder.root).toHaveAttribute('selected', '2');
  await encoder.choice('Activation').selectOption('gelu');
  await expect(encoder.root).toHaveAttribute('activation', 'gelu');
  await expectEncoderNumbers(encoder, named('gelu').expected);

  await encoder.choice('Activation').selectOption('relu');
  await encoder.cell('head-1', 1, 1).click();
  await encoder.button('New start').click();
  await expect(encoder.root).toHaveAttribute('seed', '1');
  await expect(encoder.status).toHaveText(/^New start, seed 1\. Token 1's output is \(/);
  await expectEncoderNumbers(encoder, named('a new start: seed 1').expected);

  await encoder.field('Seed of the start').fill('0');
  await encoder.field('Seed of the start').press('Enter');
  await encoder.choice('Heads nhead').selectOption('4');
  await expect(encoder.root).toHaveAttribute('nhead', '4');
  await expectEncoderNumbers(encoder, named('four heads').expected);
  // The token each head weighs most for token 1, from PyTorch's weights; the heads do not move
  // the parameter total, so it is not said.
  const four = named('four heads').expected;
  const favourites = [0, 1, 2, 3].map((head) => {
    const row = four.attentionWeights.slice(head * 9, head * 9 + 3);
    return row.indexOf(Math.max(...row)) + 1;
  });
  expect(favourites, 'PyTorch\'s heads differ in what they weigh most').toEqual([2, 2, 3, 3]);
  await expect(encoder.status).toHaveText(/Token 1's output is \(.+\); the token each head weighs most: 2, 2, 3, and 3\.$/);

  const changes = await encoder.changes();
  expect(changes.map((change) => [change.state.normFirst, change.state.selected, change.state.activation, change.state.seed, change.state.nhead]),
    'one event per change, each by the learner').toEqual([
    [true, 1, 'relu', 0, 2], [false, 1, 'relu', 0, 2], [false, 2, 'relu', 0, 2], [false, 2, 'gelu', 0, 2], [false, 2, 'relu', 0, 2],
    [false, 1, 'relu', 0, 2], [false, 1, 'relu', 1, 2], [false, 1, 'relu', 0, 2], [false, 1, 'relu', 0, 4],
  ]);
  expect(changes.every((change) => change.byUser)).toBe(true);
  await encoder.root.evaluate((widget) => widget.setState({ nhead: 2, selected: 1 }));
  await expectEncoderNumbers(encoder, named('defaults').expected);
  expect(await encoder.changes(), 'setState fires no event').toHaveLength(9);
});

test('"One token more" adds a token from the default\'s numbers; d_model steps keep the heads dividing it', async ({ encoder }) => {
  await encoder.open(EncoderPage.tag({ nhead: '4' }));
  await encoder.button('One token more').click();
  await expect(encoder.root).toHaveAttribute('tokens', '4');
  await expect(encoder.root).toHaveAttribute('input', '1 0 0 0 0 1 0 0 0 0 1 0 1 0 0 0');
  await encoder.choice('Heads nhead').selectOption('2');
  await expectEncoderNumbers(encoder, named('a token added: its row taken from the default').expected);
  await encoder.button('d_model one smaller').click();
  await expect(encoder.root).toHaveAttribute('d-model', '3');
  // Token 4 is token 1 again, so the one head weighs them alike. nn.TransformerEncoderLayer(3,
  // 1, 8) has 4·3² + 4·3 numbers in attention, 3·8 + 8 + 8·3 + 3 in the feed-forward network and
  // 2·2·3 in the norms.
  await expect(encoder.status, 'a size that moves the parameter total says it').toHaveText(
    /^Features d_model: 3\. Token 1's output is \(.+\); the token each head weighs most: 1 or 4\. The block now has 119 parameters\.$/);
  await expect(encoder.root).toHaveAttribute('nhead', '1');
  await expect(encoder.inputs).toHaveCount(12);
  // Heads that do not divide d_model cannot be chosen, as PyTorch refuses them.
  await expect(encoder.choice('Heads nhead').locator('option[value="2"]')).toBeDisabled();
  await expect(encoder.choice('Heads nhead').locator('option[value="4"]')).toBeDisabled();
  await encoder.button('d_model one larger').click();
  await expect(encoder.status).toHaveText(/ The block now has 172 parameters\.$/);
  await expect(encoder.choice('Heads nhead').locator('option[value="2"]')).toBeEnabled();
  await expect(encoder.choice('Heads nhead').locator('option[value="4"]')).toBeEnabled();
});

const lessons = cases.filter((testCase) => testCase.url);

for (const lesson of lessons) {
  for (const [language, url] of [['English', lesson.url], ['Chinese', `/zh${lesson.url}`]]) {
    test(`${url} (${language}) shows PyTorch's encoder layer and its exercises' numbers, and passes axe (${SCANNED_SCHEMES[language].join(' and ')})`, async ({ page, encoder }) => {
      // axe reads the whole lesson once per scheme.
      test.setTimeout(120_000);
      await page.goto(url);
      await expect(encoder.drawn, 'the lesson\'s widget draws').toBeVisible();
      await expectEncoderNumbers(encoder, lesson.expected);
      // Each exercise's number, set up as its link does, as the widget shows it.
      await checkEachExercise(encoder.root, url, lesson.exercises, async (exercise, settings) => {
        const [grid, ...place] = exercise.core.split(' ');
        if (grid === 'count') {
          // Counts of other sizes than the widget's are PyTorch's layer's column when they name it.
          const [part, d, h, ff] = place;
          const column = `${d} ${h} ${ff}` === '512 8 2048' ? 1 : 0;
          const row = ['attention', 'feed_forward', 'norms', 'total'].indexOf(part);
          const shown = (await encoder.read()).table[row][column];
          expect(Number(shown.replace(/,/g, '')), `${url}: exercise ${exercise.core}`).toBe(exercise.pytorch);
          return;
        }
        const stage = { output: settings.normFirst ? 'residual2' : 'norm2', norm1: 'norm1', residual1: 'residual1', hidden: 'hidden' }[grid];
        const cell = grid === 'attention' ? encoder.cell(`head-${place[0]}`, Number(place[1]), Number(place[2])) : encoder.cell(stage, Number(place[0]), Number(place[1]));
        expectRounded(await cell.textContent(), exercise.pytorch, `${url}: exercise ${exercise.core}`);
      });
      for (const colorScheme of SCANNED_SCHEMES[language]) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `${url}, ${colorScheme} scheme`);
      }
    });
  }
}

test('the widget passes axe in the light and dark schemes, at its largest and with a refused value', async ({ page, encoder }) => {
  // axe reads the two widgets once per scheme.
  test.setTimeout(180_000);
  const largest = named('six tokens, d_model 8, norm_first, gelu').expected.settings;
  await encoder.open(EncoderPage.tag({ selected: '2' })
    + EncoderPage.tag({ 'color-scheme': 'dark', ...attributesOf(largest) }));
  await encoder.inputs.first().fill('1,5');
  await expect(encoder.alert).toHaveText('Input x row 1, column 1: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 1.');
  // Each scan covers both widgets, the refusal and every other field as it stood, the second
  // pinned to the scheme the page is not in (dark for the first scan, the light page's).
  const second = page.locator(EncoderPage.TAG).last();
  await expectNoAxeViolationsInBothSchemes(page, 'two widgets and a refused value', { beforeScan: (scheme) => pinScheme(second, otherScheme(scheme)) });
});
