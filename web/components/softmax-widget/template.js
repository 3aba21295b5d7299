// The widget's shadow tree, built once with DOM calls rather than innerHTML (so a page that
// enforces Trusted Types can host it): the temperature, the scores and their shifted form, the
// probabilities' bars, the backward pass for one class, the alerts and the live region. The
// element fills in the numbers, the score fields and the class choices.
import { resizeButtons } from '../shared/class-scores.js';
import { element, labelled, numberField } from '../shared/element.js';
import { MAX_SCORES, MAX_TEMPERATURE, MIN_SCORES, MIN_TEMPERATURE } from './settings.js';

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key, params) => t(`softmax-widget.${key}`, params);
  // The slider moves along log10(T), so near-argmax and near-uniform get the same room.
  const slider = element('input', {
    type: 'range', class: 'slider', min: String(Math.log10(MIN_TEMPERATURE)), max: String(Math.log10(MAX_TEMPERATURE)), step: '0.01',
    'aria-label': w('controls.slider'),
  });
  const temperature = numberField(w('controls.temperatureField'), { key: 'temperature' });
  const controls = element('div', { class: 'controls', role: 'group', 'aria-label': w('controls.label'), part: 'controls' }, [
    element('label', { class: 'control slider-control' }, [element('span', {}, w('controls.slider')), slider,
      element('span', { class: 'ends', 'aria-hidden': 'true' }, [element('span', {}, w('controls.sharp')), element('span', {}, w('controls.flat'))])]),
    labelled(w('controls.temperatureLabel'), temperature),
  ]);

  const scoreFields = element('div', { class: 'score-fields' });
  const { add, remove, buttons } = resizeButtons(w, 'scores', { min: MIN_SCORES, max: MAX_SCORES });
  const shifted = element('p', { class: 'equation' });
  const scores = element('section', { class: 'scores', 'aria-labelledby': 'scores-title', part: 'scores' }, [
    element('h3', { id: 'scores-title' }, w('scores.title')),
    scoreFields,
    buttons,
    element('p', { class: 'equation-label' }, w('scores.shiftedLabel')),
    shifted,
    element('p', { class: 'hint' }, w('scores.why')),
  ]);

  const probabilityBars = element('ol', { class: 'bars', 'aria-labelledby': 'probabilities-title' });
  const total = element('p', { class: 'equation' });
  // Each heading names its list of bars; its section is no region named by it too, which a
  // screen reader would announce before the list with the same words.
  const probabilities = element('section', { class: 'probabilities', part: 'probabilities' }, [
    element('h3', { id: 'probabilities-title' }, w('probabilities.title')),
    probabilityBars,
    total,
    element('p', { class: 'hint' }, w('probabilities.hint')),
  ]);

  const gradClass = element('select', { 'aria-label': w('backward.classField'), 'data-key': 'gradClass' });
  const formula = element('p', { class: 'equation' });
  const gradientBars = element('ol', { class: 'bars', 'aria-labelledby': 'backward-title' });
  const backward = element('section', { class: 'backward', part: 'backward' }, [
    element('h3', { id: 'backward-title' }, w('backward.title')),
    labelled(w('backward.classLabel'), gradClass),
    formula,
    gradientBars,
  ]);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [
    controls, fieldAlert, element('div', { class: 'stage' }, [scores, probabilities]), backward, status,
  ]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return {
    tree: root,
    els: {
      root, body, alert, fieldAlert, status, slider, temperature, scoreFields, add, remove, shifted,
      probabilityBars, total, gradClass, formula, gradientBars,
    },
  };
}
