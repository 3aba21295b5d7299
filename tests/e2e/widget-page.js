// The page object of <pool-widget> specs: open a lesson and find the widget's parts by role and
// label. Specs import `test` from here to get a `widget` fixture.
import { expect, test as base } from './fixtures.js';

export const PATCHES_URL = '/lessons/pictures/patches-of-a-picture/';

export class Widget {
  constructor(page) {
    this.page = page;
    /** The <pool-widget> element itself: for its attributes, its methods and its box. */
    this.root = page.locator('pool-widget');
  }

  /** Opens a lesson (or any URL) and waits until the core's output is on screen. */
  async open(url = PATCHES_URL) {
    await this.page.goto(url);
    await expect(this.outputGrid, 'the widget shows an output').toBeVisible();
  }

  /** Every grid of numbers the widget shows (none while it shows an error instead). */
  get grids() {
    return this.root.getByRole('table').or(this.root.getByRole('grid'));
  }

  /** "Input picture, H by W", or "Input gradients, H by W" in the gradient view: a table of numbers. */
  get inputGrid() {
    return this.root.getByRole('table', { name: /^Input/ });
  }

  get inputCells() {
    return this.inputGrid.getByRole('cell');
  }

  /**
   * "Output, OH by OW", a table of numbers, or in the gradient view "Output gradients, OH by
   * OW", a grid of number fields.
   */
  get outputGrid() {
    return this.root.getByRole('table', { name: /^Output/ }).or(this.root.getByRole('grid', { name: /^Output/ }));
  }

  get outputRows() {
    return this.outputGrid.getByRole('row');
  }

  get outputCells() {
    return this.outputGrid.getByRole('cell').or(this.outputGrid.getByRole('gridcell'));
  }

  /** The buttons laid over the input picture, one per window, each named "Window n: value". */
  get windowButtons() {
    return this.root.getByRole('button', { name: /^Window \d+: / });
  }

  /** Window n, counted from 1 as its label does ("Window 4: 12.5"). */
  windowButton(n) {
    return this.root.getByRole('button', { name: new RegExp(`^Window ${n}: `) });
  }

  get viewToggle() {
    return this.root.getByRole('group', { name: 'What the grids show' });
  }

  /** The forward view's button (average pooling names it "Average"). */
  get averageButton() {
    return this.viewToggle.getByRole('button', { name: 'Average', exact: true });
  }

  get gradientButton() {
    return this.viewToggle.getByRole('button', { name: 'Gradient', exact: true });
  }

  /** The line that explains the selected window, as the screen shows it. */
  get formula() {
    return this.root.locator('p.formula');
  }

  /** The live region: the formula's words, written once the learner pauses. */
  get spoken() {
    return this.root.getByRole('status');
  }

  /** Why the widget cannot draw its settings; empty (and hidden) while they are good. */
  get alert() {
    return this.root.getByRole('alert');
  }

  /** The alert even while it is hidden, to check that it has emptied. */
  get alertEvenIfHidden() {
    return this.root.getByRole('alert', { includeHidden: true });
  }

  /** The gradient view's editable upstream gradients, one per output. */
  get gradientFields() {
    return this.outputGrid.getByRole('textbox');
  }

  /** The upstream gradient of output n, counted from 1 as its label does. */
  gradientField(n) {
    return this.root.getByRole('textbox', { name: `Upstream gradient of output ${n}`, exact: true });
  }

  /** The summary that opens and closes the code panel. */
  get codeSummary() {
    return this.root.getByText('The code that computed this');
  }

  /** The C++ source shown in the code panel, named after its function. */
  get codePanel() {
    return this.root.getByRole('region', { name: /^C\+\+ source of/ });
  }

  /** The code panel's buttons: the plain reference kernel (first) or the fast one that ran. */
  get referenceKernelButton() {
    return this.root.getByRole('button', { name: 'The reference kernel', exact: true });
  }

  get fastKernelButton() {
    return this.root.getByRole('button', { name: 'The fast kernel that ran', exact: true });
  }
}

export const test = base.extend({
  widget: async ({ page }, use) => {
    await use(new Widget(page));
  },
});

export { expect };
