// A widget's live region speaks once the learner pauses: a held arrow key moves a slider a
// step at each repeat, and typing a number changes the result at each key, and a screen reader
// reads each write to a live region. So a sentence is written only after a pause in the
// learner's changes, only the last one is, and only if its words differ from what the region
// already says.

/** The pause after the learner's last change before the live region speaks. */
export const SPEAK_AFTER_MS = 400;

// How long a region said again stays empty first: long enough for the browser to lay the empty
// region out and tell assistive technology, so the same words come back as new ones.
const EMPTY_FOR_MS = 100;

/**
 * The pause in typing after which a number the widget refuses is said (at once when the learner
 * commits it): "1.35" on the way to a β of 0.99 is not an alert at each key.
 */
export const REFUSE_AFTER_MS = 800;

/** A typed number's refusal, waiting for a pause in the typing (REFUSE_AFTER_MS). */
export class RefuseLater {
  #timer = 0;

  /** Whether a refusal waits. */
  get waiting() {
    return this.#timer !== 0;
  }

  /** Runs `refuse` after the pause, in place of any refusal still waiting. */
  later(refuse) {
    this.cancel();
    this.#timer = setTimeout(() => {
      this.#timer = 0;
      refuse();
    }, REFUSE_AFTER_MS);
  }

  /** Drops a refusal still waiting: the learner typed on, left the field, or the grid is new. */
  cancel() {
    clearTimeout(this.#timer);
    this.#timer = 0;
  }
}

export class SpeakLater {
  #timer = 0;
  #again = 0;
  #region;

  /** @param {() => HTMLElement | null} region the live region (asked when the sentence is written: a tree built again has a new one) */
  constructor(region) {
    this.#region = region;
  }

  /**
   * Writes `words` into the live region after the pause, in place of any sentence still waiting.
   * `words` may be a function, asked for them when the pause ends: a sentence that counts what
   * changed since the last one said counts from there only if it is said. `again` says them
   * even if the region already holds them (the learner asked for them again): a screen reader
   * may let the same text written again pass in silence, so the region is emptied first.
   * @param {string | (() => string)} words
   */
  say(words, { again = false } = {}) {
    this.cancel();
    this.#timer = setTimeout(() => {
      const region = this.#region();
      if (!region) return;
      const text = typeof words === 'function' ? words() : words;
      if (region.textContent !== text) {
        region.textContent = text;
      } else if (again) {
        region.textContent = '';
        this.#again = setTimeout(() => {
          region.textContent = text;
        }, EMPTY_FOR_MS);
      }
    }, SPEAK_AFTER_MS);
  }

  /** Drops a sentence still waiting: what it said is no longer so (settings set from code, a new tree, the element gone). */
  cancel() {
    clearTimeout(this.#timer);
    clearTimeout(this.#again);
  }
}
