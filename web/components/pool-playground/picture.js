// The "Pool a picture" panel: shows a picture beside what the core makes of it with the
// playground's settings. The pooling runs in pool-worker.js; this side only decodes the file
// (createImageBitmap, so a learner's picture never leaves the device), draws, and reports.
import { SpeakLater } from '../shared/speak-later.js';
import { translator } from '../../i18n/i18n.js';
import { localiseError } from '../../i18n/localise-error.js';

/** Progress shows only for work that takes longer than this, so quick pools do not flicker. */
const PROGRESS_DELAY_MS = 100;
/** Larger pictures are scaled down to fit this side first; the WASM heap has its limits. */
const MAX_PICTURE_SIDE = 4096;
// The messages that name the channel being pooled (pool-playground.picture.*).
const CHANNEL_KEYS = ['channelRed', 'channelGreen', 'channelBlue'];

export class PicturePanel {
  #els;
  #worker = null;
  #nextId = 1;
  #loadedId = 0;
  /** The newest picture asked for: a slower decode of an older choice is dropped. */
  #chosenId = 0;
  #pictureName = '';
  #pictureSize = null;
  #request = null;
  /** The latest progress of the current request, shown once PROGRESS_DELAY_MS has passed. */
  #progressState = { done: 0, total: 3 };
  #progressShown = false;
  #progressTimer = 0;
  #onWorkerMessage = (event) => this.#handle(event.data);
  // Each channel pooled is said only once the work has gone on a while without news: a picture
  // pooled in a blink is heard as its start and its end, not as every step between.
  #progressWords = new SpeakLater(() => this.#els.status);

  /**
   * @param {object} els
   * @param {HTMLCanvasElement} els.original
   * @param {HTMLCanvasElement} els.pooled
   * @param {HTMLElement} els.originalCaption
   * @param {HTMLElement} els.pooledCaption
   * @param {HTMLElement} els.status   a role=status element
   * @param {HTMLProgressElement} els.progress
   * @param {HTMLElement} els.figures  hidden until a picture is loaded
   */
  constructor(els) {
    this.#els = els;
  }

  /** The translator of the playground's language (web/i18n); the panel's sentences use it. */
  t = translator('en');

  get hasPicture() {
    return this.#loadedId !== 0;
  }

  /**
   * Shows a picture (a File, a fetched Blob, or a canvas) and pools it with `currentRequest()`,
   * which is asked once decoding is done: the settings may change while it decodes.
   */
  async show(source, name, currentRequest) {
    // Taken before the first await, so a choice made while this one decodes supersedes it.
    const id = this.#nextId++;
    this.#chosenId = id;
    this.#say(this.t('pool-playground.picture.reading', { name }));
    let bitmap;
    let scaledFrom = null;
    try {
      bitmap = await createImageBitmap(source);
      if (bitmap.width > MAX_PICTURE_SIDE || bitmap.height > MAX_PICTURE_SIDE) {
        scaledFrom = [bitmap.width, bitmap.height];
        const scale = MAX_PICTURE_SIDE / Math.max(bitmap.width, bitmap.height);
        const resized = await createImageBitmap(bitmap, {
          resizeWidth: Math.max(1, Math.round(bitmap.width * scale)),
          resizeHeight: Math.max(1, Math.round(bitmap.height * scale)),
          resizeQuality: 'high',
        });
        bitmap.close();
        bitmap = resized;
      }
    } catch {
      if (id === this.#chosenId) this.#say(localiseError(`${name} could not be read as a picture. Try a PNG, JPEG, GIF or WebP file.`, this.t.lang));
      return;
    }
    if (id !== this.#chosenId) {
      bitmap.close();
      return;
    }
    const { original, originalCaption, figures } = this.#els;
    original.width = bitmap.width;
    original.height = bitmap.height;
    original.getContext('2d').drawImage(bitmap, 0, 0);
    original.setAttribute('aria-label', this.t('pool-playground.picture.pixels', { name, width: bitmap.width, height: bitmap.height }));
    originalCaption.textContent = scaledFrom
      ? this.t('pool-playground.picture.originalScaled', {
        width: bitmap.width, height: bitmap.height, fromWidth: scaledFrom[0], fromHeight: scaledFrom[1], max: MAX_PICTURE_SIDE,
      })
      : this.t('pool-playground.picture.original', { width: bitmap.width, height: bitmap.height });
    figures.hidden = false;
    this.#pictureName = name;
    this.#pictureSize = [bitmap.height, bitmap.width];

    this.#loadedId = id;
    this.#clearPooled();
    this.#ensureWorker().postMessage({ type: 'load', id, bitmap }, [bitmap]);
    this.pool(currentRequest());
  }

  /**
   * After dispose(): gives the picture still drawn to a new worker and pools it again, so the
   * panel is live once more. Does nothing if no picture was shown.
   */
  async resume(currentRequest) {
    if (this.#els.figures.hidden || this.hasPicture) return;
    return this.show(this.#els.original, this.#pictureName, currentRequest);
  }

  /**
   * Pools the loaded picture with { op, options }, or says why it cannot: `invalid` is the
   * playground's current error message, if its settings are not a valid combination.
   */
  pool({ op, options, invalid }) {
    if (!this.hasPicture) return;
    if (invalid) {
      this.#request = null;
      this.#stopProgress();
      this.#clearPooled();
      this.#say(this.t('pool-playground.picture.invalid', { reason: invalid }));
      return;
    }
    const id = this.#nextId++;
    this.#request = { id };
    this.#stopProgress();
    this.#progressTimer = setTimeout(() => {
      this.#progressShown = true;
      this.#showProgress();
    }, PROGRESS_DELAY_MS);
    this.#ensureWorker().postMessage({ type: 'pool', id, op, options });
  }

  /** Stops the worker and drops any decode under way; resume() or a later picture starts anew. */
  dispose() {
    this.#stopProgress();
    this.#worker?.terminate();
    this.#worker = null;
    this.#loadedId = 0;
    this.#chosenId = 0;
    this.#request = null;
  }

  #ensureWorker() {
    if (!this.#worker) {
      this.#worker = new Worker(new URL('./pool-worker.js', import.meta.url), { type: 'module' });
      this.#worker.addEventListener('message', this.#onWorkerMessage);
      this.#worker.addEventListener('error', (event) => {
        event.preventDefault();
        this.#stopProgress();
        this.#say(this.t('pool-playground.picture.workerStopped', { reason: event.message || this.t('pool-playground.picture.noReason') }));
        this.#worker = null;
        this.#loadedId = 0;
      });
    }
    return this.#worker;
  }

  #handle(message) {
    if (message.type === 'loaded') return;
    const current = this.#request;
    if (message.type === 'error' && message.id === this.#loadedId) {
      this.#stopProgress();
      this.#say(localiseError(message.message, this.t.lang));
      return;
    }
    if (!current || message.id !== current.id) return; // an older request's news
    if (message.type === 'progress') {
      this.#progressState = { done: message.done, total: message.total };
      if (this.#progressShown) this.#showProgress();
    } else if (message.type === 'pooled') {
      this.#request = null;
      this.#stopProgress();
      this.#draw(message);
    } else if (message.type === 'error') {
      this.#request = null;
      this.#stopProgress();
      this.#clearPooled();
      this.#say(this.t('pool-playground.picture.failed', { reason: localiseError(message.message, this.t.lang) }));
    }
  }

  #showProgress() {
    const { progress } = this.#els;
    const { done, total } = this.#progressState;
    progress.hidden = false;
    progress.max = total;
    progress.value = done;
    this.#progressWords.say(this.t(`pool-playground.picture.${CHANNEL_KEYS[done] ?? 'channelLast'}`, { name: this.#pictureName, number: done + 1, total }));
  }

  #stopProgress() {
    this.#progressWords.cancel();
    clearTimeout(this.#progressTimer);
    this.#progressTimer = 0;
    this.#progressShown = false;
    this.#progressState = { done: 0, total: 3 };
    this.#els.progress.hidden = true;
  }

  #draw({ width, height, pixels, ms }) {
    const { pooled, pooledCaption } = this.#els;
    pooled.width = width;
    pooled.height = height;
    pooled.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(pixels.buffer), width, height), 0, 0);
    // Blow small results up as blocks, so each output pixel is visible as what it is.
    pooled.classList.toggle('pixelated', width <= 512 && height <= 512);
    pooled.hidden = false;
    pooled.setAttribute('aria-label', this.t('pool-playground.picture.pooledLabel', { name: this.#pictureName, width, height }));
    pooledCaption.textContent = this.t('pool-playground.picture.pooledCaption', { width, height });
    const [inHeight, inWidth] = this.#pictureSize;
    this.#say(this.t('pool-playground.picture.pooledDone', {
      name: this.#pictureName, inWidth, inHeight, width, height, ms: Math.max(1, Math.round(ms)),
    }));
  }

  #clearPooled() {
    const { pooled, pooledCaption } = this.#els;
    pooled.hidden = true;
    pooledCaption.textContent = this.t('pool-playground.picture.waiting');
  }

  // What a picture's work came to, or its start: said at once, in place of a step still waiting.
  #say(text) {
    this.#progressWords.cancel();
    this.#els.status.textContent = text;
  }
}
