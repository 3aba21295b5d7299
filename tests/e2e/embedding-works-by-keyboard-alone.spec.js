// <embedding-widget> by keyboard alone: Tab reaches the sentence, the word buttons, the padding
// choice and the table in reading order; Enter adds and removes words, a typed number changes
// the table, and the output and the gradient follow (PyTorch's numbers, embedding-expected.json).
import { readFileSync } from 'node:fs';
import { EmbeddingPage, expect, expectPyTorchNumbers, test } from './embedding-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./embedding-expected.json', import.meta.url), 'utf8'));
const expectedOf = (name) => cases.find((testCase) => testCase.name === name).expected;

test('Tab order, then keys alone add a word, remove it, type a number and choose the padding word', async ({ embedding, page }) => {
  await embedding.open(EmbeddingPage.tag());
  await embedding.recordChanges();
  for (const name of ['The table (weight): one row per word', 'The output: the rows the sentence picks']) {
    await expect(embedding.root.getByRole('table', { name, exact: true }), 'a table is named by its heading').toBeVisible();
  }
  const order = [
    embedding.button('Remove word 1, the'), embedding.button('Remove word 2, cat'), embedding.button('Remove word 3, sat'),
    embedding.button('Remove word 4, on'), embedding.button('Remove word 5, the'), embedding.button('Remove word 6, mat'),
    embedding.button('Add <pad>'), embedding.button('Add the'), embedding.button('Add cat'), embedding.button('Add sat'),
    embedding.button('Add on'), embedding.button('Add mat'), embedding.padding,
    embedding.field('<pad>, number 1'), embedding.field('<pad>, number 2'),
  ];
  await order[0].focus();
  for (const control of order.slice(1)) {
    await page.keyboard.press('Tab');
    await expect(control, 'the next Tab stop').toBeFocused();
  }

  await embedding.button('Remove word 5, the').focus();
  await expect(embedding.root.locator('[part="table"] tr.lit'), 'focusing a word lights its table row').toContainText('the');
  await expect(embedding.outputRows.and(embedding.root.locator('.lit')), 'and both output rows it fills').toHaveCount(2);
  await expect(embedding.gradRows.and(embedding.root.locator('.lit')), 'and the row its gradient goes to').toContainText('sum of positions 1, 5');

  await embedding.button('Add cat').focus();
  await page.keyboard.press('Enter');
  await expect(embedding.status).toHaveText('Added cat. The sentence is "the cat sat on the mat cat": 7 positions, 5 rows of the table used.');
  await expectPyTorchNumbers(embedding, expectedOf('a word added'));
  await expect(embedding.gradRows.nth(2), 'cat is now used twice').toContainText('sum of positions 2, 7');

  await embedding.button('Remove word 7, cat').focus();
  await page.keyboard.press('Enter');
  await expect(embedding.status).toHaveText('Removed word 7, cat. The sentence is "the cat sat on the mat": 6 positions, 5 rows of the table used.');
  await expect(embedding.button('Remove word 6, mat'), 'focus stays in the sentence').toBeFocused();
  await expectPyTorchNumbers(embedding, expectedOf('default'));

  const field = embedding.field('the, number 1');
  await field.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2.5');
  await page.keyboard.press('Enter');
  await expect(embedding.status).toContainText('the, number 1 is 2.5.');
  await expectPyTorchNumbers(embedding, expectedOf('the first number of the typed 2.5'));
  await expect(embedding.root).toHaveAttribute('weight', /^0 0 0 0 2\.5 -0\.25 /);

  await embedding.padding.focus();
  await page.keyboard.press('ArrowDown');
  await expect(embedding.root, 'an arrow key on the select picks <pad>').toHaveAttribute('padding-idx', '0');
  await expect(embedding.gradRows.first()).toContainText('padding: always 0');
  await page.keyboard.press('ArrowUp');
  await expect(embedding.root, 'none removes the attribute').not.toHaveAttribute('padding-idx', /.*/);

  const changes = await embedding.changes();
  expect(changes.map((change) => change.state.indices.length), 'one event per change the learner made').toEqual([7, 6, 6, 6, 6]);
  expect(changes.every((change) => change.byUser)).toBe(true);
});

test('the sentence stops at 12 words and keeps at least one', async ({ embedding, page }) => {
  await embedding.open(EmbeddingPage.tag({ indices: '1 2 3 4 5 1 2 3 4 5 1' }));
  await embedding.button('Add mat').focus();
  await page.keyboard.press('Enter');
  const note = embedding.root.getByText('The sentence holds at most 12 words.');
  await expect(note).toBeVisible();
  await expect(embedding.button('Add the')).toBeDisabled();
  await expect(note, 'the focus goes to the note that says why, off the button the cap disabled').toBeFocused();
  await page.keyboard.press('Enter');
  await expect(embedding.root, 'and a second Enter removes no word').toHaveAttribute('indices', '1 2 3 4 5 1 2 3 4 5 1 5');
  await embedding.root.evaluate((widget) => widget.setAttribute('indices', '3'));
  await expect(embedding.button('Remove word 1, sat'), 'the last word cannot be removed').toBeDisabled();
  await expect(embedding.outputRows).toHaveCount(1);
});

test('removing a word keeps focus on the word that takes its place, and the lit rows follow it', async ({ embedding, page }) => {
  await embedding.open(EmbeddingPage.tag());
  await embedding.button('Remove word 1, the').focus();
  await page.keyboard.press('Enter');
  await expect(embedding.status).toHaveText('Removed word 1, the. The sentence is "cat sat on the mat": 5 positions, 5 rows of the table used.');
  await expect(embedding.button('Remove word 1, cat'), 'focus on the word now first').toBeFocused();
  await expect(embedding.root.locator('[part="table"] tr.lit'), 'the lit table row is the focused word\'s').toContainText('cat');
  await expect(embedding.outputRows.and(embedding.root.locator('.lit')), 'and its one output row').toHaveCount(1);
  await expect(embedding.outputRows.first()).toHaveClass(/lit/);
  await expect(embedding.outputRows).toHaveCount(5);
  await expect(embedding.outputRows.first().locator('th')).toHaveText('1');
  await expect(embedding.outputRows.nth(3).locator('th'), 'the rows after it are numbered again').toHaveText('4');
});
