// Keyboard alone (the true class, label smoothing's slider and field, the buttons, the bars),
// and a 390 px phone with touch: it fits, its targets are 44 px, a tap makes a class the true one.
import { CrossEntropyPage, expect, test } from './cross-entropy-page.js';

test('the true class, label smoothing and the logits work from the keyboard', async ({ crossEntropy, page }) => {
  await crossEntropy.open(`<button>before</button>${CrossEntropyPage.tag()}`);
  await crossEntropy.recordChanges();
  await page.getByRole('button', { name: 'before' }).focus();
  await page.keyboard.press('Tab');
  await expect(crossEntropy.classChoice, 'the true class comes first').toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(crossEntropy.classChoice).toHaveValue('1');
  await expect(crossEntropy.root.locator('[part="logits"] .equation')).toHaveText('loss = −log p1 = −log 0.2424 = 1.417');
  await expect(crossEntropy.gradientBars.locator('.bar-value')).toHaveText(['0.659', '-0.7576', '0.09857']);

  await page.keyboard.press('Tab');
  await expect(crossEntropy.slider).toBeFocused();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await expect(crossEntropy.field('Label smoothing ε')).toHaveValue('0.1');
  await expect(crossEntropy.targetBars.locator('.bar-value')).toHaveText(['0.03333', '0.9333', '0.03333']);
  await expect(crossEntropy.status).toContainText('Label smoothing set to 0.1');

  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('0');
  await page.keyboard.press('Enter');
  await expect(crossEntropy.slider).toHaveAttribute('aria-valuetext', 'ε = 0');
  await expect(crossEntropy.targetBars.locator('.bar-value')).toHaveText(['0', '1', '0']);

  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  await expect(crossEntropy.root.getByRole('button', { name: 'Add a logit' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(crossEntropy.bars).toHaveCount(4);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(crossEntropy.bars.first(), 'then the bars').toBeFocused();
  await page.keyboard.press('Space');
  await expect(crossEntropy.classChoice).toHaveValue('0');
  await expect(crossEntropy.status).toContainText('Class 0 is the true class');
  const changes = await crossEntropy.changes();
  expect(changes.every((change) => change.byUser)).toBe(true);
  expect(changes.at(-1).state).toEqual({ logits: [2, 1, 0.1, 0], target: 0, labelSmoothing: 0, colorScheme: 'auto' });
});

test.describe('a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('it fits, its targets are 44 px, and a tap makes a class the true one', async ({ crossEntropy, page }) => {
    await crossEntropy.open(CrossEntropyPage.tag({ logits: '1000 1001 999 -3 0.5 2 7 1', 'label-smoothing': '0.25' }));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
    for (const target of [crossEntropy.slider, crossEntropy.field('Label smoothing ε'), crossEntropy.field('x7, logit of class 7'), crossEntropy.classChoice, crossEntropy.bars.nth(7)]) {
      expect((await target.boundingBox()).height, 'a 44 px target').toBeGreaterThanOrEqual(44);
    }
    await crossEntropy.bars.nth(1).tap();
    await expect(crossEntropy.classChoice).toHaveValue('1');
    await expect(crossEntropy.bars.nth(1)).toHaveAttribute('aria-pressed', 'true');
  });
});
