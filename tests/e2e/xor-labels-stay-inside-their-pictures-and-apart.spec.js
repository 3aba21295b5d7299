// <xor-widget>'s pictures (the input plane, the hidden space, the loss curve) keep every label
// inside the picture and no two labels on one another, on a desktop and on a 320 px phone (where
// their labels are drawn larger), and again after the window narrows. The axes' ends are written
// as the core gives them, and can be long: ReLU's features have no bound (at lr 2 and momentum
// 0.999 from seed 1 the largest is some thousand, with four decimals), and a training that blows
// up has a large loss; both ran off the pictures' left edges. A dead ReLU unit puts three of the
// four points on the hidden space's corner (0, 0), whose name stood on the axes' 0 there, and two
// names on each other.
import { expectLabelsInsideAndApart as expectLabels } from './plot-labels.js';
import { expect, test, XorPage } from './xor-page.js';

const CASES = [
  ['ReLU, the largest feature some thousand', { activation: 'relu', lr: '2', momentum: '0.999', seed: '1', steps: '5000' }],
  ['ReLU, a dead unit: three points on one corner', { activation: 'relu', seed: '0', steps: '2000' }],
  ['tanh, two points meeting', { seed: '0', steps: '300' }],
  ['sigmoid', { activation: 'sigmoid', seed: '0', steps: '1300' }],
  ['a training that blows up, lr 10 and momentum 0.99', { lr: '10', momentum: '0.99', seed: '0', steps: '5000' }],
];

/** Every label of the three pictures inside its picture, none on another (plot-labels.js). */
const expectLabelsInsideAndApart = (xor, what) => expectLabels([
  ['the input plane', xor.plane], ['the hidden space', xor.hiddenSpace], ['the loss curve', xor.lossCurve],
], what);

async function openCase(xor, attributes) {
  await xor.open(XorPage.tag(attributes));
  await expect(xor.lossText, 'the training shown is the case\'s').toContainText(attributes.steps);
  await expect(xor.hiddenSpace.locator('.point-name')).toHaveCount(4);
}

for (const [viewport, phone] of [[{ width: 1280, height: 800 }, false], [{ width: 320, height: 700 }, true]]) {
  test.describe(phone ? 'on a 320 px phone' : 'on a desktop', () => {
    test.use({ viewport, hasTouch: phone });

    // One page opens the cases in turn: each is the widget anew, and a test apiece would pay
    // for a browser context per case.
    test('in every case, every label inside its picture, and none on another', async ({ xor }) => {
      for (const [name, attributes] of CASES) {
        await test.step(name, async () => {
          await openCase(xor, attributes);
          await expectLabelsInsideAndApart(xor, name);
        });
      }
    });
  });
}

test('the hidden space\'s axes end at the largest feature as the table writes it, whole, and the pictures are laid out again as the window narrows', async ({ page, xor }) => {
  const [name, attributes] = CASES[0];
  await openCase(xor, attributes);
  const features = await xor.pointRows.evaluateAll((rows) => rows.flatMap((row) => [...row.children].slice(4, 6).map((cell) => cell.textContent)));
  const largest = features.reduce((a, b) => (Number(b) > Number(a) ? b : a));
  expect(largest.length, `the case's largest feature, ${largest}, is a long number`).toBeGreaterThanOrEqual(9);
  await expect(xor.hiddenSpace.locator('.axes text').filter({ hasText: new RegExp(`^${largest.replace('.', '\\.')}$`) }), 'both axes end at it').toHaveCount(2);
  await expectLabelsInsideAndApart(xor, `${name}, at 1280 px`);
  await page.setViewportSize({ width: 320, height: 700 });
  await expectLabelsInsideAndApart(xor, `${name}, narrowed to 320 px`);
});
