import { test, expect } from './fixtures.js';
import { COURSE_ORIGIN } from './embed-origins.js';

test('the lesson\'s "Embed this" snippets follow the widget as the learner changes it, and copy', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: COURSE_ORIGIN });
  await page.goto('/lessons/pictures/patches-of-a-picture/');
  const section = page.getByRole('region', { name: 'Embed this' });
  const script = section.getByRole('textbox', { name: 'Script tag and element' });
  const iframe = section.getByRole('textbox', { name: 'Iframe' });

  await expect(script, 'the script snippet loads the embed from this course').toHaveValue(
    `<script type="module" src="${COURSE_ORIGIN}/embed/pool-widget.js"></script>\n<pool-widget grad-output="4 8 12 16"></pool-widget>`,
  );
  await expect(iframe, 'the iframe snippet points at the lesson\'s iframe route, naming the lesson\'s settings that are not the element\'s defaults').toHaveValue(
    new RegExp(`^<iframe src="${COURSE_ORIGIN}/embed/patches-of-a-picture/\\?grad_output=4,8,12,16" title="Patches of a picture: interactive widget" width="\\d+" height="\\d+"`),
  );

  const widget = page.locator('pool-widget');
  await widget.getByRole('button', { name: 'Gradient', exact: true }).click();
  await widget.getByRole('button', { name: 'Window 2' }).click();
  await expect(script, 'the view and the selected window are written into the snippet').toHaveValue(
    /<pool-widget grad-output="4 8 12 16" view="backward" selected="2"><\/pool-widget>/,
  );
  await widget.getByRole('textbox', { name: 'Upstream gradient of output 4' }).fill('20');
  await expect(script, 'so is an edited gradient').toHaveValue(/grad-output="4 8 12 20"/);
  await expect(iframe, 'in the iframe URL too').toHaveValue(
    /\?grad_output=4,8,12,20&amp;view=backward&amp;window=2"/,
  );

  await section.getByRole('button', { name: 'Copy the script snippet' }).click();
  await expect(section.getByRole('status'), 'copying says so').toHaveText('Copied the script snippet.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied, 'the clipboard holds the snippet as shown').toBe(await script.inputValue());

  await section.getByRole('button', { name: 'Copy the iframe snippet' }).click();
  await expect(section.getByRole('status'), 'each button names what it copied').toHaveText('Copied the iframe snippet.');
  expect(await page.evaluate(() => navigator.clipboard.readText()), 'the iframe snippet is on the clipboard').toBe(
    await iframe.inputValue(),
  );
});

// Each element names the event it fires after a learner's change (its adapter's EMBED); the
// section listens for that one, so the settings widgets' snippets follow them as well.
test('the snippets follow the settings widgets too: a score added on softmax, a bias typed on ReLU', async ({ page }) => {
  await page.goto('/lessons/a-layer/softmax/');
  let script = page.getByRole('region', { name: 'Embed this' }).getByRole('textbox', { name: 'Script tag and element' });
  await expect(script).toHaveValue(/<softmax-widget><\/softmax-widget>$/);
  await page.locator('softmax-widget').getByRole('button', { name: 'Add a score' }).click();
  await expect(script, 'the added score is written into the snippet').toHaveValue(/<softmax-widget scores="2 1 0.1 0"><\/softmax-widget>$/);

  await page.goto('/lessons/one-neuron/relu/');
  script = page.getByRole('region', { name: 'Embed this' }).getByRole('textbox', { name: 'Script tag and element' });
  await expect(script).toHaveValue(/<neuron-widget inputs="2 1" weights="0.5 -0.25" bias="0.75"><\/neuron-widget>$/);
  const bias = page.locator('neuron-widget').getByRole('textbox', { name: 'Bias b', exact: true });
  await bias.fill('0.5');
  await bias.press('Enter');
  await expect(script, 'the typed bias is written into the snippet').toHaveValue(/bias="0.5"><\/neuron-widget>$/);
});
