// A page that switches language after load (document.documentElement.lang = 'zh-CN', as single-
// page apps do, or lang on a section) switches its widgets too, keeping what the learner did;
// a widget with a lang of its own keeps it (web/i18n/follow-lang.js).
import { expect, test } from './fixtures.js';
import { COURSE_ORIGIN, FOREIGN_ORIGIN } from './embed-origins.js';

const setPageLang = (page, lang) => page.evaluate((value) => {
  document.documentElement.lang = value;
}, lang);

test('a foreign page that switches its lang switches the widgets, keeping what the learner changed', async ({ page }) => {
  const snippet = `<script type="module" src="${COURSE_ORIGIN}/embed/pool-widget.js"></script>
    <script type="module" src="${COURSE_ORIGIN}/embed/neuron-widget.js"></script>
    <section id="pool"><pool-widget></pool-widget></section>
    <section id="neuron"><neuron-widget></neuron-widget></section>
    <section id="pinned"><neuron-widget lang="en"></neuron-widget></section>`;
  await page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(snippet)}`);
  const pool = page.locator('#pool pool-widget');
  const neuron = page.locator('#neuron neuron-widget');
  const pinned = page.locator('#pinned neuron-widget');

  // The learner selects a window and sets the bias, in English.
  await pool.getByRole('button', { name: 'Window 2' }).click();
  await expect(pool.getByRole('button', { name: 'Window 2' })).toHaveAttribute('aria-pressed', 'true');
  await neuron.getByRole('textbox', { name: 'Bias' }).fill('1');
  await neuron.getByRole('textbox', { name: 'Bias' }).press('Enter');
  await expect(neuron.getByRole('status')).toContainText('z = 1');

  await setPageLang(page, 'zh-CN');
  await expect(pool.getByRole('button', { name: '窗口 2' }), 'the pool widget in Chinese, window 2 still selected').toHaveAttribute('aria-pressed', 'true');
  await expect(pool.getByRole('table', { name: '输出，2 行 2 列' }).getByRole('cell')).toHaveText(['2.5', '4.5', '10.5', '12.5']);
  await expect(neuron.getByRole('heading', { name: '神经元' }), 'the neuron in Chinese').toBeVisible();
  await expect(neuron.getByRole('textbox', { name: '偏置' }), 'with the learner\'s bias').toHaveValue('1');
  await expect(pinned.getByRole('heading', { name: 'The neuron' }), 'lang="en" on the element wins').toBeVisible();
  await expect(pinned.getByRole('textbox', { name: 'Bias' })).toHaveValue('0');

  await setPageLang(page, 'en');
  await expect(pool.getByRole('button', { name: 'Window 2' }), 'back in English, window 2 still selected').toHaveAttribute('aria-pressed', 'true');
  await expect(neuron.getByRole('heading', { name: 'The neuron' })).toBeVisible();
  await expect(neuron.getByRole('textbox', { name: 'Bias' }), 'the bias kept through both switches').toHaveValue('1');

  // lang on an ancestor: only the widget under it changes.
  await page.locator('#neuron').evaluate((section) => section.setAttribute('lang', 'zh'));
  await expect(neuron.getByRole('heading', { name: '神经元' }), 'the neuron under <section lang="zh">').toBeVisible();
  await expect(pool.getByRole('group', { name: 'What the grids show' }).getByRole('button', { name: 'Average' }), 'the pool widget beside it stays English').toBeVisible();
  await expect(pinned.getByRole('heading', { name: 'The neuron' })).toBeVisible();
  await page.locator('#neuron').evaluate((section) => section.removeAttribute('lang'));
  await expect(neuron.getByRole('heading', { name: 'The neuron' }), 'and back when the section drops its lang').toBeVisible();
  await expect(neuron.getByRole('textbox', { name: 'Bias' })).toHaveValue('1');
});

test('a widget inside another element\'s shadow tree follows lang there and above it', async ({ page }) => {
  const snippet = `<script type="module" src="${COURSE_ORIGIN}/embed/pool-widget.js"></script><div id="host"></div>`;
  await page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(snippet)}`);
  // A teacher's own component that puts the widget in its shadow tree, under a wrapper.
  await page.locator('#host').evaluate((host) => {
    host.attachShadow({ mode: 'open' }).innerHTML = '<div class="wrapper"><pool-widget></pool-widget></div>';
  });
  const widget = page.locator('#host pool-widget');
  const output = (name) => widget.getByRole('table', { name }).getByRole('cell');
  await expect(output('Output, 2 by 2')).toHaveText(['2.5', '4.5', '10.5', '12.5']);

  await page.locator('#host').evaluate((host) => host.shadowRoot.querySelector('.wrapper').setAttribute('lang', 'zh-CN'));
  await expect(output('输出，2 行 2 列'), 'lang on a wrapper inside the shadow tree').toHaveText(['2.5', '4.5', '10.5', '12.5']);

  await page.locator('#host').evaluate((host) => host.setAttribute('lang', 'en'));
  await expect(widget.getByRole('button', { name: '窗口 1' }), 'the nearer lang, inside the shadow tree, wins').toBeVisible();

  await page.locator('#host').evaluate((host) => host.shadowRoot.querySelector('.wrapper').removeAttribute('lang'));
  await expect(output('Output, 2 by 2'), 'then the shadow host\'s lang').toHaveText(['2.5', '4.5', '10.5', '12.5']);

  await page.locator('#host').evaluate((host) => host.removeAttribute('lang'));
  await setPageLang(page, 'zh-CN');
  await expect(output('输出，2 行 2 列'), 'then <html lang>').toHaveText(['2.5', '4.5', '10.5', '12.5']);
});

test('the playground follows the lesson page\'s lang, keeping the operation the learner chose and the focus', async ({ page }) => {
  await page.goto('/lessons/pictures/every-knob-of-pooling/');
  const playground = page.locator('pool-playground');
  await expect(playground.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await playground.getByRole('radio', { name: 'Max nn.MaxPool2d' }).check();
  await expect(playground.getByRole('radio', { name: 'Max nn.MaxPool2d' })).toBeChecked();
  await playground.getByRole('textbox', { name: 'Input row 2, column 3' }).focus();

  await setPageLang(page, 'zh-CN');
  await expect(playground.getByRole('heading', { name: '设置' })).toBeVisible();
  await expect(playground.getByRole('radio', { name: '最大池化 nn.MaxPool2d' }), 'max pooling still chosen').toBeChecked();
  await expect(playground.getByRole('heading', { name: '前向传播' })).toBeVisible();
  await expect(playground.getByRole('textbox', { name: '输入第 2 行第 3 列' }), 'the input field drawn in Chinese has the learner\'s focus').toBeFocused();

  await setPageLang(page, 'en');
  await expect(playground.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(playground.getByRole('radio', { name: 'Max nn.MaxPool2d' })).toBeChecked();
});

test('a switch of language keeps the learner\'s focus on the control they were on', async ({ page }) => {
  const snippet = `<script type="module" src="${COURSE_ORIGIN}/embed/pool-widget.js"></script>
    <script type="module" src="${COURSE_ORIGIN}/embed/neuron-widget.js"></script>
    <script type="module" src="${COURSE_ORIGIN}/embed/loss-widget.js"></script>
    <pool-widget></pool-widget><neuron-widget></neuron-widget><loss-widget></loss-widget>`;
  await page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(snippet)}`);
  const pool = page.locator('pool-widget');
  const neuron = page.locator('neuron-widget');
  const loss = page.locator('loss-widget');
  await expect(loss.getByRole('textbox', { name: 'Prediction 2' })).toBeVisible();

  // A field of a widget whose tree is built again in the new words.
  await neuron.getByRole('textbox', { name: 'Bias' }).focus();
  await setPageLang(page, 'zh-CN');
  await expect(neuron.getByRole('textbox', { name: '偏置' }), 'the same field, in Chinese, has the focus').toBeFocused();
  await setPageLang(page, 'en');
  await expect(neuron.getByRole('textbox', { name: 'Bias' }), 'and again in English').toBeFocused();

  // A field drawn after the tree, one per row.
  await loss.getByRole('textbox', { name: 'Prediction 2' }).focus();
  await setPageLang(page, 'zh-CN');
  await expect(loss.getByRole('textbox', { name: '第 2 个预测值' })).toBeFocused();
  await setPageLang(page, 'en');

  // A window of the pool widget, whose grids are drawn again in the new words.
  await pool.getByRole('button', { name: 'Window 2' }).focus();
  await setPageLang(page, 'zh-CN');
  await expect(pool.getByRole('button', { name: '窗口 2' })).toBeFocused();
  await pool.getByRole('button', { name: '窗口 2' }).press('ArrowDown');
  await expect(pool.getByRole('button', { name: '窗口 4' }), 'the arrow keys go on from there').toBeFocused();
});
