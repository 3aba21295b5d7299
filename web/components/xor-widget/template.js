// The shadow tree of <xor-widget>, built in the words of a translator with DOM calls (a page
// that enforces Trusted Types can host it): the network's settings (activation, hidden units,
// lr, momentum, the seed and "New start"), the steps ("Back a step", "One more step",
// "+100 steps", a field and a slider), the input plane, the hidden space, the loss curve, the
// four points' table, the weights' table, the alerts and the live region. The element fills in
// the numbers; the tables' columns follow the number of hidden units (buildColumns).
import { element, keepChildren, labelled, numberField, settingSelect } from '../shared/element.js';
import { sliderAndField } from '../shared/setting-slider.js';
import { SCROLL_STOP } from '../shared/scroll-stop.js';
import { buildHiddenSpace } from './hidden-space.js';
import { buildLossCurve } from './loss-curve.js';
import { buildPlane } from './plane.js';
import { ACTIVATIONS, MAX_STEPS } from './settings.js';

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key, params) => t(`xor-widget.${key}`, params);
  const activation = settingSelect(w('controls.activation'), 'activation', ACTIVATIONS.map((name) => [name, name]));
  const hidden = numberField(w('controls.hidden'), { key: 'hidden' });
  const lr = sliderAndField(w('controls.lr'), 'lr', { min: '0', max: '2', step: '0.05' });
  const momentum = sliderAndField(w('controls.momentum'), 'momentum', { min: '0', max: '0.99', step: '0.01' });
  const seed = numberField(w('controls.seed'), { key: 'seed' });
  const newStart = element('button', { type: 'button', class: 'new-start' }, w('controls.newStart'));
  const back = element('button', { type: 'button', class: 'back' }, w('controls.back'));
  const forward = element('button', { type: 'button', class: 'forward' }, w('controls.forward'));
  const hundred = element('button', { type: 'button', class: 'hundred' }, w('controls.hundred'));
  const steps = sliderAndField(w('controls.steps'), 'steps', { min: '0', max: String(MAX_STEPS), step: '1' });

  const controls = element('div', { class: 'controls', role: 'group', 'aria-label': w('controls.label'), part: 'controls' }, [
    element('div', { class: 'row' }, [labelled(w('controls.activation'), activation), labelled(w('controls.hidden'), hidden)]),
    element('div', { class: 'row' }, [lr.control, momentum.control]),
    element('div', { class: 'row' }, [labelled(w('controls.seed'), seed), newStart]),
  ]);
  const stepper = element('div', { class: 'row stepper', role: 'group', 'aria-label': w('controls.stepsGroup'), part: 'steps' }, [
    back, forward, hundred, steps.control,
  ]);

  const plane = buildPlane(w('plane.svgTitle'));
  const planeSection = element('section', { class: 'picture', 'aria-labelledby': 'plane-title', part: 'plane' }, [
    element('h3', { id: 'plane-title' }, w('plane.title')),
    plane.box,
    element('div', { class: 'legend' }, [
      element('span', { class: 'ramp-end' }, '0'),
      element('span', { class: 'ramp', 'aria-hidden': 'true' }),
      element('span', { class: 'ramp-end' }, '1'),
      element('span', { class: 'ramp-words' }, w('plane.ramp')),
    ]),
    element('ul', { class: 'keys' }, [
      element('li', { class: 'key target-0' }, w('plane.target0')),
      element('li', { class: 'key target-1' }, w('plane.target1')),
      element('li', { class: 'key cut' }, w('plane.cut')),
    ]),
  ]);

  const space = buildHiddenSpace(w('space.svgTitle'));
  const spaceNote = element('p', { class: 'hint space-note' }, '');
  const spaceKeys = element('ul', { class: 'keys' }, [element('li', { class: 'key output-cut' }, w('space.cut'))]);
  const spaceSection = element('section', { class: 'picture', 'aria-labelledby': 'space-title', part: 'hidden-space' }, [
    element('h3', { id: 'space-title' }, w('space.title')), space.box, spaceKeys, spaceNote,
  ]);

  const curve = buildLossCurve(w('loss.svgTitle'));
  const lossText = element('p', { class: 'loss-text' }, '');
  const lossSection = element('section', { class: 'loss', 'aria-labelledby': 'loss-title', part: 'loss' }, [
    element('h3', { id: 'loss-title' }, w('loss.title')),
    curve.box,
    lossText,
  ]);

  // Each table's box, which scrolls sideways on a phone, is the region its heading names (the
  // section around it is not one too, or a screen reader would announce the name twice). It is
  // a Tab stop while it scrolls (SCROLL_STOP, which the SettingsWidget keeps).
  const pointsHead = element('tr');
  const pointsRows = element('tbody');
  const pointsTitle = element('h3', { id: 'points-title' }, '');
  const pointsBox = element('div', { class: 'scroll', role: 'region', 'aria-labelledby': 'points-title', [SCROLL_STOP]: true }, [
    element('table', { class: 'points' }, [element('thead', {}, [pointsHead]), pointsRows]),
  ]);
  const pointsSection = element('section', { class: 'numbers', part: 'points' }, [pointsTitle, pointsBox]);

  const weightsRows = element('tbody');
  const weightsTitle = element('h3', { id: 'weights-title' }, '');
  const outputBias = element('p', { class: 'output-bias' }, '');
  const weightsBox = element('div', { class: 'scroll', role: 'region', 'aria-labelledby': 'weights-title', [SCROLL_STOP]: true }, [
    element('table', { class: 'weights' }, [
      element('thead', {}, [element('tr', {}, [
        element('th', { scope: 'col' }, w('weights.unit')),
        element('th', { scope: 'col' }, w('weights.w1x1')),
        element('th', { scope: 'col' }, w('weights.w1x2')),
        element('th', { scope: 'col' }, 'b1'),
        element('th', { scope: 'col' }, 'w2'),
      ])]),
      weightsRows,
    ]),
  ]);
  const weightsSection = element('section', { class: 'numbers', part: 'weights' }, [weightsTitle, weightsBox, outputBias]);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [
    controls, fieldAlert, stepper,
    element('div', { class: 'pictures' }, [planeSection, spaceSection]),
    lossSection, pointsSection, weightsSection, status,
  ]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return {
    tree: root,
    els: {
      root, body, alert, fieldAlert, status, newStart, back, forward, hundred,
      plane, space, spaceKeys, spaceNote, curve, lossText, pointsTitle, pointsHead, pointsRows, weightsTitle, weightsRows, outputBias,
      columns: null,
    },
  };
}

/**
 * The tables' columns and rows for `hidden` units: the points' table has a column per unit's
 * feature (h1 ... hH), the weights' table a row per unit. Built again when H changes.
 */
export function buildColumns(els, hidden, t) {
  const w = (key, params) => t(`xor-widget.${key}`, params);
  const units = Array.from({ length: hidden }, (_, j) => `h${j + 1}`);
  const heads = [w('points.point'), 'x1', 'x2', w('points.target'), ...units, 'p'];
  keepChildren(els.pointsHead, heads.length, () => element('th', { scope: 'col' }))
    .forEach((th, i) => { th.textContent = heads[i]; });
  keepChildren(els.pointsRows, 4, () => element('tr'));
  for (const row of els.pointsRows.children) {
    keepChildren(row, heads.length, (i) => (i === 0 ? element('th', { scope: 'row' }) : element('td', { class: 'number' })));
  }
  keepChildren(els.weightsRows, hidden, () => element('tr', {}, [
    element('th', { scope: 'row' }), element('td', { class: 'number' }), element('td', { class: 'number' }),
    element('td', { class: 'number' }), element('td', { class: 'number' }),
  ])).forEach((row, j) => { row.firstElementChild.textContent = units[j]; });
  els.columns = hidden;
}
