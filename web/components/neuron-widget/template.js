// The widget's shadow tree, built once with DOM calls rather than innerHTML (so a page that
// enforces Trusted Types can host it): the controls, the neuron, the plot with its readout, the
// backward pass, the alerts and the live region. The element fills in the numbers.
import { element, numberField } from '../shared/element.js';
import { buildPlot } from './plot.js';
import { ACTIVATION_NAMES, ACTIVATIONS } from './settings.js';

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';
export const subscript = (n) => String(n).replace(/\d/g, (digit) => SUBSCRIPTS[digit]);


function select(label, key, options) {
  return element('select', { 'aria-label': label, 'data-key': key },
    options.map(([value, text]) => element('option', { value }, text)));
}

function labelled(text, control, attributes = {}) {
  return element('label', { class: 'control', ...attributes }, [element('span', {}, text), control]);
}

/** The tree, and the elements the widget fills in (els). */
export function buildSkeleton() {
  const names = ACTIVATIONS.map((name) => [name, ACTIVATION_NAMES[name]]);
  const activation = select('Activation', 'activation', names);
  const compare = select('Compare with', 'compare', [['none', 'nothing'], ...names]);
  const approximate = select('GELU form', 'approximate', [['none', 'exact (erf)'], ['tanh', 'tanh approximation']]);
  const beta = numberField('Swish beta', { key: 'beta' });
  const alpha = numberField('ELU alpha', { key: 'alpha' });
  const knobs = {
    gelu: labelled('Form', approximate),
    swish: labelled('β', beta),
    elu: labelled('α', alpha),
  };
  const controls = element('div', { class: 'controls', role: 'group', 'aria-label': 'The activation', part: 'controls' }, [
    labelled('Activation', activation), knobs.gelu, knobs.swish, knobs.elu, labelled('Compare with', compare),
  ]);

  const neuronRows = element('tbody');
  const bias = numberField('Bias', { key: 'bias' });
  const sum = element('p', { class: 'equation' });
  const output = element('p', { class: 'equation result' });
  const neuron = element('section', { class: 'neuron', 'aria-labelledby': 'neuron-title', part: 'neuron' }, [
    element('h3', { id: 'neuron-title' }, 'The neuron'),
    element('table', {}, [
      element('thead', {}, [element('tr', {}, [
        element('th', { scope: 'col' }, ''), element('th', { scope: 'col' }, 'input x'), element('th', { scope: 'col' }, 'weight w'),
      ])]),
      neuronRows,
    ]),
    labelled('bias b', bias, { class: 'control bias' }),
    sum,
    output,
  ]);

  const plot = buildPlot();
  const svgTitle = plot.title;
  const legend = element('ul', { class: 'legend', 'aria-label': 'Curves' });
  const readout = (label) => {
    const term = element('dt', {}, label);
    const value = element('dd', {});
    return { term, value };
  };
  const x = readout('x = z');
  const f = readout('f(x)');
  const slope = readout('f′(x)');
  const readoutList = element('dl', { class: 'readout', part: 'readout' }, [x.term, x.value, f.term, f.value, slope.term, slope.value]);
  const rangeMin = numberField('Plot from x', { key: 'range', index: 0 });
  const rangeMax = numberField('Plot to x', { key: 'range', index: 1 });
  const rangeControls = element('div', { class: 'range', role: 'group', 'aria-label': 'Range of the plot' }, [
    labelled('x from', rangeMin), labelled('to', rangeMax),
  ]);
  const figure = element('section', { class: 'figure', 'aria-labelledby': 'plot-title' }, [
    element('h3', { id: 'plot-title' }, 'The bend'),
    element('div', { class: 'plot-row' }, [plot.svg, readoutList]),
    legend,
    element('p', { class: 'hint' }, 'Drag or tap the plot, or focus the point and use the arrow keys: the point is the sum, and moving it changes the bias.'),
    rangeControls,
  ]);

  const gradOutput = numberField('Upstream gradient', { key: 'gradOutput' });
  const gradSum = element('p', { class: 'equation' });
  const gradBias = element('td', { class: 'number' });
  const backwardRows = element('tbody');
  const stopNoteEl = element('p', { class: 'stop' });
  const backward = element('section', { class: 'backward', 'aria-labelledby': 'backward-title', part: 'backward' }, [
    element('h3', { id: 'backward-title' }, 'The backward pass'),
    labelled('Upstream gradient ∂L/∂y', gradOutput),
    element('p', { class: 'equation-label' }, 'At the bend, ∂L/∂z = upstream × f′(z):'),
    gradSum,
    element('p', { class: 'equation-label' }, 'Weight i gets ∂L/∂z × input i, input i gets ∂L/∂z × weight i, the bias gets ∂L/∂z:'),
    element('table', {}, [
      element('thead', {}, [element('tr', {}, [
        element('th', { scope: 'col' }, 'i'), element('th', { scope: 'col' }, '∂L/∂wᵢ'), element('th', { scope: 'col' }, '∂L/∂xᵢ'),
      ])]),
      backwardRows,
      element('tfoot', {}, [element('tr', {}, [element('th', { scope: 'row', colspan: '2' }, 'bias: ∂L/∂b'), gradBias])]),
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
