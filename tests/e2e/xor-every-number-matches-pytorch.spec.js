// Every number <xor-widget> shows is PyTorch's (tests/e2e/xor-expected.json, written by
// tests/e2e/xor-expected.py with torch.optim.SGD from the core's seeded start): the loss after
// the last step, each point's hidden features and probability (in the table and in the input
// plane), every weight and the output's bias, for each activation, three and sixteen hidden
// units, one, momentum; after steps taken with the buttons and settings typed in; the lessons in
// English and in Chinese, whose pages also pass axe in both schemes; the widget alone passes
// axe in both schemes too. The input plane's canvas is painted in each scheme's colours of the
// probabilities there.
import { readFileSync } from 'node:fs';
import { SCANNED_SCHEMES, expectNoAxeViolations, expectNoAxeViolationsInBothSchemes } from './fixtures.js';
import { attributesOf, expect, expectPyTorchNumbers, test, XorPage } from './xor-page.js';
import { checkCasesSideBySide, otherScheme, pinScheme } from './settings-widget-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./xor-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);

test('shows PyTorch\'s numbers in every case', ({ page }) => checkCasesSideBySide(page, XorPage, cases.filter((candidate) => !candidate.url),
  (testCase) => attributesOf(testCase.expected.settings), (xor, testCase) => expectPyTorchNumbers(xor, testCase.expected)));

test('the step buttons move the training, and each step shows PyTorch\'s numbers', async ({ xor }) => {
  await xor.open(XorPage.tag({ seed: '0', steps: '299' }));
  await xor.recordChanges();
  await xor.button('One more step').click();
  await expect(xor.root).toHaveAttribute('steps', '300');
  await expectPyTorchNumbers(xor, named('tanh, seed 0, 300 steps').expected);
  await expect(xor.status).toHaveText('Step 300. Loss after 300 steps: 0.04894.');
  await expect(xor.lossText).toHaveText('Loss after 300 steps: 0.04894');
  // Back to the start, then a step: the numbers of one step.
  await xor.root.evaluate((widget) => widget.setState({ steps: 0 }));
  await expect(xor.button('Back a step'), 'no step back from the start').toBeDisabled();
  await xor.button('One more step').click();
  await expectPyTorchNumbers(xor, named('one step').expected);
  await expect(xor.status).toHaveText('Step 1. Loss after 1 step: 0.7025.');
  await xor.button('Back a step').click();
  await expect(xor.lossText).toHaveText('Loss at the start: 0.706');
  await expect(xor.status).toHaveText('Back to step 0. Loss after 0 steps: 0.706.');
  for (let i = 0; i < 3; i++) await xor.button('+100 steps').click();
  await expectPyTorchNumbers(xor, named('tanh, seed 0, 300 steps').expected);
  const changes = await xor.changes();
  expect(changes.map((change) => change.state.steps), 'one event per step taken, by the learner; none for setState').toEqual([300, 1, 0, 100, 200, 300]);
  expect(changes.every((change) => change.byUser)).toBe(true);
});

test('settings typed in are used at once: the seed, hidden units, activation and momentum', async ({ xor }) => {
  await xor.open(XorPage.tag({ seed: '1' }));
  await xor.recordChanges();
  await xor.field('Seed').fill('0');
  await xor.field('Seed').press('Enter');
  await xor.field('Steps').fill('300');
  await xor.field('Steps').press('Enter');
  await expectPyTorchNumbers(xor, named('tanh, seed 0, 300 steps').expected);
  await xor.field('Hidden units').fill('3');
  await xor.field('Hidden units').press('Enter');
  await expect(xor.root).toHaveAttribute('hidden-units', '3');
  await expectPyTorchNumbers(xor, named('three hidden units, 300 steps').expected);
  await expect(xor.status).toHaveText('Hidden units is 3. Loss after 300 steps: 0.03507.');
  await xor.root.evaluate((widget) => widget.setState({ hidden: 2, steps: 60 }));
  await xor.field('Momentum').fill('0.9');
  await xor.field('Momentum').press('Enter');
  await expectPyTorchNumbers(xor, named('momentum 0.9, 60 steps').expected);
  await xor.root.evaluate((widget) => widget.setState({ momentum: 0, steps: 2000 }));
  await xor.choice('Activation').selectOption('relu');
  await expectPyTorchNumbers(xor, named('relu, seed 0, a dead unit after 2000 steps').expected);
  await expect(xor.status).toHaveText('Activation: relu. Loss after 2000 steps: 0.4775.');
  const changes = await xor.changes();
  expect(changes.map((change) => [change.state.seed, change.state.hidden, change.state.momentum, change.state.activation]))
    .toEqual([[0, 2, 0, 'tanh'], [0, 2, 0, 'tanh'], [0, 3, 0, 'tanh'], [0, 2, 0.9, 'tanh'], [0, 2, 0, 'relu']]);
});

test('"New start" draws the next seed\'s start', async ({ xor }) => {
  await xor.open(XorPage.tag({ seed: '0', steps: '2000' }));
  await xor.button('New start').click();
  await expect(xor.root).toHaveAttribute('seed', '1');
  await expect(xor.field('Seed')).toHaveValue('1');
  await expectPyTorchNumbers(xor, named('tanh, seed 1, stuck after 2000 steps').expected);
  await expect(xor.status).toHaveText('New start, seed 1. Loss after 2000 steps: 0.3481.');
});

const lessons = cases.filter((testCase) => testCase.url);

for (const lesson of lessons) {
  for (const [language, url] of [['English', lesson.url], ['Chinese', `/zh${lesson.url}`]]) {
    test(`${url} (${language}) shows PyTorch's numbers and passes axe (${SCANNED_SCHEMES[language].join(' and ')})`, async ({ page, xor }) => {
      // axe reads the whole lesson twice.
      test.setTimeout(120_000);
      await page.goto(url);
      await expect(xor.drawn, 'the lesson\'s widget draws').toBeVisible();
      await expectPyTorchNumbers(xor, lesson.expected);
      for (const colorScheme of SCANNED_SCHEMES[language]) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `${url}, ${colorScheme} scheme`);
      }
    });
  }
}

test('the widget passes axe in the light and dark schemes: two units, three with momentum, and a refused value', async ({ page, xor }) => {
  // axe reads the two widgets once per scheme.
  test.setTimeout(180_000);
  // The first network is pinned to the page's scheme and the second to the other one, light and
  // dark for the first scan.
  await xor.open(XorPage.tag({ seed: '0', steps: '300', 'color-scheme': 'light' })
    + XorPage.tag({ 'color-scheme': 'dark', 'hidden-units': '3', momentum: '0.9', steps: '60' }));
  const second = page.locator(XorPage.TAG).last();
  // Each scan covers both networks, the refusal and every other field as it stood.
  await expectNoAxeViolationsInBothSchemes(page, 'two networks and a refused value', {
    beforeScan: async (scheme) => {
      await Promise.all([pinScheme(xor.root, scheme), pinScheme(second, otherScheme(scheme))]);
      // The render that follows a new scheme puts the number in use back in the field, so the
      // refused value is typed in each scheme.
      await xor.field('Learning rate lr').fill('1,5');
      await expect(xor.alert).toHaveText('Learning rate lr: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 0.5.');
    },
  });
});

test('in Chinese the widget shows the same numbers, and its words are Chinese', async ({ xor }) => {
  await xor.open(XorPage.tag({ seed: '0', steps: '299', lang: 'zh-CN' }));
  await expect(xor.root.getByRole('heading', { name: '输入平面' })).toBeVisible();
  await expect(xor.root.getByRole('heading', { name: '隐藏空间' })).toBeVisible();
  await xor.button('再走一步').click();
  await expectPyTorchNumbers(xor, named('tanh, seed 0, 300 steps').expected);
  await expect(xor.lossText).toHaveText('训练 300 步之后的损失：0.04894');
  await expect(xor.status).toHaveText('第 300 步。训练 300 步之后的损失：0.04894。');
  await expect(xor.root.getByRole('heading', { name: '训练 300 步之后的四个点' })).toBeVisible();
  await xor.field('隐藏单元数').fill('17');
  await expect(xor.alert).toHaveText('隐藏单元数：它必须是 1 到 16 之间的整数。组件仍沿用 2。');
});

// The input plane's colours: the canvas cell under a point, and the colours of p = 0, 0.5 and 1
// (the swatches the widget paints with, which follow the scheme). A cell's centre lies within
// 0.016 of its point, so its p is within a few thousandths of the point's.
const planeColours = (xor, points) => xor.root.evaluate((widget, wanted) => {
  const root = widget.shadowRoot;
  const canvas = root.querySelector('canvas.probabilities');
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  const colourOf = (name) => getComputedStyle(root.querySelector(`.swatch.${name}`)).color.match(/[\d.]+/g).slice(0, 3).map(Number);
  // The plane shows x1 and x2 from -0.5 to 1.5, row by row from the top.
  const cellOf = ([x1, x2]) => {
    const column = Math.floor(((x1 + 0.5) / 2) * canvas.width);
    const row = canvas.height - 1 - Math.floor(((x2 + 0.5) / 2) * canvas.height);
    const i = 4 * (row * canvas.width + column);
    return [data[i], data[i + 1], data[i + 2]];
  };
  return { zero: colourOf('zero'), half: colourOf('half'), one: colourOf('one'), cells: wanted.map(cellOf) };
}, points);

const near = (actual, expected, tolerance) => actual.every((value, i) => Math.abs(value - expected[i]) <= tolerance);

for (const scheme of ['light', 'dark']) {
  test(`the input plane is painted in the ${scheme} scheme's colours of the core's probabilities`, async ({ xor }) => {
    await xor.open(XorPage.tag({ seed: '0', steps: '2000', 'color-scheme': scheme }));
    await expectPyTorchNumbers(xor, named('tanh, seed 0, 2000 steps').expected);
    // After 2000 steps p is 0.0025 at (0, 0) and 0.9956 at (0, 1): the colours of 0 and of 1.
    await expect.poll(async () => {
      const { zero, one, cells: [origin, corner] } = await planeColours(xor, [[0, 0], [0, 1]]);
      return near(origin, zero, 8) && near(corner, one, 8) && !near(zero, one, 40);
    }, { message: '(0, 0) in the colour of 0, (0, 1) in the colour of 1' }).toBe(true);
    // At the start p is 0.515 at (0, 1): the colour of 0.5.
    await xor.root.evaluate((widget) => widget.setState({ steps: 0 }));
    await expect.poll(async () => {
      const { half, cells: [corner] } = await planeColours(xor, [[0, 1]]);
      return near(corner, half, 12);
    }, { message: '(0, 1) in the colour of 0.5 at the start' }).toBe(true);
  });
}
