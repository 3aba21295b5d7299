// The shadow tree of <descent-widget>, built in the words of a translator with DOM calls (a page
// that enforces Trusted Types can host it): the optimiser and its options, where the walk starts
// and how many steps it takes, the picture of the surface with the walk on it, the table of
// numbers after the last step, the alerts and the live region. The element fills in the numbers.
import { element, labelled, numberField, settingSelect } from '../shared/element.js';
import { sliderAndField } from '../shared/setting-slider.js';
import { buildPlot } from './plot.js';
import { MAX_STEPS, OPTIMIZERS, VIEWS } from './settings.js';

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key, params) => t(`descent-widget.${key}`, params);
  const optimizer = settingSelect(w('controls.optimizer'), 'optimizer', OPTIMIZERS.map((name) => [name, w(`optimizers.${name}`)]));
  const surface = settingSelect(w('controls.surface'), 'surface', Object.keys(VIEWS).map((name) => [name, w(`surfaces.${name}.name`)]));
  const lr = sliderAndField(w('controls.lr'), 'lr', { min: '0', max: '0.5', step: '0.01' }, { 'data-option': 'lr' });
  const momentum = sliderAndField(w('controls.momentum'), 'momentum', { min: '0', max: '0.99', step: '0.01' }, { 'data-option': 'momentum' });
  const option = (key, label, field) => labelled(label, field, { 'data-option': key });
  const alpha = option('alpha', 'alpha', numberField(w('controls.alpha'), { key: 'alpha' }));
  const beta1 = option('betas', 'beta1', numberField(w('controls.beta1'), { key: 'betas', index: 0 }));
  const beta2 = option('betas', 'beta2', numberField(w('controls.beta2'), { key: 'betas', index: 1 }));
  const eps = option('eps', 'eps', numberField(w('controls.eps'), { key: 'eps' }));
  const startX = labelled(w('controls.startX'), numberField(w('controls.startXField'), { key: 'start', index: 0 }));
  const startY = labelled(w('controls.startY'), numberField(w('controls.startYField'), { key: 'start', index: 1 }));
  const steps = sliderAndField(w('controls.steps'), 'steps', { min: '0', max: String(MAX_STEPS), step: '1' }, { 'data-option': 'steps' });
  const back = element('button', { type: 'button', class: 'back' }, w('controls.back'));
  const forward = element('button', { type: 'button', class: 'forward' }, w('controls.forward'));
  const compare = element('input', { type: 'checkbox', class: 'check' });
  const compareControl = element('label', { class: 'control checkbox' }, [compare, element('span', {}, w('controls.compare'))]);

  const controls = element('div', { class: 'controls', role: 'group', 'aria-label': w('controls.label'), part: 'controls' }, [
    element('div', { class: 'row' }, [labelled(w('controls.optimizer'), optimizer), labelled(w('controls.surface'), surface)]),
    element('div', { class: 'row' }, [lr.control, momentum.control, alpha, beta1, beta2, eps]),
    element('div', { class: 'row' }, [startX, startY, compareControl]),
  ]);
  const stepper = element('div', { class: 'row stepper', role: 'group', 'aria-label': w('controls.stepsGroup'), part: 'steps' }, [
    back, forward, steps.control,
  ]);

  const plot = buildPlot();
  const caption = element('p', { class: 'hint plot-hint' }, '');
  const figure = element('section', { class: 'picture', 'aria-labelledby': 'plot-title', part: 'plot' }, [
    element('h3', { id: 'plot-title' }, w('plot.title')),
    plot.box,
    element('ul', { class: 'legend' }, [
      element('li', { class: 'key walk' }, w('plot.walk')),
      element('li', { class: 'key plain' }, w('plot.plain')),
      element('li', { class: 'key minimum' }, w('plot.minimum')),
    ]),
    caption,
  ]);

  const tableTitle = element('h3', { id: 'numbers-title' }, '');
  const rows = element('tbody');
  const numbers = element('section', { class: 'numbers', 'aria-labelledby': 'numbers-title', part: 'numbers' }, [
    tableTitle,
    element('div', { class: 'scroll' }, [element('table', {}, [
      element('thead', {}, [element('tr', {}, [
        element('td', {}, ''), element('th', { scope: 'col' }, 'x'), element('th', { scope: 'col' }, 'y'),
      ])]),
      rows,
    ])]),
    element('p', { class: 'value' }, ''),
    element('p', { class: 'note' }, ''),
    element('p', { class: 'hint update' }, ''),
  ]);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [controls, fieldAlert, stepper, figure, numbers, status]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  const [value, note, update] = numbers.querySelectorAll('p');
  return {
    tree: root,
    els: {
      root, body, alert, fieldAlert, status, controls, options: [...controls.querySelectorAll('[data-option]')],
      lrSlider: lr.slider, lr: lr.field, momentumSlider: momentum.slider, momentum: momentum.field,
      stepsSlider: steps.slider, steps: steps.field, back, forward, compare,
      plot, caption, tableTitle, rows, value, note, update, stateRows: [],
    },
  };
}
