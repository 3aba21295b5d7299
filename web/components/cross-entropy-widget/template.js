// The widget's shadow tree, built once with DOM calls rather than innerHTML (so a page that
// enforces Trusted Types can host it): label smoothing, the logits and the true class, the
// loss, and three lists of bars (the probabilities, the target, the gradient), the alerts and
// the live region. The element fills in the numbers, the logit fields and the class choices.
import { resizeButtons } from '../shared/class-scores.js';
import { element, labelled, numberField } from '../shared/element.js';
import { MAX_LOGITS, MIN_LOGITS } from './settings.js';

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key, params) => t(`cross-entropy-widget.${key}`, params);
  const slider = element('input', { type: 'range', class: 'slider', min: '0', max: '1', step: '0.01', 'aria-label': w('controls.slider') });
  const smoothing = numberField(w('controls.smoothingField'), { key: 'labelSmoothing' });
  const target = element('select', { 'aria-label': w('controls.targetField'), 'data-key': 'target' });
  const controls = element('div', { class: 'controls', role: 'group', 'aria-label': w('controls.label'), part: 'controls' }, [
    labelled(w('controls.targetLabel'), target),
    element('label', { class: 'control slider-control' }, [element('span', {}, w('controls.slider')), slider]),
    labelled('ε', smoothing),
  ]);

  const logitFields = element('div', { class: 'score-fields' });
  const { add, remove, buttons } = resizeButtons(w, 'logits', { min: MIN_LOGITS, max: MAX_LOGITS });
  const loss = element('p', { class: 'equation result' });
  const logits = element('section', { class: 'scores', 'aria-labelledby': 'logits-title', part: 'logits' }, [
    element('h3', { id: 'logits-title' }, w('logits.title')),
    logitFields,
    buttons,
    element('p', { class: 'equation-label' }, w('logits.lossLabel')),
    loss,
  ]);

  // The heading names the list of bars; the section is no region named by it too, which a
  // screen reader would announce before the list with the same words.
  const bars = (name, part) => {
    const list = element('ol', { class: 'bars', 'aria-labelledby': `${name}-title` });
    const section = element('section', { class: 'bar-section', part }, [
      element('h3', { id: `${name}-title` }, w(`${name}.title`)), list, element('p', { class: 'hint' }, w(`${name}.hint`)),
    ]);
    return { list, section };
  };
  const probabilities = bars('probabilities', 'probabilities');
  const targets = bars('targets', 'targets');
  const gradient = bars('gradient', 'gradient');

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [
    controls, fieldAlert, element('div', { class: 'stage' }, [logits, probabilities.section]), element('div', { class: 'stage' }, [targets.section, gradient.section]), status,
  ]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return {
    tree: root,
    els: {
      root, body, alert, fieldAlert, status, slider, smoothing, target, logitFields, add, remove, loss,
      probabilityBars: probabilities.list, targetBars: targets.list, gradientBars: gradient.list,
    },
  };
}
