// Every number <positions-widget> shows is the positional encoding of PyTorch's tutorial as
// PyTorch 1.13 computes it in float32 (tests/e2e/positions-expected.json, written by
// tests/e2e/positions-expected.py with the lines the core's golden data was made with), within
// the core's agreement with it and as the widget rounds: each case's heat map (every cell's
// number, hue and strength), each clock's ω and hands, the two rows' numbers; the steppers, a
// typed size and a press on the heat map reaching another case's numbers, each told to the page
// once; setState firing no event; and the lesson in English and in Chinese, with its exercises'
// numbers, whose pages pass axe in both schemes, as does the widget with a refused value.
import { readFileSync } from 'node:fs';
import { SCANNED_SCHEMES, expectNoAxeViolations, expectNoAxeViolationsInBothSchemes } from './fixtures.js';
import {
  attributesOf, expect, expectPositionsNumbers, expectRounded, PositionsPage, test,
} from './positions-page.js';
import { checkEachExercise } from './lesson-exercises.js';
import { checkCasesSideBySide, otherScheme, pinScheme } from './settings-widget-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./positions-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);
const withChosen = (testCase, chosen) => ({ ...testCase.expected, settings: { ...testCase.expected.settings, ...chosen } });

test('shows PyTorch\'s positional encoding in every case', ({ page }) => checkCasesSideBySide(page, PositionsPage, cases.filter((candidate) => !candidate.url),
  (testCase) => attributesOf(testCase.expected.settings), (positions, testCase) => expectPositionsNumbers(positions, testCase.expected)));

test('the steppers, a typed size and a press on the heat map reach other cases\' numbers, each told once', async ({ positions }) => {
  await positions.open();
  await positions.recordChanges();
  const defaults = named('defaults');
  await expectPositionsNumbers(positions, defaults.expected);
  // The shade classes paint: position 0's sin 0 is the plain cell, its cos 1 the full orange,
  // and position 2's sin 2 (0.909) nearly so, where its cos 2 (−0.416) is a blue.
  const shade = (position, column) => positions.cell(position, column).evaluate((cell) => getComputedStyle(cell).backgroundColor);
  const [zero, one, nearlyOne, negative] = [await shade(0, 0), await shade(0, 1), await shade(2, 0), await shade(2, 1)];
  expect(new Set([zero, one, nearlyOne, negative]).size, `four shades: ${[zero, one, nearlyOne, negative]}`).toBe(4);
  await expect(positions.cell(0, 0)).toHaveClass('map-cell p0');
  await expect(positions.cell(0, 1)).toHaveClass('map-cell p100');

  await positions.button('Compared position one later').click();
  await expect(positions.root).toHaveAttribute('compare', '1');
  await expect(positions.status).toHaveText('Position 1 compared. The clocks show position 1, beside position 1.');
  await positions.cell(5, 3).click();
  await expect(positions.root).toHaveAttribute('selected', '5');
  await expect(positions.status).toHaveText('Position 5 selected. The clocks show position 5, beside position 1.');
  await expect(positions.root.locator('.readout')).toHaveText(/^Position 5, column 3 \(cos ω₁\): /);
  await expectPositionsNumbers(positions, withChosen(defaults, { selected: 5, compare: 1 }));

  // d_model 2 smaller, three times: one clock left; the chosen positions stay.
  for (let i = 0; i < 3; i++) await positions.button('d_model 2 smaller').click();
  await expect(positions.root).toHaveAttribute('d-model', '2');
  await expect(positions.button('d_model 2 smaller'), 'd_model is at least 2').toBeDisabled();
  await expectPositionsNumbers(positions, withChosen(named('one clock, d_model 2'), { selected: 5, compare: 1 }));

  // 64 typed into d_model and positions: the largest table.
  const dModel = positions.stepperField('Features d_model');
  await dModel.fill('64');
  await dModel.press('Enter');
  await expect(positions.status).toHaveText('d_model: 64. The clocks show position 5, beside position 1.');
  const length = positions.stepperField('Positions L');
  await length.fill('64');
  await length.press('Enter');
  await expect(positions.root).toHaveAttribute('positions', '64');
  await positions.stepperField('Selected position').fill('63');
  await positions.stepperField('Selected position').press('Enter');
  await positions.stepperField('Compared position').fill('10');
  await positions.stepperField('Compared position').press('Enter');
  await expect(positions.status).toHaveText('Compared position is 10. The clocks show position 63, beside position 10.');
  await expectPositionsNumbers(positions, named('64 positions of 64 features').expected);

  // One position fewer than the chosen ones: they move to the last row.
  await length.fill('1');
  await length.press('Enter');
  await expect(positions.root).toHaveAttribute('selected', '0');
  await expect(positions.root).toHaveAttribute('compare', '0');
  await expect(positions.button('One position fewer')).toBeDisabled();
  await expect(positions.button('Selected position one later')).toBeDisabled();

  const changes = await positions.changes();
  expect(changes.map(({ state }) => [state.positions, state.dModel, state.selected, state.compare]), 'one event per change, each by the learner').toEqual([
    [16, 8, 1, 1], [16, 8, 5, 1], [16, 6, 5, 1], [16, 4, 5, 1], [16, 2, 5, 1], [16, 64, 5, 1], [64, 64, 5, 1], [64, 64, 63, 1], [64, 64, 63, 10], [1, 64, 0, 0],
  ]);
  expect(changes.every((change) => change.byUser)).toBe(true);
  await positions.root.evaluate((widget) => widget.setState({ positions: 16, dModel: 8, selected: 1, compare: 0 }));
  await expectPositionsNumbers(positions, defaults.expected);
  expect(await positions.changes(), 'setState fires no event').toHaveLength(10);
});

const lessons = cases.filter((testCase) => testCase.url);

for (const lesson of lessons) {
  for (const [language, url] of [['English', lesson.url], ['Chinese', `/zh${lesson.url}`]]) {
    test(`${url} (${language}) shows PyTorch's positional encoding and its exercises' numbers, and passes axe (${SCANNED_SCHEMES[language].join(' and ')})`, async ({ page, positions }) => {
      // axe reads the whole lesson once per scheme.
      test.setTimeout(120_000);
      await page.goto(url);
      await expect(positions.drawn, 'the lesson\'s widget draws').toBeVisible();
      await expectPositionsNumbers(positions, lesson.expected, { english: language === 'English' });
      // Each exercise's number, set up as its link does, as the widget shows it.
      await checkEachExercise(positions.root, url, lesson.exercises, async (exercise, settings) => {
        const [name, ...places] = exercise.core.split(' ');
        const shown = await positions.read();
        const text = name === 'frequency'
          ? shown.clocks[Number(places[0])].omega.split('=').pop()
          : shown.cellLabels[Number(places[0]) * settings.dModel + Number(places[1])].split(/[:：]/).pop();
        expectRounded(text, exercise.pytorch, `${url}: exercise ${exercise.core}`);
      });
      for (const colorScheme of SCANNED_SCHEMES[language]) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `${url}, ${colorScheme} scheme`);
      }
    });
  }
}

test('the widget passes axe in the light and dark schemes, 64 by 64 and with a refused value', async ({ page, positions }) => {
  // axe reads the two widgets once per scheme.
  test.setTimeout(180_000);
  await positions.open(PositionsPage.tag({ selected: '3', compare: '7' })
    + PositionsPage.tag({ 'color-scheme': 'dark', ...attributesOf(named('64 positions of 64 features').expected.settings) }));
  await positions.stepperField('Features d_model').fill('7');
  await positions.stepperField('Features d_model').press('Enter');
  await expect(positions.alert).toHaveText('Features d_model: d_model must be even, not 7: each clock is a sine and a cosine column. The widget keeps 8.');
  // Each scan covers both widgets, the refusal and every other field as it stood, the second
  // pinned to the scheme the page is not in (dark for the first scan, the light page's).
  const second = page.locator(PositionsPage.TAG).last();
  await expectNoAxeViolationsInBothSchemes(page, 'two widgets and a refused value', { beforeScan: (scheme) => pinScheme(second, otherScheme(scheme)) });
});
