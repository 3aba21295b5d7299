// <ppo-widget> by keyboard alone, on a phone, in Chinese, and with a bad attribute. Keyboard:
// Tab reaches every control once in reading order with a focus ring (the samples' stepper, the
// clip, lr and epochs fields, each sample's logits, action and advantage, then the epoch's
// stepper and slider); the slider moves by the arrow keys, a typed number is used or refused in
// words, a stepper that can do no more hands the focus to its other button; the page hears a
// ppo-widget-change for each of the learner's changes. A screen reader hears the chart by its
// name, not the labels drawn in it. Phone (390 x 844, touch): four samples fit without sideways
// scrolling, every control is a 44 px target, and taps step the epoch and the samples. In
// Chinese the widget's words, its live line and its refusals are Chinese around the same
// numbers. A bad attribute is explained in place, in English and in Chinese.
import { readFileSync } from 'node:fs';
import { attributesOf, expect, expectPpoNumbers, PpoPage, test } from './ppo-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./ppo-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);

test('by keyboard: every control in reading order, the slider by arrows, typing used or refused', async ({ page, ppo }) => {
  await ppo.open(PpoPage.tag({ selected: '5' }));
  await ppo.recordChanges();
  const sample = (n) => [
    ...[1, 2, 3].map((action) => ppo.field(`Sample ${n}, logit of action ${action}`)),
    ppo.choice(`Sample ${n}, action taken`), ppo.field(`Advantage A of sample ${n}`),
  ];
  const stops = [
    ppo.button('One sample fewer'), ppo.button('One sample more'),
    ppo.field('Clip ε'), ppo.field('Learning rate lr'), ppo.field('Epochs, 1 to 50'),
    ...sample(1), ...sample(2),
    ppo.button('One epoch earlier'), ppo.slider, ppo.button('One epoch later'),
  ];
  for (const stop of stops) {
    await page.keyboard.press('Tab');
    await expect(stop).toBeFocused();
    const ring = await stop.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(ring, 'a visible focus ring').not.toBe('none');
  }

  // The slider: Home to the start, then Right to epoch 1 and 2.
  await ppo.slider.focus();
  await page.keyboard.press('Home');
  await expect(ppo.root).toHaveAttribute('selected', '0');
  await page.keyboard.press('ArrowRight');
  await expect(ppo.root).toHaveAttribute('selected', '1');
  await expectPpoNumbers(ppo, named('after one step').expected);
  await page.keyboard.press('ArrowRight');
  await expectPpoNumbers(ppo, named('after two steps: past the band').expected);
  // The earlier button at the start is disabled and hands the focus to the later one.
  await ppo.slider.fill('1');
  await ppo.button('One epoch earlier').focus();
  await page.keyboard.press('Enter');
  await expect(ppo.root).toHaveAttribute('selected', '0');
  await expect(ppo.button('One epoch earlier')).toBeDisabled();
  await expect(ppo.button('One epoch later'), 'the focus stays in the stepper').toBeFocused();

  // Typing: lr 10 is used as soon as it reads; numbers that are not used are refused in words.
  const lr = ppo.field('Learning rate lr');
  await lr.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('10');
  await page.keyboard.press('Enter');
  await expect(ppo.root).toHaveAttribute('lr', '10');
  await expect(ppo.status).toHaveText(/^Learning rate lr is 10\. After 0 steps the ratios are 1, 1, and the loss is 0\.$/);
  await lr.fill('1,5');
  await expect(ppo.alert).toHaveText('Learning rate lr: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 10.');
  await lr.fill('101');
  await expect(ppo.alert).toHaveText('Learning rate lr: lr must be from 0 to 100, not 101. The widget keeps 10.');
  await page.keyboard.press('Tab');
  await expect(lr).toHaveValue('10');
  await expect(ppo.alert, 'the alert still says why once the focus has moved on').toContainText('The widget keeps 10.');
  await ppo.field('Clip ε').fill('1');
  await expect(ppo.alert).toHaveText('Clip ε: clip must be more than 0 and less than 1, not 1. The widget keeps 0.2.');
  await ppo.field('Sample 1, logit of action 1').fill('25');
  await expect(ppo.alert).toHaveText('Sample 1, logit of action 1: every logit must be from -20 to 20, not 25. The widget keeps 0.');

  // Epochs typed lower than the epoch shown move it to the new last; typed higher, the last stays the last.
  await ppo.slider.fill('10');
  const epochs = ppo.field('Epochs, 1 to 50');
  await epochs.fill('3');
  await epochs.press('Enter');
  await expect(ppo.root).toHaveAttribute('selected', '3');
  await epochs.fill('12');
  await epochs.press('Enter');
  await expect(ppo.root).toHaveAttribute('selected', '12');
  await expect(ppo.slider).toHaveValue('12');
  // Typed key by key, each number counts from where the field started: "15" over 12 keeps epoch
  // 5, which the "1" on the way would have moved to 1.
  await ppo.slider.fill('5');
  await epochs.selectText();
  await page.keyboard.type('15');
  await epochs.press('Enter');
  await expect(ppo.root).toHaveAttribute('epochs', '15');
  await expect(ppo.root).toHaveAttribute('selected', '5');
  await expect(ppo.slider).toHaveValue('5');

  // The samples' stepper by Enter: at 4 its button is disabled and the focus goes to the other one.
  await ppo.button('One sample more').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(ppo.root).toHaveAttribute('samples', '4');
  await expect(ppo.status).toHaveText(/^Samples: 4\. After 5 steps the ratios are /);
  await expect(ppo.button('One sample more')).toBeDisabled();
  await expect(ppo.button('One sample fewer')).toBeFocused();
  await expect(ppo.fields('logits')).toHaveCount(12);

  const changes = await ppo.changes();
  expect(changes.map((change) => [change.state.selected, change.state.lr, change.state.epochs, change.state.samples]))
    .toEqual([[0, 0.5, 10, 2], [1, 0.5, 10, 2], [2, 0.5, 10, 2], [1, 0.5, 10, 2], [0, 0.5, 10, 2], [0, 10, 10, 2], [10, 10, 10, 2], [3, 10, 3, 2], [12, 10, 12, 2], [5, 10, 12, 2], [5, 10, 15, 2], [5, 10, 15, 3], [5, 10, 15, 4]]);
  expect(changes.every((change) => change.byUser)).toBe(true);
});

test('a screen reader hears the chart by its name, not the labels and numbers drawn in it', async ({ ppo }) => {
  await ppo.open(PpoPage.tag({ selected: '5' }));
  const name = 'Each sample\'s ratio r against the epoch, 0 to 10, over the shaded band from 1 − ε to 1 + ε (ε = 0.2); epoch 5 is marked.';
  await expect(ppo.chart, 'the chart is named by its title').toHaveAccessibleName(name);
  // The chart in the accessibility tree: an image with its name and no text under it.
  expect(await ppo.chart.ariaSnapshot(), 'no label is read after the name').toBe(`- img "${name}"`);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('four samples fit, targets are 44 px, and taps step the epoch and the samples', async ({ page, ppo }) => {
    const testCase = named('four samples');
    await ppo.open(PpoPage.tag(attributesOf(testCase.expected.settings)));
    await expectPpoNumbers(ppo, testCase.expected);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
    expect((await ppo.root.boundingBox()).width, 'the widget fits the phone').toBeLessThanOrEqual(390);
    const chart = await ppo.root.locator('svg.chart').boundingBox();
    expect(chart.width, 'the chart fits the phone').toBeLessThanOrEqual(390);
    // The labels beside the plot sit clear of every marker, the selected epoch's (drawn larger) too.
    const overlaps = await ppo.root.evaluate((element) => {
      const root = element.shadowRoot;
      const boxes = (selector) => [...root.querySelectorAll(selector)].map((node) => node.getBoundingClientRect());
      const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const labels = boxes('svg.chart .labels text');
      const words = [...root.querySelectorAll('svg.chart .labels text')].map((label) => label.textContent);
      return boxes('svg.chart .marker').flatMap((marker, m) => labels.flatMap((label, l) => (meet(marker, label) ? [`marker ${m} meets "${words[l]}"`] : [])));
    });
    expect(overlaps, 'no marker under a label').toEqual([]);

    for (const target of [ppo.button('One sample fewer'), ppo.field('Clip ε'), ppo.field('Sample 4, logit of action 3'), ppo.choice('Sample 4, action taken'),
      ppo.field('Advantage A of sample 4'), ppo.button('One epoch earlier'), ppo.slider, ppo.button('One epoch later')]) {
      await target.scrollIntoViewIfNeeded();
      const box = await target.boundingBox();
      expect(box.height, 'a 44 px target').toBeGreaterThanOrEqual(44);
      expect(box.width, 'a 44 px target').toBeGreaterThanOrEqual(44);
    }

    await ppo.button('One epoch earlier').tap();
    await expect(ppo.root).toHaveAttribute('selected', '6');
    await ppo.button('One epoch later').tap();
    await expectPpoNumbers(ppo, testCase.expected);
    await ppo.button('One sample fewer').tap();
    await expect(ppo.root).toHaveAttribute('samples', '3');
    await expect(ppo.root.locator('[part="epoch"] .card')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'still nothing to the side').toBeLessThanOrEqual(0);
  });
});

test('in Chinese the widget shows the same numbers, with its words, live line and refusals in Chinese', async ({ ppo }) => {
  const { expected } = named('after one step');
  await ppo.open(PpoPage.tag({ lang: 'zh-CN', selected: '1' }));
  await expectPpoNumbers(ppo, expected);
  await expect(ppo.root.getByRole('heading', { name: '比率随轮数的变化', exact: true })).toBeVisible();
  await ppo.button('往后一轮').click();
  await expect(ppo.status).toHaveText('显示第 2 轮。走了 2 步之后，各比率为 1.3689, 0.7105，损失为 −0.2。');
  expect((await ppo.read()).cards[0].sentence).toMatch(/^已截断：/);
  await ppo.field('样本 2 的优势 A').fill('200');
  await expect(ppo.alert).toHaveText('样本 2 的优势 A：每个优势都必须在 -100 到 100 之间，而不是 200。组件仍沿用 −1。');
  await ppo.field('样本 2 的优势 A').fill('-2');
  await ppo.field('样本 2 的优势 A').press('Enter');
  await expect(ppo.status).toHaveText(/^样本 2 的优势 A 改为 −2。走了 2 步之后/);
  await expect(ppo.root, 'no English sentence left').not.toHaveText(/\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b/i);
});

test('a bad attribute is explained in place, quoting it, in English and in Chinese', async ({ ppo }) => {
  await ppo.open(`${PpoPage.tag({ logits: '1 2 3' })}${PpoPage.tag({ lang: 'zh-CN', logits: '1 2 3' })}`, { wait: false });
  await expect(ppo.alert).toHaveText('Attribute logits="1 2 3": give 6 numbers (samples 2 × 3 actions), not 3.');
  const chinese = new PpoPage(ppo.page, ppo.page.locator('ppo-widget').nth(1));
  await expect(chinese.alert).toHaveText('属性 logits="1 2 3"：请给出 6 个数（样本 2 × 3 个动作），而不是 3 个。');

  for (const [attributes, english, zh] of [
    [{ actions: '1 4' }, 'Attribute actions="1 4": every action must be 1, 2 or 3, not 4.', '属性 actions="1 4"：每个动作都必须是 1、2 或 3，而不是 4。'],
    [{ advantages: '1' }, 'Attribute advantages="1": give 2 numbers, one per sample, not 1.', '属性 advantages="1"：请给出 2 个数，每个样本一个，而不是 1 个。'],
    [{ clip: '1.5' }, 'Attribute clip="1.5": clip must be more than 0 and less than 1, not 1.5.', '属性 clip="1.5"：clip 必须大于 0 且小于 1，而不是 1.5。'],
    [{ epochs: '60' }, 'Attribute epochs="60": it must be a whole number from 1 to 50.', '属性 epochs="60"：它必须是 1 到 50 之间的整数。'],
    [{ selected: '11' }, 'Attribute selected="11": there are 10 epochs, so selected must be from 0 to 10, not 11.', '属性 selected="11"：共有 10 轮，所以 selected 必须在 0 到 10 之间，而不是 11。'],
    [{ logits: '0 0 0 0 0 -30' }, 'Attribute logits="0 0 0 0 0 -30": every logit must be from -20 to 20, not -30.', '属性 logits="0 0 0 0 0 -30"：每个 logit 都必须在 -20 到 20 之间，而不是 -30。'],
  ]) {
    for (const [widget, expected, keep] of [[ppo, english, []], [chinese, zh, ['lang']]]) {
      await widget.root.evaluate((element, [given, kept]) => {
        for (const name of element.getAttributeNames()) if (!kept.includes(name)) element.removeAttribute(name);
        for (const [name, value] of Object.entries(given)) element.setAttribute(name, value);
      }, [attributes, keep]);
      await expect(widget.alert).toHaveText(expected);
    }
  }
  // A good value again: the numbers come back.
  await ppo.root.evaluate((widget) => widget.removeAttribute('logits'));
  await expectPpoNumbers(ppo, named('defaults').expected);
});
