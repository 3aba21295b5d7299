import { test, expect } from './fixtures.js';

const FRAME = '/embed/patches-of-a-picture/';

test('the iframe route shows the lesson\'s widget alone, set up by the options in its URL', async ({ page }) => {
  await page.goto(FRAME);
  const output = page.getByRole('table', { name: /^Output/ });
  await expect(output.getByRole('cell'), 'with no options it is the lesson\'s widget').toHaveText(['2.5', '4.5', '10.5', '12.5']);
  await expect(page.getByRole('banner'), 'without the site\'s header').toHaveCount(0);
  await expect(page.getByRole('contentinfo'), 'or footer').toHaveCount(0);
  await expect(page.getByRole('navigation'), 'or navigation').toHaveCount(0);
  await page.getByRole('button', { name: 'Gradient', exact: true }).click();
  for (const [index, gradient] of ['4', '8', '12', '16'].entries()) {
    await expect(
      page.getByRole('textbox', { name: `Upstream gradient of output ${index + 1}` }),
      'and the lesson\'s own upstream gradients',
    ).toHaveValue(gradient);
  }

  // A 5 x 5 picture 1..25, 3 x 3 average windows moving 1 cell, padding 1, padded cells left
  // out of the divisor (count_include_pad=False): written out from PyTorch's definition, the
  // corner averages 1, 2, 6, 7 over 4 cells, (1 + 2 + 6 + 7) / 4 = 4, and the centre averages
  // its 9 neighbours, 13.
  const options = new URLSearchParams({
    'input-height': '5',
    'input-width': '5',
    input: Array.from({ length: 25 }, (_, i) => i + 1).join(' '),
    'kernel-size': '3',
    stride: '1',
    padding: '1',
    'count-include-pad': 'false',
    selected: '12',
  });
  await page.goto(`${FRAME}?${options}`);
  await expect(page.getByRole('table', { name: 'Output, 5 by 5' }).getByRole('cell'), 'the URL\'s options are used').toHaveText([
    '4', '4.5', '5.5', '6.5', '7',
    '6.5', '7', '8', '9', '9.5',
    '11.5', '12', '13', '14', '14.5',
    '16.5', '17', '18', '19', '19.5',
    '19', '19.5', '20.5', '21.5', '22',
  ]);
  await expect(page.getByRole('button', { name: 'Window 13' }), 'including the selected window').toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('pool-widget p.formula'), 'whose sum the formula shows').toContainText('= 117 / 9 = 13');

  await page.goto(`${FRAME}?op=max&kernel-size=3&stride=1&padding=1&input-height=5&input-width=5`);
  await expect(
    page.getByRole('table', { name: 'Output, 5 by 5' }).getByRole('cell').first(),
    'the lesson\'s picture, 0, 1, 2, ..., follows the new size: 0..24, max of 0, 1, 5, 6',
  ).toHaveText('6');
});

test('the options change the lesson\'s settings as a link to the lesson does, and the rest stay the lesson\'s', async ({ page }) => {
  const stateIn = async (frame, tag) => {
    await page.goto(frame);
    const widget = page.locator(tag);
    await expect(widget.getByText(/\d/).first(), 'the widget has drawn').toBeVisible();
    return widget.evaluate((element) => element.ready().then(() => element.getState()));
  };
  const sigmoid = await stateIn('/embed/the-sigmoid/?bias=1', 'neuron-widget');
  expect([sigmoid.activation, sigmoid.bias, sigmoid.inputs], 'the lesson\'s sigmoid and inputs, the URL\'s bias').toEqual(['sigmoid', 1, [2, 1]]);
  const layer = await stateIn('/embed/backpropagation-through-a-layer/?bias=none&selected=grad_weight%201,2', 'linear-widget');
  expect([layer.bias, layer.selected, layer.error], 'bias=none is a layer without a bias').toEqual([null, 'grad_weight 1,2', undefined]);
  const pool = await stateIn(`${FRAME}?lang=zh-CN&kernel_size=3`, 'pool-widget');
  expect([pool.kernelSize, pool.stride, pool.gradOutput, pool.error], 'stride follows the kernel size, as on the tag; the gradients start from ones')
    .toEqual([[3, 3], [3, 3], [1], undefined]);
});

test('with ?lang=zh-CN the frame speaks Chinese: its title and tab name and link the Chinese lesson, the numbers stay', async ({ page }) => {
  await page.goto(`${FRAME}?lang=zh-CN`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page, 'the tab names the Chinese lesson and course').toHaveTitle('把图片切成小块 · 神经网络的基本构件');
  const title = page.getByRole('heading', { level: 1 }).getByRole('link');
  await expect(title, 'one title shows, the Chinese lesson\'s').toHaveText('把图片切成小块');
  await expect(title).toHaveAttribute('href', /\/zh\/lessons\/pictures\/patches-of-a-picture\/$/);
  await expect(page.locator('pool-widget').getByRole('cell').filter({ hasText: /^\d/ }).last(), 'the widget has drawn').toBeVisible();
  await expect(page.getByRole('table').nth(1).getByRole('cell'), 'the same numbers').toHaveText(['2.5', '4.5', '10.5', '12.5']);

  await page.goto(FRAME);
  await expect(page.getByRole('heading', { level: 1 }).getByRole('link'), 'without it, the English title').toHaveText('Patches of a picture');
  await expect(page, 'and the English tab').toHaveTitle('Patches of a picture · Building blocks of neural networks');
});

test('an option the widget does not have is named in the frame, in its language, and the rest still apply', async ({ page }) => {
  await page.goto(`${FRAME}?kernal_size=3&stride=1&colour=red`);
  await expect(page.getByRole('status').first(), 'a misspelt option is not left to the console').toHaveText(
    'Left out, as the widget has no such option: “kernal_size” and “colour”.');
  await expect(page.getByRole('table', { name: 'Output, 3 by 3' }).getByRole('cell').first(), 'stride=1 applies, with the lesson\'s kernel of 2: (0 + 1 + 4 + 5) / 4').toHaveText('2.5');

  await page.goto(`${FRAME}?lang=zh-CN&kernal_size=3`);
  await expect(page.getByRole('status').first()).toHaveText('这个组件没有以下选项，已略去：“kernal_size”。');

  await page.goto(`${FRAME}?kernel_size=3`);
  await expect(page.locator('pool-widget').getByRole('cell').first(), 'the widget has drawn').toBeVisible();
  await expect(page.getByText('Left out'), 'no note when every option is known').toHaveCount(0);
});
