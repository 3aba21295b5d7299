// An element is loading from its construction until its first render is on the screen: its
// family's core compiled and the numbers drawn, or the reason it has none. Meanwhile it matches
// the custom state :state(loading), so the page around it can hold its room (the lesson page
// does, web/site/styles/lesson.css), and it says so in a status line: without them, an element
// defined before its core has arrived shows an empty box on a slow connection, the text under
// it comes up into view, and drops again when the numbers come.
import { element, setText } from './element.js';

export class LoadingState {
  #states = null;
  #line = null;
  #over = false;

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

  /**
   * While loading, shows `text` last in `root` (the shadow root), as a status line (class
   * "loading"); a later call, in another language say, replaces it. Once done, nothing. Last,
   * so that nothing the element already shows moves when the line goes.
   */
  say(root, text) {
    if (this.#over) return;
    this.#line ??= element('p', { class: 'loading', role: 'status' });
    setText(this.#line, text);
    if (root.lastChild !== this.#line) root.append(this.#line);
  }

  /** The first render is on the screen; a later call changes nothing. */
  done() {
    this.#over = true;
    this.#states?.delete('loading');
    this.#line?.remove();
    this.#line = null;
  }
}
