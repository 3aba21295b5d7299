// The playground's events are the learner's news: a setting, a cell, a worked example or a
// selected window fires an event marked byUser: true; setState(), applyQuery() and attribute
// changes made by the host page fire none. Each code call is followed by a learner action, so
// the list heard afterwards shows any event the call fired, in its place.
import { expect, test } from './playground-page.js';

// The same events as <pool-widget>'s, by the same names.
const change = { type: 'pool-change', byUser: true };
const select = (index) => ({ type: 'pool-select', byUser: true, index });

test('events tell the page what the learner did, and nothing of what code did', async ({ page, playground }) => {
  await playground.open();
  await playground.root.evaluate((element) => {
    window.heard = [];
    for (const type of ['pool-change', 'pool-select']) {
      element.addEventListener(type, ({ detail }) => {
        window.heard.push(type.endsWith('select') ? { type, byUser: detail.byUser, index: detail.index } : { type, byUser: detail.byUser });
      });
    }
  });
  const heard = () => page.evaluate(() => window.heard);

  await playground.sizeField('stride', 'height').fill('1');
  await expect.poll(heard, 'editing a setting fires a change').toEqual([change]);
  await playground.outputButton(1).click();
  await expect.poll(heard, 'selecting a window fires a select').toEqual([change, select(1)]);
  await playground.inputField(1, 1).fill('7');
  await expect.poll(heard, 'editing an input cell fires a change').toEqual([change, select(1), change]);

  await playground.root.evaluate((element) => element.setState({ stride: [2, 2], selected: 1 }));
  await playground.outputButton(2).click();
  await playground.root.evaluate((element) => element.applyQuery('kernel_size=3&stride=1'));
  await playground.outputButton(3).click();
  await playground.root.evaluate((element) => element.setAttribute('padding', '1'));
  await playground.outputButton(0).click();
  await expect.poll(heard, 'setState, applyQuery and an attribute fire nothing; the clicks after them do').toEqual(
    [change, select(1), change, select(2), select(3), select(0)],
  );

  await playground.example('3 × 3, 1 to 9, kernel 2, stride 1, padding 1').click();
  await playground.root.getByRole('button', { name: 'Reset to the lesson\'s settings' }).click();
  await expect.poll(heard, 'a worked example and Reset are the learner\'s too').toEqual(
    [change, select(1), change, select(2), select(3), select(0), change, change],
  );
});
