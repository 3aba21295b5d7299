// What an element built on a SettingsWidget forwards to it, written once: the lifecycle
// callbacks and the public getState/setState/ready. The element creates its SettingsWidget in
// its constructor and stores it under WIDGET (a symbol, so it stays off the element's public
// surface); it keeps its own observedAttributes, drawing and listeners.

/** The key an element keeps its SettingsWidget under. */
export const WIDGET = Symbol('settingsWidget');

export class SettingsElement extends HTMLElement {
  connectedCallback() {
    this[WIDGET].connected();
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

  /** Applies part of a state through the attributes; null removes a setting. */
  setState(partial) {
    this[WIDGET].setState(partial);
  }
}
