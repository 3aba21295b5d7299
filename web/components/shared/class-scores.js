// What the widgets over a few classes share (added with the softmax widget, for the
// cross-entropy widget too): one number field per class for a list setting (scores, logits),
// the choices of a class select, adding a score of 0 or removing the last one with the chosen
// class kept in range, and a bar list whose buttons choose a class. Built on SettingsWidget's
// change/syncFields/commit, so typing, refusals and events stay its own.
import { element, numberField } from './element.js';

/**
 * Puts one field per entry of the list `key` into `container`, and one option per class into
 * `select`, when the list's length changed. Called from the element's `sync`, after which
 * SettingsWidget puts the settings into the new fields with the others.
 * @param {object} widget the element's SettingsWidget
 * @param {{ container: HTMLElement, select: HTMLSelectElement, key: string, fieldKey: string,
 *   labelKey: string, optionKey: string }} parts message keys take { index }
 */
export function syncClassFields(widget, { container, select, key, fieldKey, labelKey, optionKey }) {
  const { t, els, settings } = widget;
  const count = settings[key].length;
  if (els.classInputs?.length === count) return;
  // Fields and options are added or taken off at the end; the others stay as they are.
  els.classInputs ??= [];
  if (container.children.length !== els.classInputs.length) container.replaceChildren();
  if (select.options.length !== els.classInputs.length) select.replaceChildren();
  while (els.classInputs.length > count) {
    els.classInputs.pop();
    container.lastElementChild.remove();
    select.lastElementChild.remove();
  }
  while (els.classInputs.length < count) {
    const index = els.classInputs.length;
    const input = numberField(t(fieldKey, { index }), { key, index });
    els.classInputs.push(input);
    container.append(element('label', { class: 'control' }, [element('span', {}, t(labelKey, { index })), input]));
    select.append(element('option', { value: String(index) }, t(optionKey, { index })));
  }
}

/**
 * The add and remove buttons of a list of classes, and beside them how many it takes, which
 * each button names as its description: a button that cannot add or remove any more is
 * disabled, and the line says why.
 * @param {(key: string, params?: object) => string} w the widget's words
 * @param {string} list the list's message group ('scores', 'logits'): its add, remove and limits
 * @param {{ min: number, max: number }} limits
 */
export function resizeButtons(w, list, { min, max }) {
  const id = `${list}-limits`;
  const add = element('button', { type: 'button', class: 'small', 'aria-describedby': id }, w(`${list}.add`));
  const remove = element('button', { type: 'button', class: 'small', 'aria-describedby': id }, w(`${list}.remove`));
  const limits = element('span', { class: 'limits', id }, w(`${list}.limits`, { min, max }));
  return { add, remove, buttons: element('div', { class: 'buttons' }, [add, remove, limits]) };
}

/**
 * Adds a 0 to the list `key` (step +1) or removes its last entry (step -1), within [min, max],
 * moving the class `classKey` to the last one if it would fall off; the new length, or null if
 * nothing changed. The caller commits (announces and reports) the change.
 */
export function resizeClasses(widget, { key, classKey, step, min, max }) {
  const { settings } = widget;
  if (!settings) return null;
  const count = settings[key].length + step;
  if (count < min || count > max) return null;
  if (settings[classKey] >= count) widget.change(classKey, undefined, count - 1);
  widget.change(key, undefined, step > 0 ? [...settings[key], 0] : settings[key].slice(0, count));
  widget.syncFields({ all: true });
  return count;
}

/**
 * Listens for a press on a bar of `list` (drawn by bars.js with buttons): the class `classKey`
 * becomes that bar's, and `what(index)` is announced and reported.
 * @param {() => object} widgetOf the element's SettingsWidget (asked when a bar is pressed: the
 *   listeners are set while SettingsWidget builds its first tree, before the element holds it)
 */
export function chooseClassByBar(widgetOf, list, classKey, what) {
  list.addEventListener('click', (event) => {
    const bar = event.target.closest?.('button.bar');
    if (!bar) return;
    const index = Number(bar.dataset.index);
    widgetOf().apply(classKey, index, what(index));
  });
}

/**
 * A range input that sets the setting `key` to `read(its value)`: redrawn as it moves, and
 * announced and reported once, when it is let go (its change event: a key press, the end of a
 * drag or a tap).
 * @param {() => object} widgetOf the element's SettingsWidget (as for chooseClassByBar)
 * @param {HTMLInputElement} slider
 * @param {{ key: string, read: (value: number) => number, what: (value: number) => string }} options
 */
export function listenToSlider(widgetOf, slider, { key, read, what }) {
  // Whether the slide under way has drawn a change of the setting.
  let slid = false;
  const slide = (commit) => {
    const widget = widgetOf();
    // No settings on screen (settings the core refuses, explained in place): nothing to draw,
    // and the slide under way ends with it, so the next one starts unchanged.
    if (!widget.settings) {
      slid = false;
      return;
    }
    const value = read(Number(slider.value));
    // A value the core refuses as the slider moves is taken back by the drawing, never thrown to
    // the page, and does not count as a change the release reports.
    if (!commit) {
      slid = widget.move(key, undefined, value) || slid;
      return;
    }
    const changed = widget.change(key, undefined, value);
    widget.syncFields();
    widget.commit(what(value), { changed: changed || slid });
    slid = false;
  };
  slider.addEventListener('input', () => slide(false));
  slider.addEventListener('change', () => slide(true));
}
