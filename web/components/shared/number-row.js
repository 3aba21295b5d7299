// A row of number fields over part of a list setting (a word's row of an embedding table, the
// inputs of dropout), and the cells that show a row of the core's numbers. Shared by the
// layer widgets, whose settings hold such lists; SettingsWidget reads the fields as it reads
// any numberField (key and index).
import { element, numberField } from './element.js';

/**
 * One <td> per entry, each holding a numberField of `key` at index start + i.
 * @param {(i: number) => string} labelOf the accessible name of entry i (counted from 0)
 * @param {string} key the setting
 * @param {number} start the index of the first entry in the setting's list
 * @param {number} count
 */
export function numberFieldCells(labelOf, key, start, count) {
  return Array.from({ length: count }, (_, i) => element('td', {}, [numberField(labelOf(i), { key, index: start + i })]));
}

/** `count` empty <td class="number"> cells, for numbers the element fills in. */
export function numberCells(count) {
  return Array.from({ length: count }, () => element('td', { class: 'number' }));
}
