// The widget's shadow tree, built once with DOM calls rather than innerHTML (so a page that
// enforces Trusted Types can host it): p (a slider and a number field), the mode, the seed and
// its "New mask" button, the average button, one table row per input (input, mask, output, the
// mean over many masks, the upstream gradient and the gradient to the input), the alerts and
// the live region. The element fills in the numbers and the rows.
import { element, labelled, numberField } from '../shared/element.js';
import { settingSlider } from '../shared/setting-slider.js';
import { AVERAGE_MASKS } from './settings.js';

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key, params) => t(`dropout-widget.${key}`, params);
  // The slider and the field share the setting: SettingsWidget reads either as a typed number.
  const slider = settingSlider(w('controls.p'), 'p', { min: '0', max: '1', step: '0.05' });
  const p = numberField(w('controls.p'), { key: 'p' });
  const mode = element('select', { 'aria-label': w('controls.mode'), 'data-key': 'mode' }, [
    element('option', { value: 'train' }, w('controls.train')), element('option', { value: 'eval' }, w('controls.eval')),
  ]);
  const seed = numberField(w('controls.seed'), { key: 'seed' });
  const newMask = element('button', { type: 'button', class: 'new-mask' }, w('controls.newMask'));
  const average = element('button', { type: 'button', class: 'average', 'aria-pressed': 'false' }, w('controls.average', { count: AVERAGE_MASKS }));
  const controls = element('div', { class: 'controls', role: 'group', 'aria-label': w('controls.label'), part: 'controls' }, [
    element('div', { class: 'p' }, [labelled('p', slider), labelled(w('controls.p'), p)]),
    labelled(w('controls.mode'), mode),
    element('div', { class: 'seed' }, [labelled(w('controls.seed'), seed), newMask]),
    average,
  ]);

  const scale = element('p', { class: 'scale' });
  const modeNote = element('p', { class: 'note' });
  const averageNote = element('p', { class: 'average-note' });
  const rows = element('tbody');
  const meanHead = element('th', { scope: 'col', class: 'mean' }, w('table.mean', { count: AVERAGE_MASKS }));
  // The heading names the table; the section is no region named by it too, which a screen reader
  // would announce before the table with the same words.
  const table = element('section', { class: 'layer', part: 'table' }, [
    element('h3', { id: 'table-title' }, w('table.title')),
    scale,
    modeNote,
    element('div', { class: 'scroll' }, [element('table', { 'aria-labelledby': 'table-title' }, [
      element('thead', {}, [element('tr', {}, [
        element('th', { scope: 'col' }, '#'),
        element('th', { scope: 'col' }, w('table.input')),
        element('th', { scope: 'col' }, w('table.mask')),
        element('th', { scope: 'col' }, w('table.output')),
        meanHead,
        element('th', { scope: 'col' }, w('backward.grad')),
        element('th', { scope: 'col' }, w('backward.gradInput')),
      ])]),
      rows,
    ])]),
    averageNote,
    element('p', { class: 'hint', part: 'backward' }, w('backward.hint')),
  ]);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [controls, fieldAlert, table, status]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return {
    tree: root,
    els: { root, body, alert, fieldAlert, status, slider, p, mode, seed, newMask, average, scale, modeNote, averageNote, rows, meanHead, inputRows: [] },
  };
}
