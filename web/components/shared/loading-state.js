// An element is loading from its construction until its first render is on the screen: its
// family's core compiled and the numbers drawn, or the reason it has none. Meanwhile it matches
// the custom state :state(loading), so the page around it can hold its room (the lesson page
// does, web/site/styles/lesson.css): without that, an element defined before its core has
// arrived shows a line or two, the text under it comes up into view, and drops again when the
// numbers come.

export class LoadingState {
  #states = null;

  /** @param {HTMLElement} host the element, whose ElementInternals this takes */
  constructor(host) {
    try {
      this.#states = host.attachInternals().states ?? null;
      this.#states?.add('loading');
    } catch {
      // A browser before :state() (Chromium before 125 refuses a name without "--"; an older
      // Safari or Firefox has no states): the element draws as before, and the page holds its
      // room only until the element is defined.
      this.#states = null;
    }
  }

  /** The first render is on the screen; a later call changes nothing. */
  done() {
    this.#states?.delete('loading');
  }
}
