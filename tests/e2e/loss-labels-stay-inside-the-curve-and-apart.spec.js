// <loss-widget>'s pictures (the strip of points and the curve of one point's loss) keep every
// label inside the picture and no two labels on one another, on a desktop and on a 320 px phone
// (where their labels are drawn larger). The curve's height is written as the core's largest
// term gives it, and can be long: the Huber lesson given long numbers compares with mean squared
// error, whose curve reaches some million ("1100000"), which ran off the curve's left edge. Points
// with one gap (an exercise puts three on 0) share a place, and a small δ on a wide curve puts
// its two dashed lines side by side.
import { LARGE, TINY } from './long-numbers.js';
import { expect, LossPage, test } from './loss-page.js';
import { expectLabelsInsideAndApart } from './plot-labels.js';

// The Huber lesson's settings (lessons/05-the-error/03-the-huber-loss.md).
const HUBER_LESSON = { loss: 'huber', reduction: 'mean', delta: '1', compare: 'true', range: '-2 10' };

const CASES = [
  ['the defaults', {}],
  ['the Huber lesson given long numbers: a curve some million high', { ...HUBER_LESSON, predictions: `${TINY} -${LARGE} 1234.5`, targets: `${LARGE} 0.00001 ${TINY}` }],
  ['the Huber lesson with δ 10', { ...HUBER_LESSON, predictions: '1.5 0.5 8', targets: '1 1 0', delta: '10' }],
  ['mean squared error\'s exercise: three points on one place', { loss: 'mse', predictions: '4 0 0 0', targets: '0 0 0 0' }],
  ['eight points a hair apart, summed', { loss: 'mse', reduction: 'sum', predictions: '0 0.01 0.02 0.03 0.04 0.05 0.06 0.07', targets: '0 0 0 0 0 0 0 0' }],
  ['eight points at the curve\'s top and ends', { loss: 'huber', delta: '0.001', compare: 'true', predictions: '-999 999 -999 999 0 0 -999 999', targets: '0 0 0 0 0 0 0 0', range: '-999.5 0.5' }],
];

for (const [viewport, phone] of [[{ width: 1280, height: 800 }, false], [{ width: 320, height: 700 }, true]]) {
  test.describe(phone ? 'on a 320 px phone' : 'on a desktop', () => {
    test.use({ viewport, hasTouch: phone });

    // One page opens the cases in turn: a test apiece would pay for a browser context per case.
    test('in every case, every label inside its picture, and none on another', async ({ loss }) => {
      for (const [name, attributes] of CASES) {
        await test.step(name, async () => {
          await loss.open(LossPage.tag(attributes));
          await expect(loss.alert, 'the widget takes the case\'s settings').toHaveCount(0);
          await expect(loss.table.locator('tbody tr'), 'one row per point').toHaveCount((attributes.predictions ?? '2.5 0 2').split(' ').length);
          await expectLabelsInsideAndApart([
            ['the strip', loss.root.locator('svg.strip')], ['the curve', loss.root.locator('svg.curve-plot')],
          ], name);
        });
      }
    });
  });
}
