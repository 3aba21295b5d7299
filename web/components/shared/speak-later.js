// A widget's live region speaks once the learner pauses: a held arrow key moves a slider a
// step at each repeat, and typing a number changes the result at each key, and a screen reader
// reads each write to a live region. So a sentence is written only after a pause in the
// learner's changes, only the last one is, and only if its words differ from what the region
// already says.

/** The pause after the learner's last change before the live region speaks. */
export const SPEAK_AFTER_MS = 400;

/**
 * The pause in typing after which a number the widget refuses is said (on Enter, or on leaving
 * the field, at once): "1.35" on the way to a β of 0.99, or the "-" of "-2", is not an alert at
 * each key.
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
  #frame = 0;
  #region;

  /** @param {() => HTMLElement | null} region the live region (asked when the sentence is written: a tree built again has a new one) */
  constructor(region) {
    this.#region = region;
  }

  /**
   * Writes `words` into the live region after the pause, in place of any sentence still waiting;
   * `again` says them even if the region already holds them (the learner asked for them again).
   * A screen reader may let the same text written again pass in silence, so the region is
   * emptied first and given the words a frame later.
   */
  say(words, { again = false } = {}) {
    this.cancel();
    this.#timer = setTimeout(() => {
      const region = this.#region();
      if (!region) return;
      if (region.textContent !== words) {
        region.textContent = words;
      } else if (again) {
        region.textContent = '';
        this.#frame = requestAnimationFrame(() => {
          region.textContent = words;
        });
      }
    }, SPEAK_AFTER_MS);
  }

  /** Drops a sentence still waiting: what it said is no longer so (settings set from code, a new tree, the element gone). */
  cancel() {
    clearTimeout(this.#timer);
    cancelAnimationFrame(this.#frame);
  }
}
