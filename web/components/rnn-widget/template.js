// The shadow tree of <rnn-widget>, built in the words of a translator with DOM calls (a page that
// enforces Trusted Types can host it): the cell's settings (w_ih, w_hh with a slider, the bias,
// h0 and the nonlinearity), the timeline (../shared/step-timeline.js: a column per step with its
// button, the input as a number field, the state, the gradient reaching the step and a bar of
// its size on a log scale, and the add and remove buttons for steps), the parameters'
// gradients, the selected step written out, the alerts and the live region. The element fills
// in the numbers.
import { element, labelled, numberField, settingSelect } from '../shared/element.js';
import { settingSlider } from '../shared/setting-slider.js';
import { StepTimeline } from '../shared/step-timeline.js';
import { LIMIT, MAX_STEPS, NONLINEARITIES } from './settings.js';

/** The parameters' gradients, in the order the table lists them: the keys of rnnNumbers. */
export const GRADIENTS = Object.freeze(['gradWHh', 'gradWIh', 'gradBias', 'gradH0']);

// The w_hh slider's reach: the values where fading turns into exploding.
const SLIDER = { min: '-2', max: '2', step: '0.05' };

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key, params) => t(`rnn-widget.${key}`, params);
  const field = (key) => labelled(w(`controls.${key}`), numberField(w(`controls.${key}`), { key }));
  const slider = settingSlider(w('controls.wHh'), 'wHh', SLIDER);
  const controls = element('div', { class: 'controls', role: 'group', 'aria-label': w('controls.label'), part: 'controls' }, [
    field('wIh'),
    element('div', { class: 'pair' }, [field('wHh'), slider]),
    field('bias'),
    field('h0'),
    labelled(w('controls.nonlinearity'), settingSelect(w('controls.nonlinearity'), 'nonlinearity', NONLINEARITIES.map((name) => [name, name]))),
  ]);
  const limits = element('p', { class: 'hint' }, w('controls.limits', { limit: LIMIT }));

  const timeline = new StepTimeline({
    w,
    max: MAX_STEPS,
    inputHead: w('timeline.input'),
    rows: [
      { name: 'states', head: w('timeline.state'), cell: () => element('td', { class: 'number' }) },
      { name: 'gradHidden', head: w('timeline.grad'), cell: () => element('td', { class: 'number' }) },
      // The bars repeat the gradients' row by length alone, so assistive technology skips them.
      {
        name: 'bars',
        head: w('timeline.bars'),
        attributes: { 'aria-hidden': 'true', class: 'bars' },
        cell: () => element('td', { class: 'bar' }, [element('span', { class: 'bar-track' }, [element('span', { class: 'bar-fill' })])]),
      },
    ],
  });
  const timelineSection = element('section', { class: 'timeline', 'aria-labelledby': 'timeline-title', part: 'timeline' }, [
    element('h3', { id: 'timeline-title' }, w('timeline.title')),
    element('div', { class: 'scroll' }, [timeline.table]),
    element('p', { class: 'hint' }, w('timeline.scale')),
    timeline.resizeRow,
  ]);

  const gradientCells = {};
  // The heading names the table; the section is no region named by it too, which a screen reader
  // would announce before the table with the same words.
  const gradients = element('section', { class: 'gradients', part: 'gradients' }, [
    element('h3', { id: 'gradients-title' }, w('gradients.title')),
    element('table', { 'aria-labelledby': 'gradients-title' }, [element('tbody', {}, GRADIENTS.map((key) => {
      gradientCells[key] = element('td', { class: 'number' });
      return element('tr', {}, [element('th', { scope: 'row' }, w(`gradients.${key}`)), gradientCells[key]]);
    }))]),
  ]);

  const selectedTitle = element('h3', { id: 'selected-title' });
  const forward = element('p', { class: 'equation forward' });
  const backward = element('p', { class: 'equation backward' });
  const slope = element('p', { class: 'hint slope' });
  const note = element('p', { class: 'hint note' });
  const selected = element('section', { class: 'selected', 'aria-labelledby': 'selected-title', part: 'step' }, [selectedTitle, forward, backward, slope, note]);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [
    element('p', { class: 'hint' }, w('intro')),
    controls, limits, fieldAlert, timelineSection, selected, gradients,
    element('p', { class: 'hint' }, w('rule')),
    status,
  ]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return {
    tree: root,
    els: {
      root, body, alert, fieldAlert, status, slider, timeline, gradientCells, selectedTitle, forward, backward, slope, note,
    },
  };
}
