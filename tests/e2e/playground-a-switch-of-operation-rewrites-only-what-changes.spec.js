// A switch between average and max pooling rewrites what the operation changes and nothing
// else: every write to the tree is styled and laid out again on a phone's slow CPU, even a
// write of the value already there. A watch on the parts the switch leaves alone sees no write.
import { KNOBS_URL, expect, test } from './playground-page.js';

test('switching the operation leaves the parts it does not change untouched', async ({ page, playground }) => {
  await playground.open(KNOBS_URL);
  await expect(playground.detail, 'no window is selected').toHaveText('Select an output to see its window.');
  await playground.root.evaluate((host) => {
    const root = host.shadowRoot;
    const parts = ['.detail', '.backward-detail', '.loading', '#extra-legend', '.forward', '.backward'];
    window.untouchedWrites = [];
    const watch = new MutationObserver((records) => {
      for (const record of records) window.untouchedWrites.push(`${record.type} ${record.attributeName ?? ''} on ${record.target.nodeName}`);
    });
    for (const part of parts) watch.observe(root.querySelector(part), { attributes: true, attributeFilter: ['hidden'], childList: true, characterData: true });
    window.untouchedWatch = watch;
  });
  const max = playground.root.getByRole('radio', { name: /Max/ });
  const average = playground.root.getByRole('radio', { name: /Average/ });
  await max.check();
  await expect(playground.outputCells, 'the maximum of each window').toHaveText(['5', '7', '13', '15']);
  await average.check();
  await expect(playground.outputCells, 'the mean of each window').toHaveText(['2.5', '4.5', '10.5', '12.5']);
  const writes = await page.evaluate(() => [
    ...window.untouchedWrites,
    ...window.untouchedWatch.takeRecords().map((record) => `${record.type} ${record.attributeName ?? ''} on ${record.target.nodeName}`),
  ]);
  expect(writes, 'no write to the detail, the hidden parts or the shown ones').toEqual([]);
});
