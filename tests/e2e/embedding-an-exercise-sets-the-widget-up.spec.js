// An exercise of the embedding lesson sets the widget up for its question: its "Set the
// playground up" link applies its query over the lesson's own settings (not over what the
// learner changed since), and the widget then shows PyTorch's number for the exercise.
import { readFileSync } from 'node:fs';
import { expect, test } from './embedding-page.js';

const { exercises } = JSON.parse(readFileSync(new URL('./embedding-expected.json', import.meta.url), 'utf8'));
const WORDS = ['<pad>', 'the', 'cat', 'sat', 'on', 'mat'];
// The gradient cell a "grad_weight WORD,D" spec names.
const gradCell = (embedding, spec) => {
  const [word, dim] = spec.replace('grad_weight ', '').split(',');
  return embedding.gradRows.nth(WORDS.indexOf(word)).locator('td.number').nth(Number(dim) - 1);
};
// The output cell an "output P,D" spec names.
const outputCell = (embedding, spec) => {
  const [position, dim] = spec.replace('output ', '').split(',');
  return embedding.outputRows.nth(Number(position) - 1).locator('td.number').nth(Number(dim) - 1);
};

test('each exercise link sets the widget up, and the widget shows the number PyTorch gives for it', async ({ page, embedding }) => {
  await page.goto('/lessons/a-layer/embedding/');
  await expect(embedding.outputRows.first()).toBeVisible();
  await embedding.button('Add cat').click();
  await expect(embedding.outputRows).toHaveCount(9);

  const movedPadding = exercises.find((exercise) => exercise.playground.includes('padding_idx=1'));
  await page.locator(`a[data-playground-query="${movedPadding.playground}"]`).click();
  await expect(embedding.root, 'the link\'s padding word, "the"').toHaveAttribute('padding-idx', '1');
  await expect(embedding.outputRows, 'the lesson\'s sentence, not the learner\'s').toHaveCount(8);
  await expect(gradCell(embedding, movedPadding.core)).toHaveText(String(movedPadding.pytorch));

  const cats = exercises.find((exercise) => exercise.playground.startsWith('indices=2,2,2'));
  await page.locator(`a[data-playground-query="${cats.playground}"]`).click();
  await expect(embedding.outputRows).toHaveCount(3);
  await expect(embedding.root, 'the lesson\'s padding word again').toHaveAttribute('padding-idx', '0');
  await expect(gradCell(embedding, cats.core)).toHaveText(String(cats.pytorch));

  const typedPadRow = exercises.find((exercise) => exercise.playground.startsWith('weight='));
  await page.locator(`a[data-playground-query="${typedPadRow.playground}"]`).click();
  await expect(outputCell(embedding, typedPadRow.core), 'the padding position copies the typed row').toHaveText(String(typedPadRow.pytorch));
});
