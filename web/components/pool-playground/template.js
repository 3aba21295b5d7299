// The playground's shadow DOM, built once with DOM calls (a page that enforces Trusted Types
// can host it); pool-playground.js and controls.js fill it in. Every control is a native input
// with a visible label, grouped in fieldsets whose legends are PyTorch's names. The controls sit
// beside the grids they change (above them in a narrow playground), so a control and its result
// are on screen together; the worked examples and the picture follow.
import { gridPanel } from '../shared/aria-grid.js';
import { element as e } from '../shared/element.js';

const srOnly = (text) => e('span', { class: 'sr-only' }, text);
const only = (text) => e('span', { class: 'only' }, text);
const code = (text) => e('code', {}, text);
const hint = (text, className = 'hint') => e('p', { class: className }, text);

// A height and a width field for one of PyTorch's size arguments.
function sizePair(param, legend, min, note = null) {
  const side = (name, index) => e('label', {}, [
    srOnly(`${legend} `),
    name,
    e('input', { type: 'number', step: '1', min, 'data-side': index, 'aria-describedby': 'error' }),
  ]);
  const legendNode = e('legend', {}, note ? [code(legend), ' ', only(note)] : [code(legend)]);
  return e('fieldset', { class: 'pair', 'data-param': param }, [legendNode, side('height', 0), side('width', 1)]);
}

function examples() {
  return e('div', { class: 'examples', role: 'group', 'aria-labelledby': 'examples-title' }, [
    e('h3', { id: 'examples-title' }, 'Worked examples'),
    hint('Each one sets every knob the way a reference page or tutorial did. PyTorch\'s numbers are '
      + 'shown next to the core\'s, and where a source got it wrong, this says so.'),
    e('ul', { class: 'example-list' }),
  ]);
}

function inputSize() {
  const sideField = (name) => e('label', {}, [
    srOnly('Input '), name, e('input', { type: 'number', name, min: '1', max: '16', step: '1', 'aria-describedby': 'error' }),
  ]);
  const fill = (name, label) => e('button', { type: 'button', 'data-fill': name }, label);
  return e('fieldset', { class: 'input-size', 'data-param': 'input' }, [
    e('legend', {}, 'Input grid'),
    sideField('height'),
    sideField('width'),
    e('div', { class: 'fills', role: 'group', 'aria-labelledby': 'fills-title' }, [
      e('span', { class: 'fills-title', id: 'fills-title' }, 'Fill with'),
      fill('lesson', '0 to 15 (4 × 4)'),
      fill('sixteen', '1 to 16 (4 × 4)'),
      fill('nine', '1 to 9 (3 × 3)'),
      fill('twenty-five', '1 to 25 (5 × 5)'),
      fill('random', 'Random numbers'),
    ]),
  ]);
}

function controls() {
  const opChoice = (value, label, module) => e('label', {}, [
    e('input', { type: 'radio', name: 'op', value }), ` ${label} `, code(module),
  ]);
  const flags = e('fieldset', { class: 'flags' }, [
    e('legend', {}, 'Options'),
    e('label', {}, [e('input', { type: 'checkbox', name: 'ceilMode', 'aria-describedby': 'error' }), ' ', code('ceil_mode')]),
    e('label', { class: 'avg-only' }, [
      e('input', { type: 'checkbox', name: 'countIncludePad', 'aria-describedby': 'error' }), ' ',
      code('count_include_pad'), ' ', only('average only'),
    ]),
    e('label', { class: 'avg-only' }, [
      code('divisor_override'), ' ', only('average only, empty for None'), ' ',
      e('input', { type: 'number', name: 'divisorOverride', step: '1', placeholder: 'None', 'aria-describedby': 'error' }),
    ]),
  ]);
  // The window's knobs, beside (or right above) the grids they change.
  return e('form', { class: 'controls', part: 'controls', novalidate: true }, [
    e('h3', {}, 'Settings'),
    e('fieldset', { class: 'op' }, [
      e('legend', {}, 'Operation'),
      opChoice('avg', 'Average', 'nn.AvgPool2d'),
      opChoice('max', 'Max', 'nn.MaxPool2d'),
    ]),
    sizePair('kernelSize', 'kernel_size', '1'),
    sizePair('stride', 'stride', '1'),
    sizePair('padding', 'padding', '0'),
    sizePair('dilation', 'dilation', '1', 'max only'),
    flags,
  ]);
}

// The input's size and numbers, right under the grids they fill, and the way back to the start.
function inputControls() {
  return e('div', { class: 'input-controls' }, [
    inputSize(),
    e('p', { class: 'share-hint' }, [
      'Every setting is in the page\'s address, so a copied link shows this same view. ',
      e('button', { type: 'button', class: 'reset' }, 'Reset to the lesson\'s settings'),
    ]),
  ]);
}

function outputSize() {
  const side = (name) => e('div', { class: 'side', 'data-side': name }, [
    e('dt', {}, name),
    e('dd', {}, [e('code', { class: 'symbolic' }), ' ', e('span', { class: 'substituted' }), e('span', { class: 'dropped' })]),
  ]);
  return e('div', { class: 'formula', part: 'formula' }, [
    e('h3', {}, 'Output size'),
    e('dl', {}, [side('height'), side('width')]),
  ]);
}

function comparison() {
  return e('div', { class: 'comparison', role: 'group', 'aria-labelledby': 'comparison-title', part: 'comparison', hidden: true }, [
    e('h3', { class: 'comparison-title', id: 'comparison-title' }),
    ...['says', 'pytorch', 'comparison-note', 'verdict'].map((name) => e('p', { class: name })),
  ]);
}

// A captioned grid: the caption names the grid, the holder receives it.
const gridFigure = (name, figureClass = 'panel') => {
  const { figure } = gridPanel(`${name}-caption`, { figureClass, scrollerClass: `scroller ${name}-holder` });
  return figure;
};

function forward() {
  return e('div', { class: 'forward', hidden: true }, [
    e('h3', {}, 'Forward'),
    hint('', 'hint forward-hint'),
    e('div', { class: 'stage' }, [gridFigure('input'), gridFigure('output', 'panel result-panel')]),
    e('p', { class: 'legend', id: 'extra-legend', hidden: true }, 'Outputs drawn with a dashed border come from '
      + 'windows that only ceil_mode adds: they hang over the end of the input.'),
    e('p', { class: 'detail', role: 'status', 'aria-label': 'Selected window', part: 'detail' }),
  ]);
}

function backward() {
  const gradOutput = gridFigure('grad-output');
  gradOutput.append(e('button', { type: 'button', class: 'ones' }, 'Set all to 1'));
  return e('div', { class: 'backward result-panel', hidden: true }, [
    e('h3', {}, 'Backward'),
    hint('', 'hint backward-hint'),
    e('div', { class: 'stage' }, [gradOutput, gridFigure('grad-input')]),
    e('p', { class: 'backward-detail', part: 'backward-detail' }),
  ]);
}

function picture() {
  const canvasFigure = (name, hidden) => e('figure', { class: 'canvas-panel' }, [
    e('canvas', { class: name, role: 'img', hidden }),
    e('figcaption', { class: `${name}-caption` }),
  ]);
  return e('div', { class: 'picture', part: 'picture' }, [
    e('h3', {}, 'Pool a picture'),
    hint('The core pools a photo with the settings above, one colour channel at a time: the picture '
      + 'is a 3 × H × W tensor of red, green and blue. A picture of your own is read on this device '
      + 'and never uploaded.'),
    e('div', { class: 'picture-actions' }, [
      e('button', { type: 'button', class: 'bundled' }, 'Pool the photo of a cat'),
      e('label', { class: 'file-label button' }, [
        'Choose a picture of your own ',
        e('input', { type: 'file', accept: 'image/*', class: 'file' }),
      ]),
    ]),
    e('progress', { class: 'progress', 'aria-label': 'Pooling progress', hidden: true }),
    e('p', { class: 'picture-status', role: 'status', 'aria-label': 'Picture status' }),
    e('div', { class: 'figures', hidden: true }, [canvasFigure('original', false), canvasFigure('pooled', true)]),
    hint('The photo is Chelsea the cat, by Stéfan van der Walt, shared under CC0 with scikit-image\'s '
      + 'sample images.', 'credit'),
  ]);
}

/** The playground's tree, ready to append to its shadow root. */
export function playgroundTree() {
  return e('div', { class: 'playground' }, [
    e('p', { class: 'note', role: 'status', 'aria-label': 'Link note', part: 'note' }),
    e('p', { class: 'sr-only', role: 'status', 'aria-label': 'Result summary', id: 'summary' }),
    e('div', { class: 'workbench' }, [
      controls(),
      // The grids first, so the output is in view beside the controls; how its size comes
      // about, and the input's own controls, right under it.
      e('div', { class: 'results' }, [
        // The alert's place when no control is at fault; the playground moves it into the
        // fieldset of the control that caused the problem, where the learner is looking.
        e('div', { class: 'alert-home' }, [e('p', { class: 'alert', role: 'alert', id: 'error', part: 'error' })]),
        e('div', { class: 'loading', role: 'status', 'aria-label': 'Core status' }, 'Loading the pooling core…'),
        forward(),
        outputSize(),
        comparison(),
        inputControls(),
        backward(),
      ]),
    ]),
    examples(),
    picture(),
  ]);
}
