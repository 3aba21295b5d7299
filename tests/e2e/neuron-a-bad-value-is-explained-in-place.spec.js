import { expect, NeuronPage, test } from './neuron-page.js';

// One bad value per attribute, and the message the widget shows in its place.
const BAD_ATTRIBUTES = [
  ['activation', 'softmax', 'Attribute activation="softmax": use "relu" or "sigmoid" or "tanh" or "gelu" or "swish" or "elu".'],
  ['inputs', '1', 'Attribute inputs="1": give 2 or 3 inputs, not 1.'],
  ['weights', '1 2 3', 'Attribute weights="1 2 3": give one weight per input: 2, not 3.'],
  ['bias', '1,5', 'Attribute bias="1,5": "1,5" has a decimal comma: write 1.5, with a point.'],
  ['inputs', '1 1e39', 'Attribute inputs="1 1e39": 1e39 is beyond the largest number the core computes with (float32, about 3.4e38).'],
  ['range', '5 -5', 'Attribute range="5 -5": the min (5) must be less than the max (-5).'],
  ['range', '0 500', 'Attribute range="0 500": the axis may span at most 100, not 500.'],
  ['grad-output', 'lots', 'Attribute grad-output="lots": "lots" is not a number.'],
  ['approximate', 'fast', 'Attribute approximate="fast": use "none" or "tanh".'],
];

test('a bad attribute is explained in place, quoting it, and the widget beside it keeps working', async ({ neuron, page }) => {
  const warnings = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await neuron.open(`<section aria-label="Broken">${NeuronPage.tag({ range: '3 1' })}</section>
    <section aria-label="Working">${NeuronPage.tag({ activation: 'tanh' })}</section>`, { wait: false });
  const broken = page.getByRole('region', { name: 'Broken' });
  const working = page.getByRole('region', { name: 'Working' });
  await expect(broken.getByRole('alert').filter({ hasText: /./ })).toHaveText('Attribute range="3 1": the min (3) must be less than the max (1).');
  await expect(broken.getByRole('slider'), 'and nothing else is drawn').toHaveCount(0);
  await expect(working.getByRole('slider'), 'the other widget works').toBeVisible();
  await expect.poll(() => warnings.join('\n'), { message: 'the message also goes to console.warn' }).toContain('range="3 1"');

  const widget = broken.locator('neuron-widget');
  for (const [attribute, value, message] of BAD_ATTRIBUTES) {
    await widget.evaluate((element, [name, text]) => {
      element.removeAttribute('range');
      element.setAttribute(name, text);
    }, [attribute, value]);
    await expect(broken.getByRole('alert').filter({ hasText: /./ }), `${attribute}="${value}"`).toHaveText(message);
    await widget.evaluate((element, name) => element.removeAttribute(name), attribute);
    await expect(broken.getByRole('slider'), `without ${attribute} the widget draws again`).toBeVisible();
  }
});

test('a typed "1,5" is refused with a message and never read as 15; the number in use stays', async ({ neuron }) => {
  await neuron.open();
  const bias = neuron.field('Bias b');
  await bias.fill('1,5');
  await expect(bias).toHaveAttribute('aria-invalid', 'true');
  await expect(neuron.alert).toHaveText('Bias b: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 0.');
  await expect(neuron.point, 'the sum did not move').toHaveAttribute('aria-valuenow', '0');
  await bias.fill('1.5');
  await expect(neuron.alert).toHaveCount(0);
  await expect(neuron.point).toHaveAttribute('aria-valuenow', '1.5');
  await bias.fill('2,5');
  await expect(neuron.alert).toContainText('write 2.5, with a point. The widget keeps 1.5.');
  await expect(bias, 'the field is described by the alert that says why').toHaveAccessibleDescription(/write 2\.5, with a point/);
  await bias.blur();
  await expect(bias, 'leaving the field puts back the number in use').toHaveValue('1.5');
  await expect(bias).not.toHaveAttribute('aria-invalid');
  await expect(bias, 'and the alert no longer describes it').toHaveAccessibleDescription('');
  await expect(neuron.alert, 'the alert still says why, and what the widget keeps').toContainText('The widget keeps 1.5.');
  await neuron.field('Input 1').fill('2');
  await expect(neuron.alert, 'until other settings are drawn').toHaveCount(0);
  await neuron.field('Input 1').fill('1e39');
  await expect(neuron.alert).toHaveText('Input 1: 1e39 is beyond the largest number the core computes with (float32, about 3.4e38). The widget keeps 2.');
});

test('a refused value committed with Tab is still said after the focus has moved on', async ({ neuron, page }) => {
  await neuron.open();
  const bias = neuron.field('Bias b');
  // Typed and left at once, before the pause after which typing is refused: the commit refuses
  // it, and the alert must still hold the sentence once the next control has the focus, for a
  // screen reader reads an alert only while it has something to say.
  await bias.selectText();
  await page.keyboard.type('abc');
  await page.keyboard.press('Tab');
  await expect(bias, 'the number in use is back').toHaveValue('0');
  await expect(neuron.alert).toHaveText('Bias b: "abc" is not a number. The widget keeps 0.');
  await expect(bias, 'and it is not held to be wrong').not.toHaveAttribute('aria-invalid');
});

test('an x edge typed past the other moves it along, keeping the span, where it would be refused', async ({ neuron }) => {
  await neuron.open();
  await neuron.field('Plot x to').fill('-10');
  await expect(neuron.alert).toHaveCount(0);
  await expect(neuron.field('Plot x from'), 'the span of 10 kept').toHaveValue('-20');
  await neuron.field('Plot x from').fill('200');
  await expect(neuron.field('Plot x to')).toHaveValue('210');
  await neuron.field('Plot x to').fill('250');
  await expect(neuron.alert).toHaveCount(0);
  await expect(neuron.field('Plot x from'), 'an edge within 100 of the other keeps it').toHaveValue('200');
  await neuron.field('Plot x to').fill('1e39');
  await expect(neuron.alert).toHaveText('Plot x to: 1e39 is beyond the largest number the core computes with (float32, about 3.4e38). The widget keeps 250.');
});
