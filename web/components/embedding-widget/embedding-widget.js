import { loadLayers } from 'pooling-course/layers';
import { element, keepChildren, setAttributeIfChanged, setText } from '../shared/element.js';
import { readableNumber } from '../shared/format-number.js';
import { numberCells } from '../shared/number-row.js';
import { SettingsElement, WIDGET } from '../shared/settings-element.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { embeddingNumbers, positionsOfWords } from './model.js';
import { CHANGE_EVENT, DIM, gradOutputFor, MAX_POSITIONS, SETTINGS, VOCABULARY } from './settings.js';
import { buildSkeleton } from './template.js';
import { cssText } from './styles.js';

/**
 * @tag embedding-widget
 * @summary An embedding: a table with one row of four numbers for each of six words, a
 * sentence of those words that picks rows (the forward pass: one output row per position), and
 * the backward pass, which adds each position's upstream gradient into its word's row (a word
 * used twice gets the sum; the padding word gets nothing). Every number on screen comes from
 * the WASM layers core (`embedding`, `embeddingBackward`).
 *
 * The words are fixed: 0 "<pad>", 1 "the", 2 "cat", 3 "sat", 4 "on", 5 "mat". With no
 * attributes the sentence is "the cat sat on the mat" and there is no padding word (PyTorch's
 * default); padding-idx="0" makes "<pad>" one.
 *
 * @attr {string} weight - The table: 24 numbers (6 words × 4), row by row.
 * @attr {string} indices - The sentence as word indices, 1 to 12 of them (default "1 2 3 4 1 5").
 * @attr {string} padding-idx - The padding word's index, or "none" (default none).
 * @attr {string} grad-output - "ones" (default) or 4 numbers per position: the upstream gradient.
 * @attr {string} lang - "en" or "zh-CN" (any tag of Chinese in simplified characters); default the
 *   nearest ancestor's lang.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the system.
 *
 * The widget writes what the learner changes back to these attributes; changing an attribute
 * re-renders. A bad value never throws to the page: the widget shows why in its place
 * (role=alert, quoting the attribute) and sends the same message to console.warn.
 *
 * @method getState - { weight, indices, paddingIdx, gradOutput, colorScheme },
 *   plus { error } while the attributes cannot be drawn (README.md, "getState").
 * @method setState - Takes any part of that object; null removes one (its default returns).
 * @method ready - Resolves after the pending render.
 * @method applyQuery - Sets the widget up from a link's query ("indices=2,2,2&padding_idx=none")
 *   over the attributes the page gave it (a lesson's exercise links use it); true if it applied.
 * @fires embedding-change - The learner changed the table, the sentence or the padding word.
 *   detail: { state: getState(), byUser: true }. Not fired for changes made from code.
 *
 * @csspart sentence - The sentence, the word buttons and the padding word.
 * @csspart table - The table of numbers (the weight).
 * @csspart output - The forward pass: one row per position.
 * @csspart backward - The upstream gradient and the gradient of the table.
 * @csspart status - The polite live line saying what changed.
 * @csspart error - The alert: why the widget cannot be shown, or why a typed value is not used.
 */
export class EmbeddingWidget extends SettingsElement {
  static settingsTable = SETTINGS;
  // The row whose word is lit (pointed at or focused), and the frame that lights it.
  #lightBy = null;
  #lightFrame = null;

  constructor() {
    super();
    this.attachWidget(cssText, {
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      listen: (els) => this.#listen(els),
      numbers: (settings, core) => embeddingNumbers(core, settings),
      draw: (settings, core, numbers) => this.#draw(settings, numbers),
      announce: (what, numbers, settings) => this.#widget.t('embedding-widget.status.sentence', {
        what, sentence: sentenceText(settings.indices), positions: settings.indices.length,
        rows: positionsOfWords(settings.indices).filter((list) => list.length > 0).length,
      }),
      sync: (settings) => this.#sync(settings),
    });
  }

  get #widget() {
    return this[WIDGET];
  }

  // Rendering ------------------------------------------------------------------------------

  // The controls that are not number fields: the sentence's chips, the word buttons, the
  // padding word. The chips are kept and relabelled, so the one a learner tapped keeps focus.
  #sync(settings) {
    const { t } = this.#widget;
    const els = this.#widget.els;
    const only = settings.indices.length === 1;
    const chips = keepChildren(els.chips, settings.indices.length, (i) => element('li', {}, [element('button', {
      type: 'button', class: 'chip', 'data-remove': i,
    }, [element('span', { class: 'index', 'aria-hidden': 'true' }), ' '])]));
    chips.forEach((li, i) => {
      const index = settings.indices[i];
      const button = li.firstElementChild;
      setAttributeIfChanged(button, 'data-word', index);
      setAttributeIfChanged(button, 'disabled', only);
      setAttributeIfChanged(button, 'aria-label', t('embedding-widget.sentence.remove', { position: i + 1, word: VOCABULARY[index] }));
      setText(button.firstElementChild, `${i + 1}`);
      setText(button.lastChild, ` ${VOCABULARY[index]}`);
    });
    const full = settings.indices.length >= MAX_POSITIONS;
    const focused = this.shadowRoot.activeElement;
    for (const button of els.addButtons) button.disabled = full;
    setText(els.capNote, full ? t('embedding-widget.sentence.full', { max: MAX_POSITIONS }) : '');
    // The word that fills the sentence disables the button that added it: the focus goes to the
    // note saying why, not on to a word's button, which the next Enter would remove.
    if (full && els.addButtons.includes(focused)) els.capNote.focus();
    els.padding.value = settings.paddingIdx === null ? 'none' : String(settings.paddingIdx);
  }

  // Every number on screen, from the core.
  #draw(settings, numbers) {
    const { t } = this.#widget;
    const els = this.#widget.els;
    const uses = positionsOfWords(settings.indices);
    const w = (key, params) => t(`embedding-widget.${key}`, params);

    els.tableRows.forEach(({ row, used }, word) => {
      row.classList.toggle('used', uses[word].length > 0);
      row.classList.toggle('padding', word === settings.paddingIdx);
      setText(used, uses[word].length > 0 ? uses[word].join(', ') : '–');
    });

    // One row per position, kept from the last sentence and written in place.
    const positionRows = (tbody, make, fill) => keepChildren(tbody, settings.indices.length, make).forEach((row, i) => {
      const index = settings.indices[i];
      setAttributeIfChanged(row, 'data-word', index);
      fill(row.children, index, i);
    });
    const fillNumbers = (cells, from, values, i) => {
      for (let d = 0; d < DIM; d++) setText(cells[from + d], readableNumber(values[i * DIM + d]));
    };
    positionRows(els.outputRows, () => element('tr', {}, [element('th', { scope: 'row' }), element('td'), ...numberCells(DIM)]), (cells, index, i) => {
      setText(cells[0], `${i + 1}`);
      setText(cells[1], w('output.row', { index, word: VOCABULARY[index] }));
      fillNumbers(cells, 2, numbers.output, i);
    });
    positionRows(els.upstreamRows, () => element('tr', {}, [element('th', { scope: 'row' }), ...numberCells(DIM)]), (cells, index, i) => {
      setText(cells[0], `${i + 1} ${VOCABULARY[index]}`);
      fillNumbers(cells, 1, numbers.gradOutput, i);
    });

    els.gradRows.forEach(({ row, cells, note }, word) => {
      cells.forEach((cell, d) => {
        setText(cell, readableNumber(numbers.gradWeight[word * DIM + d]));
      });
      const isPadding = word === settings.paddingIdx;
      row.classList.toggle('used', uses[word].length > 0 && !isPadding);
      row.classList.toggle('padding', isPadding);
      const positions = uses[word].join(', ');
      if (isPadding) setText(note, w(uses[word].length > 0 ? 'backward.paddingUsed' : 'backward.padding'));
      else if (uses[word].length === 0) setText(note, w('backward.unused'));
      else setText(note, w(uses[word].length === 1 ? 'backward.once' : 'backward.sum', { positions }));
    });
    this.#light(this.#lightBy);
    return numbers;
  }

  // The row that is pointed at or focused lights its word's rows. The row is kept rather than
  // its word: rows are relabelled in place, and the light follows the row's new word. The rows
  // are lit at the next frame, once for whatever came before it (a tap focuses a word and then
  // changes the sentence), so no restyle of them stands between a tap and its click.
  #light(row) {
    this.#lightBy = row;
    this.#lightFrame ??= requestAnimationFrame(() => {
      this.#lightFrame = null;
      this.#showLight();
    });
  }

  #showLight() {
    const word = this.#lightBy?.isConnected ? this.#lightBy.dataset.word : undefined;
    const { root } = this.#widget.els;
    for (const row of root.querySelectorAll('.lit')) if (row.dataset.word !== word) row.classList.remove('lit');
    if (word !== undefined) for (const row of root.querySelectorAll(`[data-word="${word}"]:not(.lit)`)) row.classList.add('lit');
  }

  // Interaction ----------------------------------------------------------------------------

  // The table's number fields are the SettingsWidget's; the word buttons, the chips and the
  // padding choice are ours.
  // (Called while the SettingsWidget is being built: the handlers read it when they run.)
  #listen(els) {
    els.root.addEventListener('click', (event) => {
      const button = event.target.closest?.('button');
      if (!button || !this.#widget.settings) return;
      const { t } = this.#widget;
      const { indices } = this.#widget.settings;
      if (button.dataset.add !== undefined) {
        if (indices.length >= MAX_POSITIONS) return;
        const word = Number(button.dataset.add);
        this.#setSentence([...indices, word], t('embedding-widget.status.added', { word: VOCABULARY[word] }));
      } else if (button.dataset.remove !== undefined) {
        if (indices.length <= 1) return;
        const at = Number(button.dataset.remove);
        this.#setSentence(indices.filter((_, i) => i !== at), t('embedding-widget.status.removed', { word: VOCABULARY[indices[at]], position: at + 1 }));
        // Focus stays in the sentence, on the word that took the removed one's place: the chips
        // are kept, so the tapped one already has it unless it was the last.
        const chips = els.chips.querySelectorAll('button');
        const next = chips[Math.min(at, chips.length - 1)];
        if (next && this.shadowRoot.activeElement !== next) next.focus();
      }
    });
    // Pointing at or focusing a word (a word of the sentence, an output row, a table row) lights
    // every row of that word: the table row an output row came from, and where its gradient went.
    // A finger points only while it presses, and a tap on a word focuses it (which lights it),
    // so a touch lights nothing of its own: its rows would be restyled and painted on, off and
    // on again before the tap's click reached the sentence.
    const byMouse = (event) => event.pointerType !== 'touch';
    els.root.addEventListener('pointerover', (event) => byMouse(event) && this.#light(event.target.closest?.('[data-word]') ?? null));
    els.root.addEventListener('pointerleave', (event) => byMouse(event) && this.#light(null));
    els.root.addEventListener('focusin', (event) => this.#light(event.target.closest?.('[data-word]') ?? null));
    els.root.addEventListener('focusout', () => this.#light(null));
    els.padding.addEventListener('change', () => {
      const { t } = this.#widget;
      const value = els.padding.value === 'none' ? null : Number(els.padding.value);
      this.#widget.apply('paddingIdx', value, t('shared.widget.choice', { what: t('embedding-widget.sentence.padding'), text: els.padding.selectedOptions[0]?.textContent ?? '' }));
    });
  }

  // A new sentence; an upstream gradient given as a list follows its length.
  #setSentence(indices, what) {
    this.#widget.change('gradOutput', undefined, gradOutputFor(this.#widget.settings.gradOutput, indices.length));
    this.#widget.change('indices', undefined, indices);
    // No number field changed: only the chips and the word buttons follow.
    this.#sync(this.#widget.settings);
    this.#widget.commit(what);
  }
}

/** One core per page, shared by every widget of the family. */
const sharedCore = sharedLoader(loadLayers);

const sentenceText = (indices) => indices.map((index) => VOCABULARY[index]).join(' ');
