// A combination the core refuses shows the core's PoolError message, in PyTorch's names, and no
// output grid; fixing the setting brings the grids back. On a Chinese page the message is Chinese.
import { expect, MAX_URL, test } from './playground-page.js';

test('padding over half the kernel shows the core\'s reason instead of a grid', async ({ playground }) => {
  await playground.open();
  const padding = playground.sizeField('padding', 'height');
  await padding.fill('2');

  await expect(playground.alert, 'the core\'s message, naming the parameter').toHaveText(
    'padding (2, 0) is more than half of kernel_size 2',
  );
  await expect(padding, 'the offending field is marked').toHaveAttribute('aria-invalid', 'true');
  await expect(padding, 'and described by the alert').toHaveAccessibleDescription('padding (2, 0) is more than half of kernel_size 2');
  // The alert describes the fields it is about, and no others.
  const others = [
    playground.sizeField('kernel_size', 'height'), playground.sizeField('stride', 'width'),
    playground.root.getByRole('spinbutton', { name: 'Input height' }), playground.root.getByRole('checkbox', { name: 'ceil_mode' }),
    playground.root.getByRole('spinbutton', { name: /^divisor_override/ }), playground.inputField(1, 1),
  ];
  for (const other of others) await expect(other, 'a field the alert is not about is not described by it').toHaveAccessibleDescription('');
  await expect(playground.outputGrid, 'no broken output grid is drawn').toHaveCount(0);
  await expect(playground.root.getByRole('table', { name: /^grad_input/ }), 'nor gradients').toHaveCount(0);

  const refused = await playground.root.evaluate((element) => element.getState());
  expect(refused.error, 'getState() says why, in the alert\'s words').toBe('padding (2, 0) is more than half of kernel_size 2');
  expect(refused.padding, 'beside the settings refused').toEqual([2, 0]);

  await padding.fill('1');
  await expect(playground.alert, 'the message goes once the settings work').toBeHidden();
  const drawn = await playground.root.evaluate((element) => element.getState());
  expect(drawn, 'and so does getState()\'s error').not.toHaveProperty('error');
  expect(Object.keys(refused).sort(), 'the state has the same keys either way, and error').toEqual([...Object.keys(drawn), 'error'].sort());
  await expect(playground.outputGrid, 'the output is back, 3 × 2').toHaveAccessibleName('Output, 3 × 2');
  await expect(padding, 'the field is no longer marked').not.toHaveAttribute('aria-invalid', /.*/);
  await expect(padding, 'nor described').toHaveAccessibleDescription('');
});

test('a stride of 0 and a kernel larger than the input are the core\'s to refuse too', async ({ playground }) => {
  await playground.open();
  await playground.sizeField('stride', 'width').fill('0');
  await expect(playground.alert).toHaveText('stride must be positive, got (2, 0)');
  await playground.sizeField('stride', 'width').fill('2');
  await playground.sizeField('kernel_size', 'height').fill('5');
  await expect(playground.alert).toContainText('kernel_size (5, 2) does not fit the 4 x 4 input with padding 0');
});

test('in Chinese a dilated kernel that does not fit is refused in Chinese, with no English left in it', async ({ page, playground }) => {
  await page.goto(`/zh${MAX_URL}`);
  const field = (name) => playground.root.getByRole('spinbutton', { name, exact: true });
  for (const name of ['kernel_size 高', 'kernel_size 宽']) await field(name).fill('3');
  for (const name of ['dilation 高', 'dilation 宽']) await field(name).fill('3');
  await expect(playground.alert, 'the core\'s reason, read into Chinese').toHaveText(
    'kernel_size 3（膨胀 dilation 为 3）放不进 4 x 4 的输入（填充 padding 为 0）：输出将是 -2 x -2');
  expect(await playground.root.evaluate((element) => element.getState().error), 'getState() says it in the same words').toBe(
    'kernel_size 3（膨胀 dilation 为 3）放不进 4 x 4 的输入（填充 padding 为 0）：输出将是 -2 x -2');
});

test('an attribute it cannot read: the playground starts from its defaults, and getState() says why once it shows them', async ({ page, playground }) => {
  await playground.open();
  const message = 'Attribute kernel-size="two": "two" is not a number.';
  const loose = await page.evaluate(() => {
    const element = document.createElement('pool-playground');
    element.setAttribute('kernel-size', 'two');
    return element.getState();
  });
  const drawn = await playground.root.evaluate((element) => element.getState());
  expect(loose, 'not yet on the page: every key, the defaults it will start from').toEqual(drawn);

  await playground.root.evaluate((element) => element.setAttribute('kernel-size', 'two'));
  await expect(playground.alert, 'the alert quotes the attribute').toHaveText(message);
  await expect(playground.outputGrid, 'and the defaults are drawn').toHaveAccessibleName('Output, 2 × 2');
  const state = await playground.root.evaluate((element) => element.getState());
  expect(state.error, 'getState() says what the alert says').toBe(message);
  expect(state.kernelSize, 'beside the settings drawn').toEqual([2, 2]);
});
