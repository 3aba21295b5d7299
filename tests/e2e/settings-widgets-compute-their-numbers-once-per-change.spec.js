// One change a learner makes costs a settings widget one computation of its numbers: the check
// that the core takes the new settings and the drawing of them share it (SettingsWidget's
// `numbers`), a slider's change after its input and Enter after typing compute nothing again,
// and neither does a new render of the same attributes' settings after a change from code. A
// selection (a token, a query, a cell of a layer, a step, a position, the epoch shown) costs none: the numbers do
// not depend on it (SettingsWidget's `viewOnly`), yet it is drawn, announced and reported.
//
// The page counts the cores' calls from its start (watchCore, fixtures.js). Each counted
// function is called once per computation of its widget's numbers (encoderLayer by
// encoderNumbers, attention by attentionNumbers, linearBackward by linearNumbers, rnnBackward by rnnNumbers, lstmBackward by
// lstmNumbers, positionalEncoding by positionsNumbers, ppoTrain by ppoTraining, dropoutBackward
// by dropoutNumbers, softmaxBackward by softmaxNumbers).
import { AttentionPage } from './attention-page.js';
import { DropoutPage } from './dropout-page.js';
import { EncoderPage } from './encoder-page.js';
import { expect, test, watchCore } from './fixtures.js';
import { LinearPage } from './linear-page.js';
import { LstmPage } from './lstm-page.js';
import { PositionsPage } from './positions-page.js';
import { PpoPage } from './ppo-page.js';
import { RnnPage } from './rnn-page.js';
import { SoftmaxPage } from './softmax-page.js';

const COUNTED = [
  'encoderLayer', 'attention', 'linearBackward', 'rnnBackward', 'lstmBackward', 'positionalEncoding', 'ppoTrain', 'dropoutBackward', 'softmaxBackward',
];

test.beforeEach(({ page }) => watchCore(page, Object.fromEntries(COUNTED.map((name) => [name, {}]))));

// How many times `name` was called while `act` ran, and until `settled` held.
async function callsDuring(page, name, act, settled) {
  await page.evaluate((counted) => { window.coreCalls[counted] = 0; }, name);
  await act();
  await settled();
  return page.evaluate((counted) => window.coreCalls[counted], name);
}

// What a widget's selection reported to the page: the `key` of each change event's state.
async function reported(widget, key) {
  return (await widget.changes()).map(({ state, byUser }) => (byUser ? state[key] : 'not by the user'));
}

test('the encoder computes once for a typed number, Enter, a size, a choice and an attribute', async ({ page }) => {
  const encoder = new EncoderPage(page);
  await encoder.open();
  const field = encoder.inputs.first();
  const output = () => encoder.cells('residual1').first().textContent();
  const before = await output();
  expect(await callsDuring(page, 'encoderLayer', () => field.fill('2'), () => expect.poll(output).not.toBe(before)),
    'typing a number checks and draws it with one computation').toBe(1);
  expect(await callsDuring(page, 'encoderLayer', () => field.press('Enter'), () => expect(encoder.status).toContainText('2')),
    'Enter announces the number in use without computing it again').toBe(0);
  expect(await callsDuring(page, 'encoderLayer', () => encoder.button('One token more').click(),
    () => expect(encoder.inputs).toHaveCount(16)), '"One token more" computes once').toBe(1);
  expect(await callsDuring(page, 'encoderLayer', () => encoder.choice('Activation').selectOption('gelu'),
    () => expect(encoder.status).toContainText('gelu')), 'the activation computes once').toBe(1);
  expect(await callsDuring(page, 'encoderLayer', () => encoder.root.evaluate((widget) => widget.setAttribute('seed', '5')),
    () => encoder.root.evaluate((widget) => widget.ready())), 'a new attribute is checked and drawn with one computation').toBe(1);
});

test('selecting a token runs nothing of the encoder block; a typed number after it computes once', async ({ page }) => {
  const encoder = new EncoderPage(page);
  await encoder.open();
  await encoder.recordChanges();
  expect(await callsDuring(page, 'encoderLayer', () => encoder.cell('norm2', 2, 3).click(),
    () => expect(encoder.status).toContainText("Token 2 selected. Token 2's output is (")), 'pressing a cell selects its token with no computation').toBe(0);
  await expect(encoder.cell('residual1', 2, 1), 'the token\'s row is pressed in every grid').toHaveAttribute('aria-pressed', 'true');
  await expect(encoder.cell('residual1', 1, 1), 'the token before it is let go').toHaveAttribute('aria-pressed', 'false');
  expect(await reported(encoder, 'selected'), 'the selection is reported once').toEqual([2]);
  expect(await encoder.root.evaluate((widget) => widget.getState().selected), 'getState holds the token').toBe(2);
  expect(await callsDuring(page, 'encoderLayer', () => encoder.root.evaluate((widget) => widget.setAttribute('selected', '3')),
    () => expect(encoder.cell('residual1', 3, 1)).toHaveAttribute('aria-pressed', 'true')), 'a token selected from code computes nothing either').toBe(0);
  const output = () => encoder.cells('residual1').first().textContent();
  const before = await output();
  expect(await callsDuring(page, 'encoderLayer', () => encoder.inputs.first().fill('2'), () => expect.poll(output).not.toBe(before)),
    'a typed number after the selections computes once').toBe(1);
});

test('selecting a query runs no attention; a typed number after it computes once', async ({ page }) => {
  const attention = new AttentionPage(page);
  await attention.open();
  await attention.recordChanges();
  expect(await callsDuring(page, 'attention', () => attention.cell('weights', 3, 2).click(),
    () => expect(attention.status).toContainText('Query 3 selected. Query 3 attends most to key 3, with weight 0.5035; its output is (')), 'pressing a cell selects its query with no computation').toBe(0);
  await expect(attention.written, 'the query is written out').toContainText('q₃');
  await expect(attention.cell('output', 3, 1), 'the query\'s row is pressed').toHaveAttribute('aria-pressed', 'true');
  expect(await reported(attention, 'selected'), 'the selection is reported once').toEqual([3]);
  const output = () => attention.cells('output').first().textContent();
  const before = await output();
  expect(await callsDuring(page, 'attention', () => attention.fields('value').first().fill('3'), () => expect.poll(output).not.toBe(before)),
    'a typed number after the selection computes once').toBe(1);
});

test('selecting a cell runs no linear layer; a typed number after it computes once', async ({ page }) => {
  const linear = new LinearPage(page);
  await linear.open();
  await linear.recordChanges();
  expect(await callsDuring(page, 'linearBackward', () => linear.cell('grad_weight', 1, 2).click(),
    () => expect(linear.root).toHaveAttribute('selected', 'grad_weight 1,2')), 'pressing a cell selects it with no computation').toBe(0);
  await expect(linear.cell('grad_weight', 1, 2), 'the cell is pressed').toHaveAttribute('aria-pressed', 'true');
  await expect(linear.cell('output', 1, 1), 'the cell before it is let go').toHaveAttribute('aria-pressed', 'false');
  expect(await reported(linear, 'selected'), 'the selection is reported once').toEqual(['grad_weight 1,2']);
  const output = () => linear.cell('output', 1, 1).textContent();
  const before = await output();
  expect(await callsDuring(page, 'linearBackward', () => linear.fields('input').first().fill('3'), () => expect.poll(output).not.toBe(before)),
    'a typed number after the selection computes once').toBe(1);
});

test('selecting a step runs neither the RNN nor the LSTM; a typed weight after it computes once', async ({ page }) => {
  const rnn = new RnnPage(page);
  await rnn.open();
  await rnn.recordChanges();
  expect(await callsDuring(page, 'rnnBackward', () => rnn.step(3).click(),
    () => expect(rnn.status).toContainText('Step 3 worked out')), 'a step\'s button works it out with no computation').toBe(0);
  await expect(rnn.workedOut, 'the step is written out').toContainText('h₃');
  expect(await callsDuring(page, 'rnnBackward', () => rnn.step(3).click(),
    () => expect(rnn.status).toContainText('No step worked out')), 'letting the step go computes nothing').toBe(0);
  expect(await reported(rnn, 'selected'), 'each selection is reported').toEqual([3, 0]);
  const weight = rnn.field('Recurrent weight w_hh');
  expect(await callsDuring(page, 'rnnBackward', async () => {
    await weight.fill('1.5');
    await weight.press('Enter');
  }, () => expect(rnn.status).toContainText('1.5')), 'a typed weight, committed, computes once').toBe(1);

  const lstm = new LstmPage(page);
  await lstm.open();
  await lstm.recordChanges();
  expect(await callsDuring(page, 'lstmBackward', () => lstm.step(2).click(),
    () => expect(lstm.status).toContainText('Step 2 worked out')), 'a step\'s button works it out with no computation').toBe(0);
  await expect(lstm.step(2), 'its button is pressed').toHaveAttribute('aria-pressed', 'true');
  expect(await reported(lstm, 'selected'), 'the selection is reported').toEqual([2]);
  const bias = lstm.field('Forget gate f, b');
  expect(await callsDuring(page, 'lstmBackward', async () => {
    await bias.fill('4.5');
    await bias.press('Enter');
  }, () => expect(lstm.status).toContainText('4.5')), 'a typed bias, committed, computes once').toBe(1);
});

test('choosing a position runs no encoding; a new L computes once', async ({ page }) => {
  const positions = new PositionsPage(page);
  await positions.open();
  await positions.recordChanges();
  expect(await callsDuring(page, 'positionalEncoding', () => positions.cell(5, 2).click(),
    () => expect(positions.status).toContainText('Position 5 selected')), 'pressing a cell selects its position with no computation').toBe(0);
  expect(await callsDuring(page, 'positionalEncoding', () => positions.button('Compared position one later').click(),
    () => expect(positions.status).toContainText('Position 1 compared')), 'the compared position moves with no computation').toBe(0);
  expect(await reported(positions, 'compare'), 'each choice is reported').toEqual([0, 1]);
  expect(await callsDuring(page, 'positionalEncoding', () => positions.button('One position more').click(),
    () => expect(positions.status).toContainText('Positions L: 17')), 'one position more computes once').toBe(1);
});

test('PPO trains nothing for a tick of the epoch slider and once for a typed learning rate', async ({ page }) => {
  const ppo = new PpoPage(page);
  await ppo.open();
  await ppo.slider.focus();
  const epoch = await ppo.slider.inputValue();
  expect(await callsDuring(page, 'ppoTrain', () => ppo.slider.press('ArrowLeft'),
    () => expect(ppo.status).toContainText(`Epoch shown is ${Number(epoch) - 1}`)), 'a tick shows another epoch of the same training').toBe(0);
  const lr = ppo.field('Learning rate lr');
  expect(await callsDuring(page, 'ppoTrain', async () => {
    await lr.fill('0.25');
    await lr.press('Enter');
  }, () => expect(ppo.status).toContainText('0.25')), 'a typed learning rate, committed, trains once').toBe(1);
});

test('dropout computes once for a tick of p and for a new mask', async ({ page }) => {
  const dropout = new DropoutPage(page);
  await dropout.open();
  await dropout.slider.focus();
  const p = await dropout.slider.inputValue();
  expect(await callsDuring(page, 'dropoutBackward', () => dropout.slider.press('ArrowRight'),
    () => expect(dropout.slider).not.toHaveValue(p)), 'a tick of p (its input, then its change) computes once').toBe(1);
  expect(await callsDuring(page, 'dropoutBackward', () => dropout.button('New mask').click(),
    () => expect(dropout.status).toContainText('seed')), 'a new mask computes once').toBe(1);
});

test('softmax computes once for a typed temperature, its own check included', async ({ page }) => {
  const softmax = new SoftmaxPage(page);
  await softmax.open();
  const temperature = softmax.field('Temperature');
  expect(await callsDuring(page, 'softmaxBackward', async () => {
    await temperature.fill('2');
    await temperature.press('Enter');
  }, () => expect(softmax.slider).toHaveAttribute('aria-valuetext', 'T = 2')), 'a typed temperature, committed, computes once').toBe(1);
});
