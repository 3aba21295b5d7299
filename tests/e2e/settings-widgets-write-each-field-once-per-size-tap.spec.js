// A size tap writes each of a settings widget's fields once at most: the SettingsWidget puts the
// settings into the element's own controls before the drawing and into the fields after it, so
// the fields of a grid the drawing fits to the new sizes take their numbers in the same pass as
// the others, and no field is put in twice (on a phone's slow CPU each pass over the fields is
// paid for at every tap). A field is written only where its number changed (a field written with
// its own value is still styled again), and every field ends holding its setting. A field the
// learner is typing in keeps what they typed, even when the number reshapes a grid.
//
// The page counts, from the tap until it is drawn, each read and write of a field's value in a
// shadow tree (the `value` of every input and select): a pass over the fields reads each once.
import { AttentionPage } from './attention-page.js';
import { EncoderPage } from './encoder-page.js';
import { expect, test } from './fixtures.js';
import { LinearPage } from './linear-page.js';
import { PositionsPage } from './positions-page.js';
import { PpoPage } from './ppo-page.js';

test.beforeEach(({ page }) => page.addInitScript(() => {
  let counted = null;
  for (const prototype of [HTMLInputElement.prototype, HTMLSelectElement.prototype]) {
    const { get, set } = Object.getOwnPropertyDescriptor(prototype, 'value');
    const countOf = (field) => {
      if (!(field.getRootNode() instanceof ShadowRoot)) return null;
      if (!counted.has(field)) counted.set(field, { reads: 0, writes: 0, same: 0 });
      return counted.get(field);
    };
    Object.defineProperty(prototype, 'value', {
      configurable: true,
      enumerable: true,
      get() {
        const count = counted && countOf(this);
        if (count) count.reads += 1;
        return get.call(this);
      },
      set(value) {
        const count = counted && countOf(this);
        if (count) {
          count.writes += 1;
          if (get.call(this) === String(value)) count.same += 1;
        }
        set.call(this, value);
      },
    });
  }
  window.countFieldAccess = () => { counted = new Map(); };
  window.takeFieldAccess = () => {
    const name = (field) => field.getAttribute('aria-label') ?? `${field.dataset.key ?? field.dataset.size}[${field.dataset.index ?? ''}]`;
    const entries = [...counted];
    counted = null;
    const which = (test) => entries.filter(([, count]) => test(count)).map(([field]) => name(field));
    return {
      readTwice: which((count) => count.reads > 1),
      writtenTwice: which((count) => count.writes > 1),
      writtenWithItsOwnValue: which((count) => count.same > 0),
      written: which((count) => count.writes > 0).length,
    };
  };
}));

// What `tap` did to the widget's fields until `drawn` held.
async function fieldAccessDuring(page, tap, drawn) {
  await page.evaluate(() => window.countFieldAccess());
  await tap();
  await drawn();
  return page.evaluate(() => window.takeFieldAccess());
}

// A tap's field access holds to the rule, and every field of the widget shows its setting.
async function expectWrittenOnce(widget, access, what) {
  expect(access.writtenTwice, `${what}: no field is written twice`).toEqual([]);
  expect(access.readTwice, `${what}: the fields are put in in one pass`).toEqual([]);
  expect(access.writtenWithItsOwnValue, `${what}: no field is written with the number it holds`).toEqual([]);
  const wrong = await widget.root.evaluate((element) => {
    const state = element.getState();
    const fields = element.shadowRoot.querySelectorAll('input[data-key], select[data-key], input[data-size]');
    return [...fields].filter((field) => {
      const setting = state[field.dataset.key ?? field.dataset.size];
      const value = field.dataset.index === undefined ? setting : setting?.[Number(field.dataset.index)];
      if (value === undefined || value === null) return false;
      return typeof value === 'number' ? Number(field.value) !== value : field.value !== String(value);
    }).map((field) => `${field.getAttribute('aria-label')}: ${field.value}`);
  });
  expect(wrong, `${what}: every field holds its setting`).toEqual([]);
}

test('the encoder\'s size taps write each field once at most, the fields of new rows and columns included', async ({ page }) => {
  const encoder = new EncoderPage(page);
  await encoder.open();
  const taps = [
    ['One token more', 'tokens', '4', 16],
    ['d_model one larger', 'd-model', '5', 20],
    ['d_model one smaller', 'd-model', '4', 16],
    ['One token fewer', 'tokens', '3', 12],
  ];
  for (const [button, attribute, size, fields] of taps) {
    const access = await fieldAccessDuring(page, () => encoder.button(button).click(), () => expect(encoder.root).toHaveAttribute(attribute, size));
    await expect(encoder.inputs, `"${button}" fits the input`).toHaveCount(fields);
    await expectWrittenOnce(encoder, access, `"${button}"`);
  }
});

test('the attention, positions and PPO widgets\' size taps and a linear layer\'s new size write each field once at most', async ({ page }) => {
  const attention = new AttentionPage(page);
  await attention.open();
  for (const [button, attribute, size] of [['One query more', 'queries', '4'], ['dv one smaller', 'value-dim', '1']]) {
    const access = await fieldAccessDuring(page, () => attention.button(button).click(), () => expect(attention.root).toHaveAttribute(attribute, size));
    await expectWrittenOnce(attention, access, `attention's "${button}"`);
  }

  const positions = new PositionsPage(page);
  await positions.open();
  for (const [button, attribute, size] of [['One position more', 'positions', '17'], ['d_model 2 larger', 'd-model', '10']]) {
    const access = await fieldAccessDuring(page, () => positions.button(button).click(), () => expect(positions.root).toHaveAttribute(attribute, size));
    expect(access.written, `positions' "${button}" writes its size's field alone`).toBe(1);
    await expectWrittenOnce(positions, access, `positions' "${button}"`);
  }

  const ppo = new PpoPage(page);
  await ppo.open();
  const samples = await fieldAccessDuring(page, () => ppo.button('One sample more').click(), () => expect(ppo.root).toHaveAttribute('samples', '3'));
  await expect(ppo.fields('logits'), 'sample 3\'s logits have fields').toHaveCount(9);
  await expectWrittenOnce(ppo, samples, 'PPO\'s "One sample more"');

  const linear = new LinearPage(page);
  await linear.open();
  const batch = await fieldAccessDuring(page, () => linear.root.evaluate((widget) => {
    widget.setAttribute('batch', '3');
    return widget.ready();
  }), () => expect(linear.fields('input')).toHaveCount(9));
  await expectWrittenOnce(linear, batch, 'a linear layer\'s batch of 3');
});

test('a number typed into the encoder\'s hidden units keeps what was typed while its grid grows', async ({ page }) => {
  const encoder = new EncoderPage(page);
  await encoder.open();
  const hidden = encoder.field('Hidden units dim_feedforward');
  await hidden.fill('1e1');
  await expect(encoder.root, 'the typed number is in use').toHaveAttribute('dim-feedforward', '10');
  await expect(encoder.cells('hidden'), 'the hidden layer grows to 10 units').toHaveCount(30);
  await expect(hidden, 'the field keeps what the learner typed').toHaveValue('1e1');
  await expect(hidden, 'and the focus').toBeFocused();
});
