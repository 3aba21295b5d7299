// Upstream gradients the page gives (a link, setState, an attribute) that do not fit the output
// are not dropped without a word: the playground takes 1 for each, and its note says how many the
// page gave and how many cells the output has, in the page's language. After any change of the
// learner's the gradients are the learner's, and ones the learner typed for an output the learner
// has since reshaped give way to 1 as before, without a note: the learner made the new shape.
import { KNOBS_URL, expect, test } from './playground-page.js';

// The lesson's 4 x 4 picture, 2 x 2 windows stepping by 2: an output of 2 x 2.
const FOUR_OUTPUTS = 'input=4x4:0..15&kernel_size=2&stride=2';
const noteFor = (given, count, size) =>
  `The page gives ${given} upstream gradient${given === 1 ? '' : 's'} (grad_output), but the output has ${count} cells (${size}), so the playground takes 1 for each.`;

test('a link\'s or setState\'s gradients that do not fit are named in the note, until the learner changes something or the page gives gradients that fit', async ({ playground }) => {
  await playground.open(`${KNOBS_URL}?${FOUR_OUTPUTS}&grad_output=1,2,3`);
  await expect(playground.note, 'the note names the gradients that did not fit').toHaveText(noteFor(3, 4, '2 × 2'));
  for (const [row, column] of [[1, 1], [1, 2], [2, 1], [2, 2]]) {
    await expect(playground.gradOutputField(row, column), 'each upstream gradient is 1').toHaveValue('1');
  }
  await expect(playground.gradInputCells, 'each input cell gets a quarter of its window\'s 1')
    .toHaveText(Array(16).fill('0.25'));

  // The page reshapes the output: the note speaks of the output as it is now.
  await playground.root.evaluate((element) => element.setState({ stride: 1 }));
  await expect(playground.outputGrid).toHaveAccessibleName('Output, 3 × 3');
  await expect(playground.note).toHaveText(noteFor(3, 9, '3 × 3'));

  // The page gives gradients that fit: no note, and they are used.
  await playground.root.evaluate((element) => element.setState({ gradOutput: [1, 2, 3, 4, 5, 6, 7, 8, 9] }));
  await expect(playground.gradOutputField(3, 3)).toHaveValue('9');
  await expect(playground.note, 'gradients that fit end the note').toBeHidden();

  // One gradient for nine outputs, then a change of the learner's.
  await playground.root.evaluate((element) => element.setState({ gradOutput: [2] }));
  await expect(playground.note).toHaveText(noteFor(1, 9, '3 × 3'));
  await playground.sizeField('stride', 'width').fill('2');
  await playground.sizeField('stride', 'width').press('Enter');
  await expect(playground.outputGrid).toHaveAccessibleName('Output, 3 × 2');
  await expect(playground.note, 'a change of the learner\'s ends the note').toBeHidden();

  // Gradients the learner types are the learner's; typed for 3 x 2 outputs, they give way to 1
  // when the learner makes the output 2 x 2 again, without a note.
  await playground.gradOutputField(1, 1).fill('3');
  await playground.gradOutputField(1, 1).press('Enter');
  await expect(playground.gradInputCells.first(), 'the typed 3 is used: a quarter of it').toHaveText('0.75');
  await playground.sizeField('stride', 'height').fill('2');
  await playground.sizeField('stride', 'height').press('Enter');
  await expect(playground.outputGrid).toHaveAccessibleName('Output, 2 × 2');
  await expect(playground.gradOutputField(1, 1)).toHaveValue('1');
  await expect(playground.note).toBeHidden();
});

test('gradients that fit give no note, an attribute\'s that do not are named, and the note on the Chinese page is Chinese', async ({ page, playground }) => {
  await playground.open(`${KNOBS_URL}?input=6x6:0..35&kernel_size=2&stride=2&grad_output=1,2,3,4,5,6,7,8,9`);
  await expect(playground.outputGrid).toHaveAccessibleName('Output, 3 × 3');
  await expect(playground.gradOutputField(3, 3)).toHaveValue('9');
  await expect(playground.note).toBeHidden();

  // A changed attribute reads the page's attributes again, the lesson's 4 x 4 picture with it:
  // six gradients for its 2 x 2 output.
  await playground.root.evaluate((element) => element.setAttribute('grad-output', '1 2 3 4 5 6'));
  await expect(playground.outputGrid).toHaveAccessibleName('Output, 2 × 2');
  await expect(playground.note).toHaveText(noteFor(6, 4, '2 × 2'));

  // The reset returns to the page's settings, and to the note on their gradients.
  await playground.sizeField('stride', 'height').fill('1');
  await playground.sizeField('stride', 'height').press('Enter');
  await expect(playground.note).toBeHidden();
  await playground.root.getByRole('button', { name: 'Reset to the lesson\'s settings' }).click();
  await expect(playground.note).toHaveText(noteFor(6, 4, '2 × 2'));

  // With a link that could not be read, the note says both, the link first.
  await playground.open(`${KNOBS_URL}?kernel_size=banana`);
  await playground.root.evaluate((element) => element.setAttribute('grad-output', '1 2 3'));
  await expect(playground.note).toHaveText(`This link's settings could not be read (kernel_size must be a whole number, not "banana"), so the playground starts from the lesson's settings instead. ${noteFor(3, 4, '2 × 2')}`);

  await page.goto(`/zh${KNOBS_URL}?${FOUR_OUTPUTS}&grad_output=1,2,3,4,5`);
  await expect(playground.root.getByRole('status', { name: '设置说明' })).toHaveText(
    '页面给出了 5 个上游梯度（grad_output），但输出有 4 格（2 × 2），因此演练场让每个上游梯度都取 1。');
});
