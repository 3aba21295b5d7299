// "Pool a picture" tells a screen reader that the work started and how it ended; a channel's
// progress only once the pooling has gone on for a pause without news, so a photo pooled in a
// blink is two sentences, not six. The page's clock is paused and the pool worker's news is held
// back until the test lets it through, so "quick" and "slow" are what the test says they are.
import { expect, test } from './playground-page.js';

test.beforeEach(async ({ page }) => {
  // Holds every message the page's workers send until window.releaseWorkerNews() is called,
  // which delivers each in a task of its own, as the worker's messages come.
  await page.addInitScript(() => {
    const held = [];
    const nextTask = () => new Promise((resolve) => {
      const { port1, port2 } = new MessageChannel();
      port1.onmessage = resolve;
      port2.postMessage(null);
    });
    window.heldWorkerNews = () => held.map((news) => news.type);
    window.releaseWorkerNews = async () => {
      for (const news of held.splice(0)) {
        news.deliver();
        await nextTask();
      }
    };
    window.Worker = class extends window.Worker {
      addEventListener(type, listener, options) {
        if (type !== 'message') {
          super.addEventListener(type, listener, options);
          return;
        }
        super.addEventListener('message', (event) => held.push({ type: event.data?.type, deliver: () => listener.call(this, event) }), options);
      }
    };
  });
  await page.clock.install();
});

// Opens the playground, records every text the picture's status takes (a screen reader reads
// each), and asks for the bundled photo; returns once the worker has pooled it, its news held.
async function poolThePhoto(page, playground) {
  await playground.open();
  const bundled = playground.root.getByRole('button', { name: 'Pool the photo of a cat' });
  // Still empty, the status is not in the accessibility tree.
  await playground.root.getByRole('status', { name: 'Picture status', includeHidden: true }).evaluate((status) => {
    window.pictureSaid = [];
    new MutationObserver(() => window.pictureSaid.push(status.textContent)).observe(status, { childList: true, characterData: true, subtree: true });
  });
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await bundled.click();
  await expect.poll(() => page.evaluate(() => window.heldWorkerNews()), { message: 'the worker pools the photo' }).toContain('pooled');
}
const pictureSaid = (page) => page.evaluate(() => window.pictureSaid.map((text) => text.replace(/, in \d+ ms\.$/, '.')));

test('a photo pooled in a blink is heard as its start and its end, not each channel', async ({ page, playground }) => {
  await poolThePhoto(page, playground);
  // Past the moment the progress shows, and the worker's news of each channel, then its end.
  await page.clock.runFor(150);
  await page.evaluate(() => window.releaseWorkerNews());
  await expect(playground.pictureStatus).toContainText('became 225 × 150');
  await page.clock.runFor(1000);
  expect(await pictureSaid(page), 'two sentences').toEqual([
    'Reading the photo of Chelsea the cat…',
    'Pooled the photo of Chelsea the cat: 451 × 300 pixels became 225 × 150, 3 channels.',
  ]);
});

test('a pooling that takes a while says where it is once, then its end', async ({ page, playground }) => {
  await poolThePhoto(page, playground);
  await page.clock.runFor(150);
  await page.clock.runFor(1000);
  await expect(playground.pictureStatus, 'a second without news: the channel under way is said').toHaveText(
    'Pooling the photo of Chelsea the cat: the red channel, 1 of 3…');
  await page.evaluate(() => window.releaseWorkerNews());
  await expect(playground.pictureStatus).toContainText('became 225 × 150');
  await page.clock.runFor(1000);
  expect(await pictureSaid(page), 'the channels the news then brings at once are not each said').toEqual([
    'Reading the photo of Chelsea the cat…',
    'Pooling the photo of Chelsea the cat: the red channel, 1 of 3…',
    'Pooled the photo of Chelsea the cat: 451 × 300 pixels became 225 × 150, 3 channels.',
  ]);
});
