// What an element built on a SettingsWidget forwards to it, written once: the lifecycle
// callbacks (while connected, the widget follows the language of the page), the public
// getState/setState/ready, and applyQuery (an exercise's "set the widget up" link, read over
// the settings the page gave), and the observed attributes (its table's, and lang). The
// element names its table in `static settingsTable` and, in its constructor, calls
// attachWidget with its styles and its drawing and listeners; the SettingsWidget is kept under
// WIDGET (a symbol, so it stays off the element's public surface).
import { applyQueryOver } from './apply-query.js';
import { SettingsWidget } from './settings-widget.js';
import { attributesNow } from './element.js';
import { readAttributes } from './settings-table.js';
import { adoptStyles } from './style-sheet.js';

/** The key an element keeps its SettingsWidget under. */
export const WIDGET = Symbol('settingsWidget');

export class SettingsElement extends HTMLElement {
  // The attributes the page gave, as they were when the element was first connected.
  #given = null;

  static get observedAttributes() {
    return [...this.settingsTable.map((row) => row.attribute), 'lang'];
  }

  /**
   * Gives the element its shadow root with these styles, and its SettingsWidget over the
   * class's settings table, reading the attributes by that table.
   * @param {string} cssText the element's styles
   * @param {object} options SettingsWidget's other options (loadCore, changeEvent, build, listen, numbers, viewOnly, view, draw, announce, sync)
   * @returns {SettingsWidget}
   */
  attachWidget(cssText, options) {
    adoptStyles(this.attachShadow({ mode: 'open' }), cssText);
    const table = this.constructor.settingsTable;
    this[WIDGET] = new SettingsWidget(this, { table, fromAttributes: (get, options) => readAttributes(table, get, options), ...options });
    return this[WIDGET];
  }

  connectedCallback() {
    this.#given ??= attributesNow(this);
    this[WIDGET].connected();
  }

  disconnectedCallback() {
    this[WIDGET].disconnected();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    this[WIDGET].attributeChanged(oldValue, newValue);
  }

  /** Resolves once the render that is pending (if any) has finished. */
  ready() {
    return this[WIDGET].ready();
  }

  /** The settings under the table's keys, plus { error } while they cannot be drawn. */
  getState() {
    return this[WIDGET].getState();
  }

  /** Applies part of a state through the attributes; null removes a setting (not one whose null is a value of its own, such as no bias). */
  setState(partial) {
    this[WIDGET].setState(partial);
  }

  /**
   * Sets the widget up as a link would (the link names of its settings table, "p=0.2&seed=3"),
   * over the settings the page gave it, not over the learner's changes. True if it applied;
   * false, with a warning, if the query cannot be read.
   * @param {string} query
   */
  applyQuery(query) {
    return applyQueryOver(this, this.constructor.settingsTable, query, this.#given);
  }
}

