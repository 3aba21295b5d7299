// The page object of <pool-playground> specs: open a playground lesson and find its parts by
// role and label. Specs import `test` from here to get a `playground` fixture.
import { formatNumber } from '../../web/components/pool-playground/format.js';
import { expect, test as base } from './fixtures.js';

export const KNOBS_URL = '/lessons/pictures/every-knob-of-pooling/';
export const MAX_URL = '/lessons/pictures/max-pooling/';

/** How the playground writes each number (the numbers themselves come from elsewhere). */
export const shown = (values) => values.map((value) => formatNumber(value));

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class Playground {
  constructor(page) {
    this.page = page;
    this.root = page.locator('pool-playground');
  }

  /** Opens a lesson (or any URL) and waits until the core's output is on screen. */
  async open(url = KNOBS_URL) {
    await this.page.goto(url);
    await expect(this.outputGrid, 'the playground shows an output').toBeVisible();
  }

  get outputGrid() {
    return this.root.getByRole('grid', { name: /^Output/ });
  }

  get outputCells() {
    return this.outputGrid.getByRole('gridcell');
  }

  outputButton(index) {
    return this.outputGrid.getByRole('button').nth(index);
  }

  get gradInputCells() {
    return this.root.getByRole('table', { name: /^grad_input/ }).getByRole('cell');
  }

  gradOutputField(row, column) {
    return this.root.getByRole('textbox', { name: `grad_output row ${row}, column ${column}` });
  }

  inputField(row, column) {
    return this.root.getByRole('textbox', { name: `Input row ${row}, column ${column}` });
  }

  /** e.g. sizeField('kernel_size', 'height') */
  sizeField(parameter, side) {
    const group = this.root.getByRole('group', { name: new RegExp(`^${parameter}\\b`) });
    return group.getByRole('spinbutton', { name: `${parameter} ${side}` });
  }

  example(title) {
    return this.root.getByRole('button', { name: new RegExp(`^${escapeRegExp(title)}`) });
  }

  get comparison() {
    return this.root.getByRole('group', { name: /, from / });
  }

  get alert() {
    return this.root.getByRole('alert');
  }

  get note() {
    return this.root.getByRole('status', { name: 'Settings note' });
  }

  /** The line explaining the selected window, as the screen shows it (the summary speaks it). */
  get detail() {
    return this.root.locator('p.detail');
  }

  /** The one polite region of the grids: what the last change or choice of window did. */
  get summary() {
    return this.root.getByRole('status', { name: 'Result summary' });
  }

  get pictureStatus() {
    return this.root.getByRole('status', { name: 'Picture status' });
  }

  /** Chooses a picture of the learner's own as they do: the button, then the browser's chooser. */
  async choosePicture(file) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.root.getByRole('button', { name: 'Choose a picture of your own' }).click();
    await (await chooser).setFiles(file);
  }
}

export const test = base.extend({
  playground: async ({ page }, use) => {
    await use(new Playground(page));
  },
});

export { expect };
