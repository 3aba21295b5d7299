import { expect, expectNoAxeViolationsInBothSchemes, test } from './fixtures.js';
import { COURSE_ORIGIN, FOREIGN_ORIGIN } from './embed-origins.js';

// Words of the English widgets that must not be left on a Chinese page.
const ENGLISH_WORDS = /\b(Average|Gradient|Window \d|Input picture|Output, |Previous window|Next window|Select a window|The neuron|The bend|The backward pass|Upstream gradient|must be|is not a|Attribute)\b/;

test('on a zh-CN page the widgets speak Chinese with the same numbers, and axe passes in both schemes', async ({ page }) => {
  test.slow(); // three widgets and axe twice
  await page.goto(`${FOREIGN_ORIGIN}/zh.html`);
  const pool = page.getByRole('region', { name: '池化', exact: true });
  const neuron = page.getByRole('region', { name: '神经元', exact: true }).and(page.locator('body > section'));
  const broken = page.getByRole('region', { name: '出错的组件', exact: true });

  // The numbers are the lesson's, written as in English.
  const output = pool.getByRole('table', { name: '输出，2 行 2 列' });
  await expect(output.getByRole('cell'), 'the same averages as in English').toHaveText(['2.5', '4.5', '10.5', '12.5']);
  await expect(pool.getByRole('table', { name: '输入图片，4 行 4 列' })).toBeVisible();
  await expect(pool.getByRole('group', { name: '网格显示的内容' }).getByRole('button', { name: '平均值' })).toHaveAttribute('aria-pressed', 'true');

  // Selecting a window: the live line explains it in Chinese around the core's numbers. Each
  // window's button says its number and its value: the average, or in the gradient view its
  // upstream gradient.
  await pool.getByRole('button', { name: '窗口 2：4.5', exact: true }).click();
  await expect(pool.getByRole('status')).toHaveText('窗口 2：(2 + 3 + 6 + 7) / 4 = 18 / 4 = 4.5');
  await pool.getByRole('button', { name: '梯度' }).click();
  await pool.getByRole('button', { name: '窗口 1：梯度 1', exact: true }).click();
  await expect(pool.getByRole('status')).toHaveText('窗口 1：1 / 4 = 0.25，所以窗口里的 4 个格子各得到 0.25。');
  await expect(pool.getByRole('textbox', { name: '输出 1 的上游梯度' })).toHaveValue('1');

  // The neuron follows the page's lang: ReLU of 1 × 0.5 + (−2) × 0.25 + 0 = 0.
  await expect(neuron.getByRole('heading', { name: '神经元' })).toBeVisible();
  await expect(neuron.getByRole('textbox', { name: '偏置' })).toHaveValue('0');
  await expect(neuron.getByRole('slider', { name: '加权和 z（曲线上的圆点）' })).toBeVisible();
  await neuron.getByRole('textbox', { name: '偏置 b', exact: true }).fill('1');
  await neuron.getByRole('textbox', { name: '偏置 b', exact: true }).press('Enter');
  await expect(neuron.getByRole('status')).toHaveText('偏置 b 改为 1。加权和 z = 1，ReLU(z) = 1，斜率 1。');

  // A bad attribute is explained in Chinese, keeping PyTorch's parameter name and the value.
  await expect(broken.getByRole('alert')).toHaveText('属性 stride="0"：stride 必须是正数，实际为 0');

  for (const region of [pool, neuron, broken]) {
    await expect(region, 'no English sentence or label left').not.toHaveText(ENGLISH_WORDS);
  }

  // Changing lang re-renders in the new language, with the same numbers.
  await pool.getByRole('button', { name: '平均值' }).click();
  await pool.locator('pool-widget').evaluate((element) => element.setAttribute('lang', 'en'));
  await expect(pool.getByRole('table', { name: 'Output, 2 by 2' }).getByRole('cell')).toHaveText(['2.5', '4.5', '10.5', '12.5']);
  await pool.locator('pool-widget').evaluate((element) => element.setAttribute('lang', 'zh-CN'));
  await expect(pool.getByRole('table', { name: '输出，2 行 2 列' }).getByRole('cell')).toHaveText(['2.5', '4.5', '10.5', '12.5']);

  // The teacher's page offers both schemes, so the page and the widgets that follow it are
  // scanned dark as well as light.
  await expectNoAxeViolationsInBothSchemes(page, 'the Chinese widgets', {
    restyled: { 'the page': page.locator('body'), 'the neuron widget': neuron.locator('neuron-widget') },
  });
});

// The attribute errors of the English spec, now on a Chinese page: each is a Chinese sentence.
const BAD_ATTRIBUTES = [
  ['stride', '0', 'stride'], ['padding', '2', 'padding'], ['kernel-size', 'two', '"two"'], ['kernel-size', '9', 'kernelSize'],
  ['input', '1 2 x 4', '"x"'], ['input', '1 2 3', '16'], ['input-height', '0', 'input-height'], ['op', 'min', '"avg"'],
  ['view', 'sideways', '"forward"'], ['ceil-mode', 'maybe', '"true"'], ['divisor-override', '0', 'divisor'],
  ['divisor-override', '2.5', '"2.5"'], ['grad-output', '1 2', '4'], ['selected', 'first', 'selected'],
  ['hide', 'everything', '"everything"'], ['color-scheme', 'purple', '"dark"'],
];

test('every bad attribute of a zh-CN widget is explained in Chinese, naming the parameter', async ({ page }) => {
  const snippet = `<script type="module" src="${COURSE_ORIGIN}/embed/pool-widget.js"></script><pool-widget lang="zh-CN"></pool-widget>`;
  await page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(snippet)}`);
  const widget = page.locator('pool-widget');
  await expect(widget.getByRole('table', { name: '输出，2 行 2 列' })).toBeVisible();
  for (const [attribute, value, kept] of BAD_ATTRIBUTES) {
    await widget.evaluate((element, [name, text]) => element.setAttribute(name, text), [attribute, value]);
    const alert = widget.getByRole('alert').first();
    await expect(alert, `${attribute}="${value}"`).toContainText(`属性 ${attribute}="${value}"：`);
    await expect(alert, `${attribute}="${value}" names ${kept}`).toContainText(kept);
    await expect(alert, `${attribute}="${value}" has no English sentence`).not.toHaveText(/出现了一个问题|\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b/);
    await widget.evaluate((element, name) => element.removeAttribute(name), attribute);
  }
});

test('the playground switches to Chinese when its lang changes, with the same numbers', async ({ page }) => {
  // A whole lesson page, its playground and axe twice: slow on a loaded machine, not a timing claim.
  test.slow();
  await page.goto('/lessons/pictures/every-knob-of-pooling/');
  const playground = page.locator('pool-playground');
  const englishOutput = playground.getByRole('grid', { name: /^Output/ }).getByRole('gridcell');
  await expect(englishOutput.first()).toBeVisible();
  const numbers = await englishOutput.allTextContents();

  await playground.evaluate((element) => element.setAttribute('lang', 'zh-CN'));
  await expect(playground.getByRole('heading', { name: '设置' })).toBeVisible();
  await expect(playground.getByRole('grid', { name: /^输出，/ }).getByRole('gridcell'), 'the same numbers').toHaveText(numbers);
  await expect(playground.getByRole('radio', { name: '平均池化 nn.AvgPool2d' })).toBeVisible();
  await expect(playground.getByRole('spinbutton', { name: 'kernel_size 高' })).toBeVisible();
  await playground.getByRole('grid', { name: /^输出，/ }).getByRole('button').first().click();
  await expect(playground.locator('p.detail'), 'the selected window\'s line').toContainText('输出第 1 行第 1 列：');
  await expect(playground.getByRole('status', { name: '结果摘要' }), 'said once the learner pauses').toContainText('输出第 1 行第 1 列：');
  await expect(playground.getByRole('heading', { name: '前向传播' })).toBeVisible();
  await expect(playground.getByRole('heading', { name: '反向传播' })).toBeVisible();
  await playground.getByRole('spinbutton', { name: 'kernel_size 高' }).fill('9');
  await expect(playground.getByRole('alert').first()).toContainText('kernel_size');
  await expect(playground.getByRole('alert').first()).toContainText('放不进');

  // The worked examples speak Chinese too (presets.json), and the comparison quotes the source in Chinese.
  const example = playground.getByRole('button', { name: /^3 × 3，1 到 9，窗口大小 2，步长 1，填充 1\s*出自 AvgPool2d 参考页面$/ });
  await expect(example, 'the example\'s title and source in Chinese').toBeVisible();
  await expect(playground.getByRole('button', { name: /^3 × 3, 1 to 9/ }), 'not its English title').toHaveCount(0);
  await example.click();
  await expect(example).toHaveAttribute('aria-pressed', 'true');
  const comparison = playground.getByRole('group', { name: '3 × 3，1 到 9，窗口大小 2，步长 1，填充 1，出自 AvgPool2d 参考页面' });
  await expect(comparison, 'what the source says').toContainText('参考页面印出的是 2 × 2 的输出：1.5、3.5、4.5 和 6.5');
  await expect(comparison, 'and what PyTorch gives instead').toContainText('所以 PyTorch 返回 4 × 4 的输出');
  await expectNoAxeViolationsInBothSchemes(page, 'the Chinese playground');

  // On the Chinese lesson page the playground takes the page's language, examples included.
  await page.goto('/zh/lessons/pictures/every-knob-of-pooling/');
  const zhPlayground = page.locator('pool-playground');
  await expect(zhPlayground.getByRole('button', { name: /^课文里的 4 × 4 网格，0 到 15\s*出自本课程$/ })).toBeVisible();
  await expect(zhPlayground.getByRole('button', { name: /^The lesson's 4 × 4/ }), 'not its English title').toHaveCount(0);

  // A picture of the learner's own is chosen through a button in the page's words; the browser's
  // file field, which speaks the browser's language ("No file chosen"), stays out of the way.
  const chooser = page.waitForEvent('filechooser');
  await zhPlayground.getByRole('button', { name: '选择你自己的图片', exact: true }).click();
  expect((await chooser).isMultiple(), 'the button opens the chooser, for one picture').toBe(false);
  await expect(zhPlayground.locator('input[type=file]'), 'hidden from sight, the Tab order and the accessibility tree').toBeHidden();
});

// Chinese names are spaced as the Chinese lessons are (lessons/GLOSSARY.zh.md): no space between
// two Chinese characters, one between Chinese and a number or a Latin word (第 2 行第 1 列,
// 头 1 的权重). A Chinese name and a place joined with the English space would read
// "注意力 第 1 行第 1 列"; the grids' cells are where names are joined most.
const HAN = '\\p{Script=Han}';
const SPACED_HAN = new RegExp(`${HAN}\\s+${HAN}`, 'u');
const UNSPACED = new RegExp(`${HAN}[A-Za-z0-9]|[A-Za-z0-9]${HAN}`, 'u');
const CHINESE_GRIDS = [
  ['/zh/lessons/the-transformer-and-the-reward/an-encoder-block/', 'encoder-widget'],
  ['/zh/lessons/memory-and-attention/attention/', 'attention-widget'],
  ['/zh/lessons/learning/backpropagation-through-a-layer/', 'linear-widget'],
  ['/zh/lessons/the-transformer-and-the-reward/positions-as-clocks/', 'positions-widget'],
  ['/zh/lessons/pictures/batch-normalisation/', 'batchnorm-widget'],
];

for (const [url, tag] of CHINESE_GRIDS) {
  test(`${tag} on its Chinese lesson names its grids and cells with Chinese spacing`, async ({ page }) => {
    await page.goto(url);
    const names = await page.evaluate(async (name) => {
      await customElements.whenDefined(name);
      const widget = document.querySelector(name);
      await widget.ready();
      return [...widget.shadowRoot.querySelectorAll('[role="grid"] [aria-label], [role="grid"], [role="table"]')]
        .map((node) => node.getAttribute('aria-label')).filter(Boolean);
    }, tag);
    expect(names.length, 'the grids and their cells are named').toBeGreaterThan(0);
    expect(names.filter((name) => SPACED_HAN.test(name)), 'no space between two Chinese characters').toEqual([]);
    expect(names.filter((name) => UNSPACED.test(name)), 'a space between Chinese and a number or a Latin word').toEqual([]);
  });
}
