// Upstream gradients the page gives (a link, setState, an attribute) that do not fit the output
// are not used without a word: the playground starts them from ones and its note says why, in
// the page's language. Gradients the learner typed for an output the learner has since reshaped
// give way to ones as before, without a note: the learner made the new shape.
import { KNOBS_URL, expect, test } from './playground-page.js';

// The lesson's 4 x 4 picture, 2 x 2 windows stepping by 2: an output of 2 x 2.
const FOUR_OUTPUTS = 'input=4x4:0..15&kernel_size=2&stride=2';

test('a link\'s or setState\'s gradients that do not fit are named in the note, until the learner or the page sets them again', async ({ playground }) => {
  await playground.open(`${KNOBS_URL}?${FOUR_OUTPUTS}&grad_output=1,2,3`);
  await expect(playground.note, 'the note names the gradients that did not fit').toHaveText(
    'The upstream gradients given (grad_output) are 3 numbers, but the output has 4 (2 × 2), so the playground starts them from ones.');
  for (const [row, column] of [[1, 1], [1, 2], [2, 1], [2, 2]]) {
    await expect(playground.gradOutputField(row, column), 'each upstream gradient is 1').toHaveValue('1');
  }
  await expect(playground.gradInputCells, 'each input cell gets a quarter of its window\'s 1')
    .toHaveText(Array(16).fill('0.25'));

  // The learner reshapes the output: the gradients are the learner's from then on.
  await playground.sizeField('stride', 'height').fill('1');
  await playground.sizeField('stride', 'height').press('Enter');
  await expect(playground.outputGrid).toHaveAccessibleName('Output, 3 × 2');
  await expect(playground.note, 'a change of the learner\'s ends the note').toBeHidden();

  // The page gives two gradients for six outputs.
  await playground.root.evaluate((element) => element.setState({ gradOutput: [2, 2] }));
  await expect(playground.note).toHaveText(
    'The upstream gradients given (grad_output) are 2 numbers, but the output has 6 (3 × 2), so the playground starts them from ones.');

  // Gradients the learner types are the learner's.
  await playground.gradOutputField(1, 1).fill('3');
  await playground.gradOutputField(1, 1).press('Enter');
  await expect(playground.gradOutputField(1, 1)).toHaveValue('3');
  await expect(playground.note, 'the learner\'s own gradients end the note').toBeHidden();

  // The learner's gradients, typed for 3 x 2 outputs, give way to ones when the learner makes
  // the output 2 x 2 again, without a note.
  await playground.sizeField('stride', 'height').fill('2');
  await playground.sizeField('stride', 'height').press('Enter');
  await expect(playground.outputGrid).toHaveAccessibleName('Output, 2 × 2');
  await expect(playground.gradOutputField(1, 1)).toHaveValue('1');
  await expect(playground.note).toBeHidden();
});

test('gradients that fit give no note, an attribute\'s that do not are named, and the note on the Chinese page is Chinese', async ({ page, playground }) => {
  await playground.open(`${KNOBS_URL}?${FOUR_OUTPUTS}&grad_output=1,2,3,4`);
  await expect(playground.gradOutputField(2, 2)).toHaveValue('4');
  await expect(playground.note).toBeHidden();

  // The page's own attributes, read again when one changes (the lesson's picture, 2 x 2 windows).
  await playground.root.evaluate((element) => element.setAttribute('grad-output', '1 2 3 4 5 6'));
  await expect(playground.note).toHaveText(
    'The upstream gradients given (grad_output) are 6 numbers, but the output has 4 (2 × 2), so the playground starts them from ones.');

  await page.goto(`/zh${KNOBS_URL}?${FOUR_OUTPUTS}&grad_output=1,2,3,4,5`);
  await expect(playground.root.getByRole('status', { name: '设置说明' })).toHaveText(
    '给出的上游梯度（grad_output）有 5 个数，但输出有 4 个（2 × 2），因此演练场让它们从全 1 开始。');
});
