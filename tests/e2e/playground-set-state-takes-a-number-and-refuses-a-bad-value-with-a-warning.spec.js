// setState() from the host page: a plain number is a size for both sides (as <pool-widget> takes
// it); a malformed value is refused with a console warning naming the key and the value, the
// settings stay as they were, nothing is thrown at the page, and the next setState() still works.
import { expect, test } from './playground-page.js';

test('setState takes one number for both sides and refuses a malformed value with a warning', async ({ page, playground }) => {
  const warnings = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await playground.open();

  const outcome = await playground.root.evaluate((element) => {
    try {
      element.setState({ kernelSize: 3, stride: 1 });
      return 'applied';
    } catch (error) {
      return `threw ${error}`;
    }
  });
  expect(outcome, 'setState({ kernelSize: 3, stride: 1 }) does not throw').toBe('applied');
  await expect(playground.sizeField('kernel_size', 'height'), 'kernel_size 3 is 3 high').toHaveValue('3');
  await expect(playground.sizeField('kernel_size', 'width'), 'and 3 wide').toHaveValue('3');
  await expect(playground.outputCells, 'a 3 x 3 window with stride 1 on 4 x 4 gives 2 x 2').toHaveCount(4);

  const refused = await playground.root.evaluate((element) => {
    const before = JSON.stringify(element.getState());
    const bad = [{ kernelSize: 'x' }, { stride: [1, 2, 3] }, { padding: [0.5, 0] }, { input: [1, 2] }, { op: 'min' }, null];
    return bad.map((partial) => {
      try {
        element.setState(partial);
        return JSON.stringify(element.getState()) === before ? 'kept' : `changed by ${JSON.stringify(partial)}`;
      } catch (error) {
        return `${JSON.stringify(partial)} threw ${error}`;
      }
    });
  });
  expect(refused, 'every malformed setState keeps the settings and throws nothing').toEqual(Array(6).fill('kept'));
  await expect.poll(() => warnings.find((text) => text.includes('kernelSize')), 'a warning names the key').toContain('"x"');
  await expect.poll(() => warnings.find((text) => text.includes('stride')), 'and the value').toContain('[1, 2, 3]');
  await expect(playground.alert, 'the playground shows no error for a refused call').toBeHidden();

  await playground.root.evaluate((element) => element.setState({ kernelSize: [2, 2] }));
  await expect(playground.outputCells, 'a later setState still works: 2 x 2 windows, stride 1, give 3 x 3').toHaveCount(9);
});
