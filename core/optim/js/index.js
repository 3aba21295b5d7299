// The optimiser family's JS API: checks the types of arguments, passes options and states to
// the WASM module, and turns its rejections into OptimError. Works unchanged in Node 20 and in
// browsers. Types: index.d.ts.
//
// Written for its place in build/wasm/optim/: the glue and the .wasm beside it, the shared JS
// (core/common/js) in build/wasm/common/.
import { argumentChecks, camelCase, show, toJsNames } from '../common/args.js';
import { refusingExtraArguments } from '../common/api.js';
import { CoreError } from '../common/core-error.js';
import { moduleLoader } from '../common/load-module.js';
import createOptimCore from './optim_core.mjs';

export { CoreError };

/** A bad argument to an optimiser, a surface or a descent: `parameter` and the message name it
 * and its value. */
export class OptimError extends CoreError {
  constructor(parameter, message) {
    super(parameter, message);
    this.name = 'OptimError';
  }
}

const {
  toBetas, toFloats, toFlag, toInteger, toNumber, toNumberPair, readOptions, readRecord,
} = argumentChecks(OptimError);

// A surface grid's keys; its columns and rows are refused in the words the core uses for their
// range, its x and y as the span they are.
const GRID_KEYS = ['x', 'y', 'columns', 'rows'];
const GRID_CELLS = { takes: 'a whole number from 1 to 400' };
const SPAN = 'two numbers, the lower first';

// Each optimiser: its step function and its descent in the module, its options with
// PyTorch 1.13's defaults (SGD's lr has none: PyTorch's `required`), each option's type that of
// its default, and its state's keys: the step count, buffers every state has ('values'), and
// buffers a state has only if its first step's options made them ('buffer', else null).
const OPTIMIZERS = {
  sgd: {
    step: 'sgdStep',
    descend: 'descendSgd',
    defaults: { lr: undefined, momentum: 0, dampening: 0, weightDecay: 0, nesterov: false, maximize: false },
    state: { momentumBuffer: 'buffer' },
  },
  rmsprop: {
    step: 'rmspropStep',
    descend: 'descendRmsprop',
    defaults: { lr: 0.01, alpha: 0.99, eps: 1e-8, weightDecay: 0, momentum: 0, centered: false, maximize: false },
    state: { step: 'count', squareAvg: 'values', momentumBuffer: 'buffer', gradAvg: 'buffer' },
  },
  adam: {
    step: 'adamStep',
    descend: 'descendAdam',
    defaults: { lr: 0.001, betas: [0.9, 0.999], eps: 1e-8, weightDecay: 0, amsgrad: false, maximize: false },
    state: { step: 'count', expAvg: 'values', expAvgSq: 'values', maxExpAvgSq: 'buffer' },
  },
};
const SURFACES = ['bowl', 'ravine', 'rosenbrock'];

// The options of one call to `name` (args.js readOptions: own properties, each read once,
// defaults filled in), their types checked, as the core's struct: betas become beta1 and beta2.
// Ranges are the C++ core's to check.
function coreOptions(optimizer, name, options) {
  const { defaults } = OPTIMIZERS[optimizer];
  const read = readOptions(options, name, Object.keys(defaults), defaults);
  const core = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = read[key];
    if (typeof fallback === 'boolean') {
      core[key] = toFlag(value, key, fallback);
    } else if (Array.isArray(fallback)) {
      [core.beta1, core.beta2] = toBetas(value, key);
    } else if (value === undefined) {
      throw new OptimError(key, `${name} needs ${key}: PyTorch's SGD has no default learning rate`);
    } else {
      core[key] = toNumber(value, key);
    }
  }
  return core;
}

// The state of a call to `name` (null or undefined: a fresh optimiser) as the core takes it:
// null, or a record of the optimiser's state keys (args.js readRecord: own properties, each read
// once, other keys refused, a missing one named as missing), a buffer the state lacks read as
// null. Lengths and the step's value are the core's to check.
function readState(optimizer, name, state) {
  if (state === null || state === undefined) return null;
  if (typeof state !== 'object' || Array.isArray(state)) {
    throw new OptimError('state', `state must be null or a state that ${name} returned, got ${show(state)}`);
  }
  const kinds = OPTIMIZERS[optimizer].state;
  const keys = Object.keys(kinds);
  const buffers = keys.filter((key) => kinds[key] === 'buffer');
  const kindOf = (path) => kinds[path.slice('state.'.length)];
  return readRecord(state, 'state', keys, (value, path) => (
    kindOf(path) === 'count' ? toNumber(value, path, 'state') : toFloats(value, path, 'state')), buffers);
}

function toSurface(name, wasm) {
  if (!SURFACES.includes(name)) {
    throw new OptimError('name', `name must be a surface: 'bowl', 'ravine' or 'rosenbrock', got ${show(name)}`);
  }
  return wasm.Surface[name];
}

// The core speaks PyTorch's names (weight_decay, state['square_avg']); the JS API speaks
// camelCase (weightDecay, state.squareAvg).
const optimError = ({ error, parameter }) => new OptimError(camelCase(parameter), toJsNames(error));

function makeApi(wasm) {
  const answer = (result) => {
    if ('error' in result) throw optimError(result);
    return result;
  };

  const step = (optimizer) => {
    const name = OPTIMIZERS[optimizer].step;
    return (params, grads, state, options) => {
      const core = coreOptions(optimizer, name, options);
      const p = toFloats(params, 'params');
      const g = toFloats(grads, 'grads');
      return answer(wasm[name](p, g, readState(optimizer, name, state), core));
    };
  };

  function surface(name, point) {
    const code = toSurface(name, wasm);
    return answer(wasm.surface(code, toFloats(point, 'point')));
  }

  // The grid is a record as every other (args.js readRecord: exactly its four keys, own
  // properties, each read once); each part is checked for its type here, and named on its own
  // as the core names it, its range by the core.
  function surfaceGrid(name, grid) {
    const code = toSurface(name, wasm);
    const { x, y, columns, rows } = readRecord(grid, 'grid', GRID_KEYS, (value) => value);
    const [x0, x1] = toNumberPair(x, 'x', SPAN);
    const [y0, y1] = toNumberPair(y, 'y', SPAN);
    return answer(wasm.surfaceGrid(code, x0, x1, y0, y1, toInteger(columns, 'columns', GRID_CELLS), toInteger(rows, 'rows', GRID_CELLS)));
  }

  function descend(name, start, optimizer, options, steps) {
    const code = toSurface(name, wasm);
    const xy = toFloats(start, 'start');
    if (typeof optimizer !== 'string' || !Object.hasOwn(OPTIMIZERS, optimizer)) {
      throw new OptimError('optimizer', `optimizer must be 'sgd', 'rmsprop' or 'adam', got ${show(optimizer)}`);
    }
    const core = coreOptions(optimizer, `descend with '${optimizer}'`, options);
    const n = toInteger(steps, 'steps', { takes: 'a whole number from 0 to 1000' });
    return answer(wasm[OPTIMIZERS[optimizer].descend](code, xy, core, n));
  }

  return refusingExtraArguments(OptimError, {
    sgdStep: step('sgd'),
    rmspropStep: step('rmsprop'),
    adamStep: step('adam'),
    surface,
    surfaceGrid,
    descend,
  });
}

export const loadOptim = moduleLoader(
  createOptimCore, new URL('./optim_core.wasm', import.meta.url), makeApi);
