// A value <dropout-widget> cannot use is explained where the learner looks, in English and in
// Chinese: "1,5" typed into an input is refused in words (never read as 15) and the number in
// use stays; a seed that is not a whole number and p = 1.5 are refused by the table's rules; a
// bad attribute shows why, quoting it; 1e40 is explained as beyond float32.
import { DropoutPage, expect, test } from './dropout-page.js';

test('typed values it cannot use are refused in place, and the numbers stay', async ({ dropout }) => {
  await dropout.open();
  const input = dropout.field('Input 1');
  await input.fill('1,5');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(dropout.alert).toContainText('"1,5" has a decimal comma: write 1.5, with a point');
  await expect(dropout.alert).toContainText('1');
  expect((await dropout.numbers()).output[0], 'the output still uses 1').toBe(2);

  await input.fill('1e40');
  await expect(dropout.alert).toContainText('1e40 is beyond the largest number the core computes with (float32, about 3.4e38)');

  await input.fill('1.5');
  await expect(input).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dropout.alert).toHaveCount(0);
  expect((await dropout.numbers()).output[0], 'now 1.5 × 2').toBe(3);

  await dropout.field('Seed').fill('2.5');
  await expect(dropout.alert).toContainText('the seed must be a whole number from 0 to 4294967295, not 2.5');
  await dropout.field('Dropout probability p').fill('1.5');
  await expect(dropout.alert).toContainText('p must be from 0 to 1, not 1.5');
  expect(await dropout.root.evaluate((widget) => widget.getState().p), 'p stays 0.5').toBe(0.5);
});

test('a bad attribute is explained in place, quoting it, and the widget recovers when it is fixed', async ({ dropout }) => {
  await dropout.open(DropoutPage.tag({ p: '1.5' }), { wait: false });
  await expect(dropout.alert).toHaveText('Attribute p="1.5": p must be from 0 to 1, not 1.5.');
  await expect(dropout.rows.first()).toBeHidden();
  const refused = await dropout.root.evaluate((widget) => widget.getState());
  await dropout.root.evaluate((widget) => widget.setAttribute('p', '0.25'));
  await expect(dropout.rows.first()).toBeVisible();
  await expect(dropout.alert).toHaveCount(0);
  const drawn = await dropout.root.evaluate((widget) => widget.getState());
  expect(drawn, 'drawn, the state has no error').not.toHaveProperty('error');
  expect(refused, 'refused, the state has every key, null for the one that does not read, and the alert\'s words').toEqual({
    ...drawn, p: null, error: 'Attribute p="1.5": p must be from 0 to 1, not 1.5.',
  });

  await dropout.root.evaluate((widget) => widget.setAttribute('input', new Array(13).fill(1).join(' ')));
  await expect(dropout.alert).toContainText('give 1 to 12 numbers, not 13.');
});

test('in Chinese the refusals, the accessible names and the live sentence are Chinese', async ({ dropout }) => {
  await dropout.open(DropoutPage.tag({ lang: 'zh-CN' }));
  await expect(dropout.button('换一个掩码')).toBeVisible();
  await expect(dropout.field('丢弃概率 p')).toHaveValue('0.5');
  await dropout.field('输入 1').fill('1,5');
  await expect(dropout.alert).toContainText('1,5');
  await expect(dropout.alert).toContainText('1.5');
  await expect(dropout.alert).not.toContainText('decimal comma');
  await dropout.field('输入 1').fill('1');
  await dropout.field('丢弃概率 p').fill('1.5');
  await expect(dropout.alert).toContainText('p 必须在 0 到 1 之间，而不是 1.5。');
  await dropout.field('丢弃概率 p').fill('0.5');
  // A page's bad attribute: getState says why in the alert's Chinese words.
  await dropout.root.evaluate((widget) => widget.setAttribute('seed', '-1'));
  await expect(dropout.alert).toContainText('seed="-1"');
  const [state, alertText] = await dropout.root.evaluate((widget) => [widget.getState(), widget.shadowRoot.querySelector('[role="alert"]:not(:empty)').textContent]);
  expect(alertText, 'the alert is in Chinese').toMatch(/[\u4e00-\u9fff]/);
  expect(state.error, 'getState()\'s error is the alert\'s text').toBe(alertText);
  expect(state.seed, 'and its seed, which does not read, is null').toBeNull();
  await dropout.root.evaluate((widget) => widget.removeAttribute('seed'));
  await expect(dropout.alert).toHaveCount(0);
  await dropout.button('换一个掩码').click();
  await expect(dropout.status).toHaveText('换了新掩码，种子 1。8 个元素保留了 6 个，p = 0.5。');
  await dropout.mode.selectOption('eval');
  await expect(dropout.status).toContainText('评估模式：8 个元素全部原样通过。');
});
