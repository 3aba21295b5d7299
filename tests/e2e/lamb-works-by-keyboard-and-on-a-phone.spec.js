// <lamb-widget> by keyboard alone, on a phone, in Chinese, and with a bad attribute. Keyboard:
// Tab reaches every control once in reading order with a focus ring (the options, the step
// buttons and the steps, then each layer's fields, its buttons and, once it scrolls, its
// step-by-step box, which the keys scroll); Enter and Space press a button, a typed number is
// used, one that is not is refused in words; a language switch keeps the focus where it was;
// the page hears a lamb-widget-change for each of the learner's changes.
// Phone (390 x 844, touch): the layers stack, the page does not scroll sideways while a layer
// of eight values scrolls inside its own box, every field and button is a 44 px target, and
// taps take a step and add a value. In Chinese the widget's words, its live line and its
// refusals are Chinese around the same numbers. A bad attribute is explained in place, in
// English and in Chinese.
import { readFileSync } from 'node:fs';
import { readableNumber } from '../../web/components/shared/format-number.js';
import { attributesOf, expect, expectLambNumbers, LambPage, test } from './lamb-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./lamb-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);

test('by keyboard: every control in reading order, buttons by Enter and Space, typing used, the step box scrolled', async ({ page, lamb }) => {
  await lamb.open();
  await lamb.recordChanges();
  for (const layer of [1, 2]) {
    const name = `Each step of layer ${layer}: its trust ratio and p after it`;
    const box = lamb.root.getByRole('region', { name, exact: true });
    await expect(box.getByRole('table'), 'a step-by-step table is in the box its heading names').toBeAttached();
    await expect(box.getByRole('table'), 'which it does not name again').toHaveAccessibleName('');
  }
  const field = (name) => lamb.root.getByRole('textbox', { name, exact: true });
  const layerStops = (layer) => [
    field(`Layer ${layer} parameter, value 1`), field(`Layer ${layer} parameter, value 2`),
    field(`Layer ${layer} gradient, value 1`), field(`Layer ${layer} gradient, value 2`),
    lamb.layer(layer).getByRole('button', { name: 'Add a value' }), lamb.layer(layer).getByRole('button', { name: 'Remove the last value' }),
  ];
  const history = (layer) => lamb.root.getByRole('region', { name: `Each step of layer ${layer}: its trust ratio and p after it` });
  // At one step each layer's history fits its box, which is then no Tab stop: Tab goes from a
  // layer's buttons to the next layer's fields.
  // "Back a step" is disabled at step 1, so Tab passes it.
  const stops = [
    field('Learning rate lr'), field('beta1'), field('beta2'), field('eps'), field('Weight decay weight_decay'),
    lamb.button('One more step'), field('Steps (1 to 100)'), ...layerStops(1), ...layerStops(2),
  ];
  for (const stop of stops) {
    await page.keyboard.press('Tab');
    await expect(stop).toBeFocused();
    const ring = await stop.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(ring, 'a visible focus ring').not.toBe('none');
  }

  // Enter and Space on "One more step"; then "Back a step" is a stop before it.
  await lamb.button('One more step').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(lamb.root).toHaveAttribute('steps', '3');
  await expect(lamb.status).toHaveText(/^Step 3\. After step 3 the trust ratio is /);
  await page.keyboard.press('Shift+Tab');
  await expect(lamb.button('Back a step')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(lamb.root).toHaveAttribute('steps', '2');

  // Typing: layer 1's first value becomes 6, used as soon as it reads.
  await field('Layer 1 parameter, value 1').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('6');
  await page.keyboard.press('Enter');
  await expect(lamb.root).toHaveAttribute('param1', '6 4');
  await expect(lamb.status).toHaveText(/^Layer 1 parameter, value 1 is 6\. After step 2 the trust ratio is /);
  // A number that is not one is refused in words, and the widget keeps the last.
  await field('Layer 1 parameter, value 1').fill('1,5');
  await expect(lamb.alert).toHaveText('Layer 1 parameter, value 1: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 6.');
  await page.keyboard.press('Tab');
  await expect(field('Layer 1 parameter, value 1')).toHaveValue('6');
  await expect(lamb.alert, 'the alert still says why once the focus has moved on').toContainText('The widget keeps 6.');
  // So is a number of steps beyond 100.
  await field('Steps (1 to 100)').fill('101');
  await expect(lamb.alert).toHaveText('Steps (1 to 100): it must be a whole number from 1 to 100. The widget keeps 2.');
  await field('Steps (1 to 100)').fill('100');
  await field('Steps (1 to 100)').press('Enter');
  await expect(lamb.button('One more step'), 'no step after the hundredth').toBeDisabled();
  // A hundred steps overflow each history's box: now it is a Tab stop, after its layer's
  // buttons, so the keyboard can scroll it.
  for (const layer of [1, 2]) {
    await expect(history(layer), 'the box has its own tabindex, for browsers that need one').toHaveAttribute('tabindex', '0');
    await lamb.layer(layer).getByRole('button', { name: 'Remove the last value' }).focus();
    await page.keyboard.press('Tab');
    await expect(history(layer)).toBeFocused();
  }

  // "Add a value" by Enter: a third field joins the layer, and Tab reaches it. Each layer's
  // buttons say which layer they change.
  for (const layer of [1, 2]) {
    await expect(lamb.layer(layer).getByRole('button', { name: /^Add/ })).toHaveAccessibleName(`Add a value to layer ${layer}`);
    await expect(lamb.layer(layer).getByRole('button', { name: /^Remove/ })).toHaveAccessibleName(`Remove the last value of layer ${layer}`);
  }
  await lamb.layer(2).getByRole('button', { name: 'Add a value' }).focus();
  await page.keyboard.press('Enter');
  await expect(lamb.root).toHaveAttribute('param2', '0.03 0.04 0');
  await expect(lamb.layer(2).getByRole('button', { name: 'Add a value' }), 'the button keeps the focus').toBeFocused();
  await field('Layer 2 parameter, value 2').focus();
  await page.keyboard.press('Tab');
  await expect(field('Layer 2 parameter, value 3')).toBeFocused();

  // The step-by-step box of 100 rows scrolls by keyboard.
  const box = lamb.history(1);
  await box.focus();
  expect(await box.evaluate((element) => element.scrollTop)).toBe(0);
  await page.keyboard.press('End');
  await expect.poll(() => box.evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 1), { message: 'End scrolls to the last step' }).toBe(true);
  await expect(box.getByRole('row').last()).toBeInViewport();

  // A language builds the tree again, whose boxes are measured only after the focus has come
  // back: the field after both scrolling boxes keeps the focus all the same, and so does a box.
  // The focused field, by its setting and index: its name changes with the language.
  const focusedField = () => lamb.root.evaluate((widget) => {
    const { key, index } = widget.shadowRoot.activeElement?.dataset ?? {};
    return key === undefined ? null : `${key} ${index}`;
  });
  await field('Layer 2 parameter, value 3').focus();
  await lamb.root.evaluate((widget) => widget.setAttribute('lang', 'zh-CN'));
  await expect(lamb.root.getByRole('region', { name: '第 2 层的每一步：信任比和这一步之后的 p' }), 'the tree is in Chinese').toBeVisible();
  await expect.poll(focusedField, { message: 'the same field, in Chinese' }).toBe('param2 2');
  await lamb.history(2).focus();
  await lamb.root.evaluate((widget) => widget.setAttribute('lang', 'en'));
  await expect(lamb.root.getByRole('region', { name: 'Each step of layer 2: its trust ratio and p after it' }), 'the same box, in English').toBeFocused();

  const changes = await lamb.changes();
  expect(changes.map((change) => change.state.steps)).toEqual([2, 3, 2, 2, 100, 100]);
  expect(changes.map((change) => change.state.param2.length)).toEqual([2, 2, 2, 2, 2, 3]);
  expect(changes.every((change) => change.byUser)).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the layers stack, eight values scroll inside their box, targets are 44 px, and taps step and add', async ({ page, lamb }) => {
    const testCase = named('eight values and one');
    await lamb.open(LambPage.tag(attributesOf(testCase.expected.settings)));
    await expectLambNumbers(lamb, testCase.expected);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
    expect((await lamb.root.boundingBox()).width, 'the widget fits the phone').toBeLessThanOrEqual(390);
    const [first, second] = [await lamb.layer(1).boundingBox(), await lamb.layer(2).boundingBox()];
    expect(second.y, 'layer 2 under layer 1').toBeGreaterThanOrEqual(first.y + first.height);
    const table = lamb.layer(1).locator('.scroll');
    expect(await table.evaluate((element) => element.scrollWidth > element.clientWidth), 'eight values scroll inside the layer\'s box').toBe(true);

    for (const target of [lamb.field('Learning rate lr'), lamb.field('Weight decay weight_decay'), lamb.button('Back a step'), lamb.button('One more step'),
      lamb.field('Steps (1 to 100)'), lamb.fields(1, 'param').first(), lamb.fields(1, 'grad').last(), lamb.fields(2, 'param').first(),
      lamb.layer(1).getByRole('button', { name: 'Add a value' }), lamb.layer(2).getByRole('button', { name: 'Remove the last value' })]) {
      await target.scrollIntoViewIfNeeded();
      const box = await target.boundingBox();
      expect(box.height, 'a 44 px target').toBeGreaterThanOrEqual(44);
      expect(box.width, 'a 44 px target').toBeGreaterThanOrEqual(44);
    }

    await lamb.button('One more step').tap();
    await expect(lamb.root).toHaveAttribute('steps', '31');
    const shown = await lamb.read(2);
    expect(shown.history, 'a row per step').toHaveLength(31);
    expect(shown.ratio).toMatch(/^Trust ratio of step 31: ‖p‖ \/ ‖update‖ = /);
    await lamb.layer(2).getByRole('button', { name: 'Add a value' }).tap();
    await expect(lamb.root).toHaveAttribute('param2', '0.7 0');
    await expect(lamb.root).toHaveAttribute('grad2', '-2 0');
    await expect(lamb.fields(2, 'param')).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'still nothing to the side').toBeLessThanOrEqual(0);
  });
});

test('in Chinese the widget shows the same numbers, with its words, live line and refusals in Chinese', async ({ lamb }) => {
  const { expected } = named('ten steps');
  await lamb.open(LambPage.tag({ lang: 'zh-CN', steps: '10' }));
  await expectLambNumbers(lamb, expected);
  await expect(lamb.root.getByRole('heading', { name: '第 1 层', exact: true })).toBeVisible();
  await expect(lamb.root.getByRole('region', { name: '第 2 层的每一步：信任比和这一步之后的 p' })).toBeVisible();
  await expect(lamb.root.getByRole('region', { name: '第 2 层的每一步：信任比和这一步之后的 p' }).getByRole('table'), 'and so is its table\'s box').toBeAttached();
  await expect(lamb.layer(1).locator('caption')).toHaveText('第 10 步之后');
  await expect(lamb.ratio(2)).toHaveText(`第 10 步的信任比：‖p‖ / ‖update‖ = ${readableNumber(expected.layers[1].trustRatio)}`);
  await lamb.button('再走一步').click();
  await expect(lamb.status).toHaveText(/^第 11 步。第 11 步之后，第 1 层的信任比为 [\d.]+，第 2 层为 [\d.]+。$/);
  await lamb.field('学习率 lr').fill('20');
  await expect(lamb.alert).toHaveText('学习率 lr：lr 必须在 0 到 10 之间，而不是 20。组件仍沿用 0.01。');
  await lamb.field('学习率 lr').fill('0.1');
  await lamb.field('学习率 lr').press('Enter');
  await expect(lamb.status).toHaveText(/^学习率 lr 改为 0\.1。第 11 步之后，第 1 层的信任比为 /);
  await expect(lamb.root, 'no English sentence left').not.toHaveText(/\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b/i);
});

test('a bad attribute is explained in place, quoting it, in English and in Chinese', async ({ lamb }) => {
  await lamb.open(`${LambPage.tag({ grad1: '1 2 3' })}${LambPage.tag({ lang: 'zh-CN', grad1: '1 2 3' })}`, { wait: false });
  await expect(lamb.alert).toHaveText('Attribute grad1="1 2 3": give one gradient per parameter value: 2, not 3.');
  const chinese = new LambPage(lamb.page, lamb.page.locator('lamb-widget').nth(1));
  await expect(chinese.alert).toHaveText('属性 grad1="1 2 3"：请为每个参数值给出一个梯度：2 个，而不是 3 个。');

  for (const [attributes, english, zh] of [
    [{ param2: '1 2 3 4 5 6 7 8 9' }, 'Attribute param2="1 2 3 4 5 6 7 8 9": give 1 to 8 numbers, not 9.', '属性 param2="1 2 3 4 5 6 7 8 9"：请给出 1 到 8 个数，而不是 9 个。'],
    [{ lr: '11' }, 'Attribute lr="11": lr must be from 0 to 10, not 11.', '属性 lr="11"：lr 必须在 0 到 10 之间，而不是 11。'],
    [{ betas: '0.9 1' }, 'Attribute betas="0.9 1": beta2 must be from 0 to below 1, not 1.', '属性 betas="0.9 1"：beta2 必须不小于 0 且小于 1，而不是 1。'],
    [{ 'weight-decay': '-1' }, 'Attribute weight-decay="-1": weight_decay must be from 0 to 10, not -1.', '属性 weight-decay="-1"：weight_decay 必须在 0 到 10 之间，而不是 -1。'],
    [{ steps: '101' }, 'Attribute steps="101": it must be a whole number from 1 to 100.', '属性 steps="101"：它必须是 1 到 100 之间的整数。'],
    [{ param1: '1 NaN' }, 'Attribute param1="1 NaN": every value must be a finite number.', '属性 param1="1 NaN"：每个值都必须是有限的数。'],
  ]) {
    for (const [widget, expected, keep] of [[lamb, english, []], [chinese, zh, ['lang']]]) {
      await widget.root.evaluate((element, [given, kept]) => {
        for (const name of element.getAttributeNames()) if (!kept.includes(name)) element.removeAttribute(name);
        for (const [name, value] of Object.entries(given)) element.setAttribute(name, value);
      }, [attributes, keep]);
      await expect(widget.alert).toHaveText(expected);
    }
  }
  // A good value again: the numbers come back.
  await lamb.root.evaluate((widget) => widget.removeAttribute('param1'));
  await expectLambNumbers(lamb, named('defaults').expected);
});
