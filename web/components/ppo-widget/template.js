// The shadow tree of <ppo-widget>, built in the words of a translator with DOM calls (a page
// that enforces Trusted Types can host it): the samples' stepper and the training's fields
// (clip, lr, epochs), a card per sample with its settings (three logits, the action taken, its
// advantage), the chart of the ratios with its legend and the stepper of the epoch shown, that
// epoch's loss and a card per sample of its numbers, the alerts and the live region. The cards
// follow the number of samples, so the element fits them (fitSamples) when that changes; it
// fills in the numbers.
import { element, keepChildren, labelled, numberField } from '../shared/element.js';
import { keepScrollStops, SCROLL_STOP } from '../shared/scroll-stop.js';
import { stepper } from '../shared/stepper.js';
import { buildChart, legendSwatch } from './chart.js';
import { ACTIONS, MAX_EPOCHS } from './settings.js';

const ACTION_NUMBERS = Array.from({ length: ACTIONS }, (_, k) => k + 1);

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key, params) => t(`ppo-widget.${key}`, params);
  const {
    group: samplesStepper, fewer, more, value: samplesValue,
  } = stepper('samples', { label: w('samples.label'), fewer: w('samples.fewer'), more: w('samples.more') });
  const option = (key) => labelled(w(`controls.${key}`), numberField(w(`controls.${key}Field`, { max: MAX_EPOCHS }), { key }));
  const controls = element('div', { class: 'controls', role: 'group', 'aria-label': w('controls.label'), part: 'controls' }, [
    samplesStepper, option('clip'), option('lr'), option('epochs'),
  ]);

  const sampleCards = element('div', { class: 'cards' });
  const samples = element('section', { class: 'part', 'aria-labelledby': 'samples-title', part: 'samples' }, [
    element('h3', { id: 'samples-title' }, w('samples.title')),
    element('p', { class: 'hint' }, w('samples.hint')),
    sampleCards,
  ]);

  const chart = buildChart('chart-title');
  const legend = element('ul', { class: 'legend' });
  const earlier = element('button', { type: 'button', class: 'step', 'aria-label': w('epoch.earlier') }, '−');
  const later = element('button', { type: 'button', class: 'step', 'aria-label': w('epoch.later') }, '+');
  const slider = element('input', {
    type: 'range', min: '0', max: '1', step: '1', class: 'slider', 'aria-label': w('epoch.slider'), 'data-key': 'selected',
  });
  const epochValue = element('span', { class: 'stepper-value epoch-value', id: 'epoch-value' });
  const epochStepper = element('div', { class: 'stepper epoch-stepper', role: 'group', 'aria-labelledby': 'epoch-label epoch-value' }, [
    element('span', { class: 'stepper-label', id: 'epoch-label' }, w('epoch.label')),
    element('span', { class: 'stepper-buttons' }, [earlier, slider, later]),
    epochValue,
  ]);
  const chartPart = element('section', { class: 'part', 'aria-labelledby': 'ratio-title', part: 'chart' }, [
    element('h3', { id: 'ratio-title' }, w('chart.title')),
    chart.box,
    legend,
    epochStepper,
  ]);

  const epochTitle = element('h3', { id: 'epoch-title' });
  const loss = element('p', { class: 'loss' });
  const lastNote = element('p', { class: 'hint' }, w('epoch.lastNote'));
  const detailCards = element('div', { class: 'cards' });
  const epoch = element('section', { class: 'part', 'aria-labelledby': 'epoch-title', part: 'epoch' }, [
    epochTitle, loss, detailCards, lastNote,
  ]);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [
    element('p', { class: 'hint' }, w('intro')), controls, fieldAlert, samples, chartPart, epoch,
    element('p', { class: 'hint' }, w('rule')), status,
  ]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return {
    tree: root,
    els: {
      root, body, alert, fieldAlert, status, fewer, more, samplesValue, sampleCards, chart, legend,
      earlier, later, slider, epochValue, epochTitle, loss, lastNote, detailCards, built: 0, details: [], legendItems: [],
    },
  };
}

// A table head of the three actions after an empty corner.
const actionHead = (w) => element('thead', {}, [element('tr', {}, [
  element('td'), ...ACTION_NUMBERS.map((action) => element('th', { scope: 'col' }, w('table.action', { action }))),
])]);

// One sample's settings: its logits as number fields under the actions, the action taken and
// its advantage.
function settingsCard(w, n) {
  const sample = n + 1;
  const logits = element('tr', { class: 'given' }, [
    element('th', { scope: 'row' }, w('table.logit')),
    ...ACTION_NUMBERS.map((action) => element('td', {}, [
      numberField(w('fields.logit', { sample, action }), { key: 'logits', index: n * ACTIONS + action - 1 }),
    ])),
  ]);
  const taken = element('select', { 'aria-label': w('fields.action', { sample }), 'data-key': 'actions', 'data-index': n },
    ACTION_NUMBERS.map((action) => element('option', { value: String(action) }, w('table.action', { action }))));
  return element('section', { class: 'card', 'aria-labelledby': `sample-title-${sample}`, 'data-sample': sample }, [
    element('h4', { id: `sample-title-${sample}` }, w('samples.sample', { sample })),
    element('div', { class: 'scroll' }, [element('table', {}, [actionHead(w), element('tbody', {}, [logits])])]),
    element('div', { class: 'card-controls' }, [
      labelled(w('fields.actionLabel'), taken),
      labelled(w('fields.advantageLabel'), numberField(w('fields.advantage', { sample }), { key: 'advantages', index: n })),
    ]),
  ]);
}

// One sample's numbers at the epoch shown: the logits and each action's log-prob (a table at
// least as wide as the card; one too wide for it, of long numbers, scrolls sideways in its box,
// a Tab stop while it does), then the ratio, whether it is clipped, the objective and the ratio's
// gradient. The heading names the box that scrolls the table (a Tab stop while it scrolls), so the
// card is no region named by it too, which a screen reader would announce before the box with the
// same words.
function detailCard(w, n) {
  const sample = n + 1;
  const cells = () => ACTION_NUMBERS.map(() => element('td', { class: 'number' }));
  const logits = cells();
  const logProbs = cells();
  const heads = ACTION_NUMBERS.map((action) => element('th', { scope: 'col' }, w('table.action', { action })));
  const value = () => element('dd', { class: 'number' });
  const [ratio, objective, gradRatio] = [value(), value(), value()];
  const clipped = element('p', { class: 'clipped' });
  const card = element('section', { class: 'card', 'data-sample': sample }, [
    element('h4', { id: `detail-title-${sample}` }, w('samples.sample', { sample })),
    element('div', { class: 'scroll', role: 'region', 'aria-labelledby': `detail-title-${sample}`, [SCROLL_STOP]: true }, [
      element('table', { class: 'detail-table' }, [
        element('thead', {}, [element('tr', {}, [element('td'), ...heads])]),
        element('tbody', {}, [
          element('tr', {}, [element('th', { scope: 'row' }, w('table.logit')), ...logits]),
          element('tr', {}, [element('th', { scope: 'row' }, w('table.logProb')), ...logProbs]),
        ]),
      ]),
    ]),
    element('dl', { class: 'numbers' }, [
      element('dt', {}, w('detail.ratio')), ratio,
      element('dt', {}, w('detail.objective')), objective,
      element('dt', {}, w('detail.gradRatio')), gradRatio,
    ]),
    clipped,
  ]);
  return { card, heads, logits, logProbs, ratio, objective, gradRatio, clipped };
}

/**
 * Fits the cards to `samples`, a card per sample for its settings and one for its numbers at
 * the epoch shown, and the chart's legend, into els: the samples that stay keep their cards
 * (and the focus in them), a new sample gets new ones, a sample that goes takes its own away.
 */
export function fitSamples(els, samples, t) {
  const w = (key, params) => t(`ppo-widget.${key}`, params);
  keepChildren(els.sampleCards, samples, (n) => settingsCard(w, n));
  els.details.splice(samples);
  for (let n = els.details.length; n < samples; n++) els.details.push(detailCard(w, n));
  keepChildren(els.detailCards, samples, (n) => els.details[n].card);
  // The SettingsWidget keeps the scrolling boxes of the tree it builds (SCROLL_STOP); these come
  // and go with the samples.
  els.stopScrollStops?.();
  els.stopScrollStops = keepScrollStops(els.detailCards);
  els.legendItems = keepChildren(els.legend, samples, (n) => element('li', {}, [legendSwatch(n), element('span')]))
    .map((item) => item.lastElementChild);
  els.built = samples;
}
