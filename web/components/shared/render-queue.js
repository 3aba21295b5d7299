// When an element renders after its attributes change: the changes made in one task render
// once, and changes that land while a render awaits (the core loading) render again. ready()
// resolves when nothing is pending, for tests and embedders.
export class RenderQueue {
  #render;
  #pending = null;
  #dirty = false;

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
