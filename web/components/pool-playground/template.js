// The playground's shadow DOM, built once with DOM calls (a page that enforces Trusted Types
// can host it); pool-playground.js and controls.js fill it in. Every control is a native input
// with a visible label, grouped in fieldsets whose legends are PyTorch's names. The controls sit
// beside the grids they change (above them in a narrow playground), so a control and its result
// are on screen together; the worked examples and the picture follow. Its words are keys of the
// message files (data-i18n, data-i18n-label), written by applyWords in the playground's language.
import { gridPanel } from '../shared/aria-grid.js';
import { element as e } from '../shared/element.js';

// An element whose text is the message `key` of the playground's area.
const say = (tag, key, attributes = {}) => e(tag, { ...attributes, 'data-i18n': `pool-playground.${key}` });
const label = (key) => `pool-playground.${key}`;
const srOnly = (key) => say('span', key, { class: 'sr-only' });
const only = (key) => say('span', key, { class: 'only' });
const code = (text) => e('code', {}, text);
const hint = (key, className = 'hint') => (key ? say('p', key, { class: className }) : e('p', { class: className }));

// A height and a width field for one of PyTorch's size arguments.
function sizePair(param, legend, min, note = null) {
  const side = (name, index) => e('label', {}, [
    e('span', { class: 'sr-only' }, `${legend} `),
    say('span', `sides.${name}`),
    e('input', { type: 'number', step: '1', min, 'data-side': index }),
  ]);
  const legendNode = e('legend', {}, note ? [code(legend), ' ', only(note)] : [code(legend)]);
  return e('fieldset', { class: 'pair', 'data-param': param }, [legendNode, side('height', 0), side('width', 1)]);
}

function examples() {
  return e('div', { class: 'examples', role: 'group', 'aria-labelledby': 'examples-title' }, [
    say('h3', 'examples.title', { id: 'examples-title' }),
    hint('examples.hint'),
    e('ul', { class: 'example-list' }),
  ]);
}

function inputSize() {
  const sideField = (name) => e('label', {}, [
    srOnly('settings.inputSide'), say('span', `sides.${name}`),
    e('input', { type: 'number', name, min: '1', max: '16', step: '1' }),
  ]);
  const fill = (name, key) => say('button', key, { type: 'button', 'data-fill': name });
  return e('fieldset', { class: 'input-size', 'data-param': 'input' }, [
    say('legend', 'settings.inputGrid'),
    sideField('height'),
    sideField('width'),
    e('div', { class: 'fills', role: 'group', 'aria-labelledby': 'fills-title' }, [
      say('span', 'settings.fillWith', { class: 'fills-title', id: 'fills-title' }),
      fill('lesson', 'settings.fillLesson'),
      fill('sixteen', 'settings.fillSixteen'),
      fill('nine', 'settings.fillNine'),
      fill('twenty-five', 'settings.fillTwentyFive'),
      fill('random', 'settings.fillRandom'),
    ]),
  ]);
}

function controls() {
  const opChoice = (value, key, module) => e('label', {}, [
    e('input', { type: 'radio', name: 'op', value }), ' ', say('span', key), ' ', code(module),
  ]);
  const flags = e('fieldset', { class: 'flags' }, [
    say('legend', 'settings.options'),
    e('label', {}, [e('input', { type: 'checkbox', name: 'ceilMode' }), ' ', code('ceil_mode')]),
    e('label', { class: 'avg-only' }, [
      e('input', { type: 'checkbox', name: 'countIncludePad' }), ' ',
      code('count_include_pad'), ' ', only('settings.averageOnly'),
    ]),
    e('label', { class: 'avg-only' }, [
      code('divisor_override'), ' ', only('settings.averageOnlyNone'), ' ',
      e('input', { type: 'number', name: 'divisorOverride', step: '1', placeholder: 'None' }),
    ]),
  ]);
  // The window's knobs, beside (or right above) the grids they change.
  return e('form', { class: 'controls', part: 'controls', novalidate: true }, [
    say('h3', 'settings.title'),
    e('fieldset', { class: 'op' }, [
      say('legend', 'settings.operation'),
      opChoice('avg', 'settings.average', 'nn.AvgPool2d'),
      opChoice('max', 'settings.max', 'nn.MaxPool2d'),
    ]),
    sizePair('kernelSize', 'kernel_size', '1'),
    sizePair('stride', 'stride', '1'),
    sizePair('padding', 'padding', '0'),
    sizePair('dilation', 'dilation', '1', 'settings.maxOnly'),
    flags,
  ]);
}

// The input's size and numbers, right under the grids they fill, and the way back to the start.
function inputControls() {
  return e('div', { class: 'input-controls' }, [
    inputSize(),
    e('p', { class: 'share-hint' }, [
      say('span', 'settings.shareHint'),
      say('button', 'settings.reset', { type: 'button', class: 'reset' }),
    ]),
  ]);
}

function outputSize() {
  const side = (name) => e('div', { class: 'side', 'data-side': name }, [
    say('dt', `sides.${name}`),
    e('dd', {}, [e('code', { class: 'symbolic' }), ' ', e('span', { class: 'substituted' }), e('span', { class: 'dropped' })]),
  ]);
  return e('div', { class: 'formula', part: 'formula' }, [
    say('h3', 'formula.title'),
    e('dl', {}, [side('height'), side('width')]),
  ]);
}

function comparison() {
  return e('div', { class: 'comparison', role: 'group', 'aria-labelledby': 'comparison-title', part: 'comparison', hidden: true }, [
    e('h3', { class: 'comparison-title', id: 'comparison-title' }),
    ...['says', 'pytorch', 'comparison-note', 'verdict'].map((name) => e('p', { class: name })),
  ]);
}

// A captioned grid: the holder receives the grid, named with the caption's words (grids.js).
const gridFigure = (name, figureClass = 'panel') => {
  const { figure } = gridPanel(`${name}-caption`, { figureClass, scrollerClass: `scroller ${name}-holder` });
  return figure;
};

function forward() {
  return e('div', { class: 'forward', hidden: true }, [
    say('h3', 'forward.title'),
    hint(null, 'hint forward-hint'),
    e('div', { class: 'stage' }, [gridFigure('input'), gridFigure('output', 'panel result-panel')]),
    say('p', 'forward.extraLegend', { class: 'legend', id: 'extra-legend', hidden: true }),
    // Not a live region: the summary says the selected window's line once the learner pauses.
    e('p', { class: 'detail', part: 'detail' }),
  ]);
}

function backward() {
  const gradOutput = gridFigure('grad-output');
  gradOutput.append(say('button', 'backward.setOnes', { type: 'button', class: 'ones' }));
  return e('div', { class: 'backward result-panel', hidden: true }, [
    say('h3', 'backward.title'),
    hint(null, 'hint backward-hint'),
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
    say('h3', 'picture.title'),
    hint('picture.hint'),
    e('div', { class: 'picture-actions' }, [
      say('button', 'picture.bundled', { type: 'button', class: 'bundled' }),
      // The browser's own file field speaks the browser's language ("No file chosen"), not the
      // page's: the button, in the page's words, opens its chooser, and the field stays hidden.
      say('button', 'picture.choose', { type: 'button', class: 'choose' }),
      e('input', { type: 'file', accept: 'image/*', class: 'file', hidden: true }),
    ]),
    e('progress', { class: 'progress', 'data-i18n-label': label('picture.progress'), hidden: true }),
    e('p', { class: 'picture-status', role: 'status', 'data-i18n-label': label('picture.status') }),
    e('div', { class: 'figures', hidden: true }, [canvasFigure('original', false), canvasFigure('pooled', true)]),
    hint('picture.credit', 'credit'),
  ]);
}

/** The playground's tree, ready to append to its shadow root. */
export function playgroundTree() {
  return e('div', { class: 'playground' }, [
    e('p', { class: 'note', role: 'status', 'data-i18n-label': label('status.settingsNote'), part: 'note' }),
    e('p', { class: 'sr-only', role: 'status', 'data-i18n-label': label('status.summary'), id: 'summary' }),
    e('div', { class: 'workbench' }, [
      controls(),
      // The grids first, so the output is in view beside the controls; how its size comes
      // about, and the input's own controls, right under it.
      e('div', { class: 'results' }, [
        // The alert's place when no control is at fault; the playground moves it into the
        // fieldset of the control that caused the problem, where the learner is looking. It
        // describes the fields it is about (aria-invalid) and no others (invalid-field.js).
        e('div', { class: 'alert-home' }, [e('p', { class: 'alert', role: 'alert', id: 'error', part: 'error' })]),
        say('div', 'status.loading', { class: 'loading', role: 'status', 'data-i18n-label': label('status.core') }),
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
