// Reader for tests/golden/optim/optim.golden: PyTorch's answers for the optimisers, the loss
// surfaces and descents (format in tests/golden/optim/README.md). A malformed file throws an
// Error naming the file, the line and the problem. Each case is turned into the JS API's terms:
// `options` is the API's options object (camelCase, betas a pair, flags booleans), each step of
// a step case has the options it runs with, and every state is shaped as the API returns it (a
// buffer PyTorch does not keep is null).
import { readGoldenBlocks } from './golden-blocks.mjs';

export { firstMismatch } from './activations-golden.mjs';

/**
 * @typedef {object} OptimCase
 * @property {string} name
 * @property {'sgd'|'rmsprop'|'adam'|'surface'|'descend'} op
 * @property {'sgd'|'rmsprop'|'adam'} [optimizer]  the op, or a descent's optimizer
 * @property {number} line  of "case", for failure messages
 * @property {object} options  the options PyTorch was given; the rest take the defaults
 * @property {number} [stepCount]  steps of a step case or a descent
 * @property {Float32Array} [params]  a step case's parameters before its first step
 * @property {OptimStep[]} [records]  each step of a step case
 * @property {'bowl'|'ravine'|'rosenbrock'} [surface]
 * @property {Float32Array} [point]  a surface case's point, gradient and value
 * @property {Float32Array} [gradient]
 * @property {number} [value]
 * @property {Float32Array} [start]  a descent's start, points, values, gradients and final state
 * @property {Float32Array} [points]
 * @property {Float32Array} [values]
 * @property {Float32Array} [gradients]
 * @property {object} [state]
 */

/**
 * @typedef {object} OptimStep
 * @property {object} changes  the options set from this step on ({} for none)
 * @property {object} options  the options the step runs with: the case's, with every change up to it
 * @property {Float32Array} grad
 * @property {Float32Array} [params]  after the step
 * @property {object} [state]  after the step
 * @property {string} [refused]  PyTorch's message, on a last step it refused
 */

const camel = (word) => word.replace(/_([a-z])/g, (_, letter) => letter.toUpperCase());

// Each optimizer's options as the file names them, and how each is read.
const OPTIONS = {
  sgd: { lr: 'number', momentum: 'number', dampening: 'number', weight_decay: 'number', nesterov: 'flag', maximize: 'flag' },
  rmsprop: { lr: 'number', alpha: 'number', eps: 'number', weight_decay: 'number', momentum: 'number', centered: 'flag', maximize: 'flag' },
  adam: { lr: 'number', betas: 'pair', eps: 'number', weight_decay: 'number', amsgrad: 'flag', maximize: 'flag' },
};
// Each optimizer's state keys as the file names them, in the API's order.
const STATE_KEYS = {
  sgd: ['momentum_buffer'],
  rmsprop: ['step', 'square_avg', 'momentum_buffer', 'grad_avg'],
  adam: ['step', 'exp_avg', 'exp_avg_sq', 'max_exp_avg_sq'],
};
const SURFACES = ['bowl', 'ravine', 'rosenbrock'];

/** A state as the API returns it, from the keys the file gave (absent buffers are null). */
function apiState(optimizer, given) {
  return Object.fromEntries(STATE_KEYS[optimizer].map((key) => [camel(key), given[key] ?? null]));
}

/** @returns {OptimCase[]} every case, in file order */
export function loadOptimGolden(path) {
  return readGoldenBlocks(path, (c, key, words, { fail, toFloat, toInt }) => {
    const floats = () => Float32Array.from(words, toFloat);
    const option = (name) => {
      const kind = OPTIONS[c.optimizer][name];
      return kind === 'flag' ? words[0] === '1' : kind === 'pair' ? words.map(toFloat) : toFloat(words[0]);
    };
    if (key === 'op') {
      if (![...Object.keys(OPTIONS), 'surface', 'descend'].includes(words[0])) fail(`unknown op ${words[0]}`);
      c.op = words[0];
      if (c.op in OPTIONS) c.optimizer = c.op;
      c.given = {};
      c.stepsGiven = [];
      c.changesGiven = [];
      return;
    }
    if (!c.op) fail('op must come first');
    if (key === 'surface') {
      if (!SURFACES.includes(words[0])) fail(`unknown surface ${words[0]}`);
      c.surface = words[0];
    } else if (key === 'optimizer' && c.op === 'descend') {
      if (!(words[0] in OPTIONS)) fail(`unknown optimizer ${words[0]}`);
      c.optimizer = words[0];
    } else if (key === 'steps') {
      c.stepCount = toInt(words[0]);
    } else if (c.optimizer && Object.hasOwn(OPTIONS[c.optimizer], key)) {
      c.options[camel(key)] = option(key);
    } else if (['params', 'point', 'gradient', 'start', 'points', 'values', 'gradients'].includes(key)) {
      c[key] = floats();
    } else if (key === 'value') {
      c.value = toFloat(words[0]);
    } else {
      // A state key (a descent's final state) or a step's key: grad_3, params_3, square_avg_3, or
      // an option set from that step on, lr_3.
      const [, name, k] = key.match(/^(.*?)(?:_(\d+))?$/);
      if (k !== undefined && c.op in OPTIONS && Object.hasOwn(OPTIONS[c.op], name)) {
        if (Number(k) < 1) fail(`unknown key '${key}'`);
        if (Number(k) === 1) fail(`${key}: an option from step 1 on is the case's own ${name}`);
        const changes = (c.changesGiven[Number(k) - 1] ??= { values: {}, failAtLine: {} });
        changes.values[camel(name)] = option(name);
        changes.failAtLine[key] = fail; // the case's end checks k against its steps
        return;
      }
      const into = k === undefined ? c.given : (c.stepsGiven[Number(k) - 1] ??= {});
      if (!(c.optimizer && (STATE_KEYS[c.optimizer].includes(name) || (k !== undefined && ['grad', 'params', 'refused'].includes(name))))) {
        fail(`unknown key '${key}'`);
      }
      // refused_k: PyTorch refused step k (its message follows), the case's last.
      into[name] = name === 'refused' ? words.join(' ') : name === 'step' ? toInt(words[0]) : floats();
    }
  }, (c, seen, fail) => {
    const need = (keys) => keys.forEach((k) => seen.has(k) || fail(`missing ${k}`));
    if (c.op === 'surface') {
      need(['surface', 'point', 'value', 'gradient']);
      return;
    }
    if (c.op === 'descend') {
      need(['surface', 'optimizer', 'start', 'steps', 'points', 'values', 'gradients']);
      const n = c.stepCount;
      if (c.points.length !== 2 * (n + 1) || c.values.length !== n + 1 || c.gradients.length !== 2 * n) {
        fail('a descent of n steps has n + 1 points and values, and n gradients');
      }
      c.state = apiState(c.optimizer, c.given);
      return;
    }
    need(['steps', 'params']);
    for (const changes of c.changesGiven.slice(c.stepCount)) {
      for (const [key, failAtLine] of Object.entries(changes?.failAtLine ?? {})) {
        failAtLine(`case ${c.name}: ${key} is beyond its ${c.stepCount} steps`);
      }
    }
    if (c.stepsGiven.length !== c.stepCount) fail('one grad_k and params_k per step');
    let options = c.options;
    // Array.from visits a step the file gave no key for, which the checks below refuse.
    c.records = Array.from(c.stepsGiven, (given, k) => {
      const changes = c.changesGiven[k]?.values ?? {};
      options = { ...options, ...changes };
      if (given?.refused !== undefined) {
        if (k !== c.stepCount - 1) fail('only the last step can be refused');
        if (given.grad?.length !== c.params.length || Object.keys(given).length !== 2) {
          fail('a refused step has its grad_k and no params_k or state');
        }
        return { changes, options, grad: given.grad, refused: given.refused };
      }
      if (given?.grad?.length !== c.params.length || given.params?.length !== c.params.length) {
        fail('every grad_k and params_k as long as params');
      }
      return { changes, options, grad: given.grad, params: given.params, state: apiState(c.optimizer, given) };
    });
  });
}

/** The step function of the API for `optimizer`. */
export const stepOf = (optim, optimizer) => optim[`${optimizer}Step`];
