// The widget's shadow tree, built once with DOM calls rather than innerHTML (so a page that
// enforces Trusted Types can host it): the controls, the neuron, the plot with its readout, the
// backward pass, the alerts and the live region. The element fills in the numbers.
import { element, labelled, numberField, settingSelect } from '../shared/element.js';
import { buildPlot } from './plot.js';
import { ACTIVATION_NAMES, ACTIVATIONS } from './settings.js';

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key) => t(`neuron-widget.${key}`);
  const names = ACTIVATIONS.map((name) => [name, ACTIVATION_NAMES[name]]);
  const activation = settingSelect(w('controls.activation'), 'activation', names);
  const compare = settingSelect(w('controls.compare'), 'compare', [['none', w('controls.nothing')], ...names]);
  const approximate = settingSelect(w('controls.geluForm'), 'approximate', [['none', w('controls.exact')], ['tanh', w('controls.tanh')]]);
  const beta = numberField(w('controls.swishBeta'), { key: 'beta' });
  const alpha = numberField(w('controls.eluAlpha'), { key: 'alpha' });
  const knobs = {
    gelu: labelled(w('controls.form'), approximate),
    swish: labelled('β', beta),
    elu: labelled('α', alpha),
  };
  const controls = element('div', { class: 'controls', role: 'group', 'aria-label': w('controls.label'), part: 'controls' }, [
    labelled(w('controls.activation'), activation), knobs.gelu, knobs.swish, knobs.elu, labelled(w('controls.compare'), compare),
  ]);

  const neuronRows = element('tbody');
  const bias = numberField(w('neuron.biasField'), { key: 'bias' });
  const sum = element('p', { class: 'equation' });
  const output = element('p', { class: 'equation result' });
  const neuron = element('section', { class: 'neuron', 'aria-labelledby': 'neuron-title', part: 'neuron' }, [
    element('h3', { id: 'neuron-title' }, w('neuron.title')),
    element('div', { class: 'scroll' }, [element('table', {}, [
      element('thead', {}, [element('tr', {}, [
        // The corner above the rows' names heads nothing: a plain cell, not an empty header.
        element('td'), element('th', { scope: 'col' }, w('neuron.input')), element('th', { scope: 'col' }, w('neuron.weight')),
      ])]),
      neuronRows,
    ])]),
    labelled(w('neuron.biasLabel'), bias, { class: 'control bias' }),
    sum,
    output,
  ]);

  const plot = buildPlot(w('plot.point'));
  const svgTitle = plot.title;
  const legend = element('ul', { class: 'legend', 'aria-label': w('plot.curves') });
  const readout = (label) => {
    const term = element('dt', {}, label);
    const value = element('dd', {});
    return { term, value };
  };
  const x = readout('x = z');
  const f = readout('f(x)');
  const slope = readout('f′(x)');
  const readoutList = element('dl', { class: 'readout', part: 'readout' }, [x.term, x.value, f.term, f.value, slope.term, slope.value]);
  const rangeMin = numberField(w('plot.fromField'), { key: 'range', index: 0 });
  const rangeMax = numberField(w('plot.toField'), { key: 'range', index: 1 });
  const rangeControls = element('div', { class: 'range', role: 'group', 'aria-label': w('plot.rangeLabel') }, [
    labelled(w('plot.from'), rangeMin), labelled(w('plot.to'), rangeMax),
  ]);
  const figure = element('section', { class: 'figure', 'aria-labelledby': 'plot-title' }, [
    element('h3', { id: 'plot-title' }, w('plot.title')),
    element('div', { class: 'plot-row' }, [plot.svg, readoutList]),
    legend,
    element('p', { class: 'hint' }, w('plot.hint')),
    rangeControls,
  ]);

  const gradOutput = numberField(w('backward.upstreamField'), { key: 'gradOutput' });
  const gradSum = element('p', { class: 'equation' });
  const gradBias = element('td', { class: 'number' });
  const backwardRows = element('tbody');
  const stopNoteEl = element('p', { class: 'stop' });
  const backward = element('section', { class: 'backward', 'aria-labelledby': 'backward-title', part: 'backward' }, [
    element('h3', { id: 'backward-title' }, w('backward.title')),
    labelled(w('backward.upstreamLabel'), gradOutput),
    element('p', { class: 'equation-label' }, w('backward.atBend')),
    gradSum,
    element('p', { class: 'equation-label' }, w('backward.shares')),
    element('table', {}, [
      element('thead', {}, [element('tr', {}, [
        element('th', { scope: 'col' }, 'i'), element('th', { scope: 'col' }, '∂L/∂wᵢ'), element('th', { scope: 'col' }, '∂L/∂xᵢ'),
      ])]),
      backwardRows,
      element('tfoot', {}, [element('tr', {}, [element('th', { scope: 'row', colspan: '2' }, w('backward.biasRow')), gradBias])]),
    ]),
    stopNoteEl,
  ]);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [
    controls, fieldAlert, element('div', { class: 'stage' }, [neuron, figure]), backward, status,
  ]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return {
    tree: root,
    els: {
      root, body, alert, fieldAlert, status, activation, compare, approximate, beta, alpha, knobs, bias, sum, output,
      neuronRows, backwardRows, inputRows: [], plot, svgTitle, legend, rangeMin, rangeMax,
      readX: x.value, readF: f.value, readFLabel: f.term, readSlope: slope.value, readSlopeLabel: slope.term,
      gradOutput, gradSum, gradBias, stopNote: stopNoteEl,
    },
  };
}
