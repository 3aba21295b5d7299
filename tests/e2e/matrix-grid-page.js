// What the page objects of the matrix widgets (<attention-widget>, <encoder-widget>) share: the
// computed grids, each in a panel named by data-grid, their cells buttons that say their place
// in data-row and data-column (web/components/shared/matrix-grid.js).
import { SettingsWidgetPage } from './settings-widget-page.js';

export class MatrixGridPage extends SettingsWidgetPage {
  /** A computed grid's panel by its name (data-grid). */
  panel(grid) {
    return this.root.locator(`.panel[data-grid="${grid}"]`);
  }

  /** Every computed cell (a button) of a grid, row-major. */
  cells(grid) {
    return this.panel(grid).locator('button.computed');
  }

  /** A computed cell, row and column from 1. */
  cell(grid, row, column) {
    return this.panel(grid).locator(`button.computed[data-row="${row - 1}"][data-column="${column - 1}"]`);
  }
}
