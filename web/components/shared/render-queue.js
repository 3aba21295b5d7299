// When an element renders after its attributes change: the changes made in one task render
// once, and changes that land while a render awaits (the core loading) render again. ready()
// resolves when nothing is pending, for tests and embedders. What the learner did is written
// back to the attributes quietly(), without a render: the screen already shows it.
export class RenderQueue {
  #render;
  #pending = null;
  #dirty = false;
  #quiet = false;

  /** @param {() => Promise<void> | void} render */
  constructor(render) {
    this.#render = render;
  }

  /** Asks for a render; the returned promise resolves when every asked-for render is done. */
  schedule() {
    this.#dirty = true;
    this.#pending ??= this.#renderWhileDirty();
    return this.#pending;
  }

  ready() {
    return this.#pending ?? Promise.resolve();
  }

  /** Runs `change` (attribute writes) so that the element knows not to render for it. */
  quietly(change) {
    this.#quiet = true;
    try {
      change();
    } finally {
      this.#quiet = false;
    }
  }

  /** Whether an attribute is being written inside quietly(). */
  get quiet() {
    return this.#quiet;
  }

  async #renderWhileDirty() {
    try {
      await null;
      while (this.#dirty) {
        this.#dirty = false;
        await this.#render();
      }
    } finally {
      this.#pending = null;
    }
  }
}
