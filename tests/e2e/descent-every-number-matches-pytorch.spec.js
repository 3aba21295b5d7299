// Every number <descent-widget> shows equals PyTorch's (tests/e2e/descent-expected.py:
// torch.optim's SGD, RMSprop and Adam stepping [x, y] down the surface autograd differentiates):
// the specs' own cases as attributes; "One more step" and "Back a step" moving the walk; a tap
// on the picture starting it elsewhere; and the lessons in English and in Chinese, whose pages
// also pass axe in both schemes.
import { readFileSync } from 'node:fs';
import { SCANNED_SCHEMES, expectNoAxeViolations } from './fixtures.js';
import { DescentPage, expect, expectPyTorchWalk, test } from './descent-page.js';
import { checkCasesSideBySide } from './settings-widget-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./descent-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);
const ATTRIBUTES = { surface: 'surface', optimizer: 'optimizer', lr: 'lr', momentum: 'momentum', alpha: 'alpha', eps: 'eps', steps: 'steps' };
const attributesOf = (testCase) => {
  const attributes = {};
  for (const [key, name] of Object.entries(ATTRIBUTES)) if (testCase[key] !== undefined) attributes[name] = testCase[key];
  if (testCase.betas) attributes.betas = testCase.betas.join(' ');
  if (testCase.start) attributes.start = testCase.start.join(' ');
  if (testCase.compare) attributes.compare = 'true';
  return attributes;
};

test('shows PyTorch\'s walk in every case', ({ page }) => checkCasesSideBySide(page, DescentPage, cases.filter((candidate) => !candidate.url),
  (testCase) => attributesOf(testCase), (descent, testCase) => expectPyTorchWalk(descent, testCase.expected)));

test('the buttons move the walk a step at a time, and say so', async ({ descent }) => {
  const base = named('momentum 0.5 on the ravine, with plain gradient descent');
  await descent.open(DescentPage.tag({ ...attributesOf(base), steps: 9 }));
  await descent.button('One more step').click();
  await expect(descent.root).toHaveAttribute('steps', '10');
  await expect(descent.field('Steps')).toHaveValue('10');
  await descent.button('One more step').click();
  await descent.button('Back a step').click();
  await expect(descent.status).toHaveText(/^Back to step 10\. After 10 steps the surface is /);
  await descent.field('Steps').fill('20');
  await descent.field('Steps').press('Enter');
  await expectPyTorchWalk(descent, base.expected);
  await descent.field('Steps').fill('0');
  await descent.field('Steps').press('Enter');
  await expect(descent.button('Back a step'), 'no step before the start').toBeDisabled();
  await expectPyTorchWalk(descent, { ...named('no steps').expected, plain: [-4, 1], plainValue: 20.5 });
  await descent.button('One more step').click();
  await expect(descent.root.locator('svg > title').first(), 'one step, in the singular').toHaveText(/'s walk of 1 step from \(−4, 1\) to \(/);
});

test('a tap on the picture starts the walk there, to one decimal', async ({ descent }) => {
  await descent.open(DescentPage.tag({ steps: 0 }));
  const box = await descent.plot.boundingBox();
  // The ravine is drawn over x from −5 to 5 and y from −3 to 3: the picture's centre is (0, 0),
  // and a quarter of the way across, half-way down, is x = −2.5, y = 0.
  await descent.plot.click({ position: { x: box.width * 0.25, y: box.height * 0.5 } });
  await expect(descent.root).toHaveAttribute('start', '-2.5 0');
  await expect(descent.field('Start x')).toHaveValue('-2.5');
  await expect(descent.status).toHaveText(/^Starts at \(−2\.5, 0\)/);
});

test('the level curves are drawn once the numbers have shown, and again for another surface', async ({ descent }) => {
  await descent.open(DescentPage.tag({ surface: 'ravine' }));
  const levels = descent.plot.locator('path.levels');
  // Segments of the traced curves, "M x y L x y", one per grid cell a level crosses.
  const segments = /^(M[\d.]+ [\d.]+L[\d.]+ [\d.]+){100,}$/;
  await expect(levels, 'the ravine\'s curves').toHaveAttribute('d', segments);
  const ravine = await levels.getAttribute('d');
  await descent.root.evaluate((element) => element.setAttribute('surface', 'rosenbrock'));
  await expect.poll(async () => {
    const d = await levels.getAttribute('d');
    return d !== ravine && segments.test(d);
  }, { message: 'Rosenbrock\'s curves replace them' }).toBe(true);
});

test('a bad attribute is explained in place, quoting it', async ({ descent }) => {
  await descent.open(DescentPage.tag({ momentum: '1.5' }), { wait: false });
  await expect(descent.alert).toHaveText('Attribute momentum="1.5": momentum must be from 0 to below 1, not 1.5.');
});

test('a typed number of steps beyond the widget\'s 200 is refused in its words, as the slider\'s end is', async ({ descent }) => {
  await descent.open(DescentPage.tag({ steps: 20 }));
  for (const typed of ['250', '1000', '5000']) {
    await descent.field('Steps').fill(typed);
    await expect(descent.field('Steps'), `${typed} is marked`).toHaveAttribute('aria-invalid', 'true');
    await expect(descent.alert, `${typed} is refused with the widget's own limit`).toHaveText('Steps: it must be a whole number from 0 to 200. The widget keeps 20.');
  }
  await expect(descent.root, 'the steps stay as they were').toHaveAttribute('steps', '20');
  await descent.field('Steps').fill('200');
  await descent.field('Steps').press('Enter');
  await expect(descent.root, '200 itself is taken').toHaveAttribute('steps', '200');
  await expect(descent.button('One more step'), 'and is the last step').toBeDisabled();
});

test('a walk that turns NaN from eps 0 at a zero gradient says so; a walk that diverges blames the learning rate', async ({ descent }) => {
  const note = descent.root.locator('[part="numbers"] .note');
  // torch.optim.Adam(eps=0) from Rosenbrock's minimum (1, 1), where the gradient is 0: one step gives [nan, nan].
  await descent.open(DescentPage.tag({ surface: 'rosenbrock', optimizer: 'adam', lr: '0.05', eps: '0', start: '1 1', steps: '1' }));
  const shown = await descent.numbers();
  expect(shown.rows['where it stands'], 'PyTorch\'s NaN').toEqual([NaN, NaN]);
  await expect(note, 'the note names 0 / 0, not the learning rate').toHaveText(
    'From step 1 the numbers are NaN, not a number: with eps 0 in float32, the core\'s number type (anything below about 7e-46 is 0 there), a coordinate whose gradient has been 0 at every step is moved by 0 / (√0 + 0), zero divided by zero. PyTorch gives NaN too; a larger eps keeps the step a number.');
  await descent.open(DescentPage.tag(attributesOf(named('too large a learning rate'))));
  await expect(note).toHaveText('The walk leaves the picture: this learning rate is too large for this surface.');
});

const lessons = cases.filter((testCase) => testCase.url);

test('the downhill lessons are in the expected numbers', () => {
  expect(lessons.map((lesson) => lesson.url)).toEqual(['/lessons/downhill/gradient-descent-with-momentum/', '/lessons/downhill/rmsprop/', '/lessons/downhill/adam/']);
});

for (const lesson of lessons) {
  for (const [language, url, lang] of [['English', lesson.url, 'en'], ['Chinese', `/zh${lesson.url}`, 'zh']]) {
    test(`${url} (${language}) shows PyTorch's walk and passes axe (${SCANNED_SCHEMES[language].join(' and ')})`, async ({ page, descent }) => {
      await page.goto(url);
      await expectPyTorchWalk(descent, lesson.expected, { lang });
      for (const colorScheme of SCANNED_SCHEMES[language]) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `${url}, ${colorScheme} scheme`);
      }
    });
  }
}
