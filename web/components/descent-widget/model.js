// The numbers of <descent-widget>, from the optim core: the walk of the chosen optimiser down
// the surface (descend: every point, the surface's value there, the gradient each step used,
// the optimiser's state after the last step), the gradient where the walk stands now
// (surface), and, with compare, the walk of plain gradient descent (SGD, no momentum, the same
// lr). This file does no arithmetic on them. DOM-free: the element and the adapter share it.
import { FieldError, isZeroInFloat32 } from '../shared/settings-table.js';
import { MAX_STEPS, OPTIONS_OF } from './settings.js';

/** The core's options of the optimiser the settings name (only the ones it reads). */
export function optimizerOptions(settings) {
  const read = OPTIONS_OF[settings.optimizer];
  return Object.fromEntries(read.map((key) => [key, key === 'betas' ? [...settings.betas] : settings[key]]));
}

/** The optimiser's state as rows of [x, y] values, each under its PyTorch name. */
export function stateRows(optimizer, state) {
  const rows = {
    sgd: [['momentum_buffer', state.momentumBuffer]],
    rmsprop: [['square_avg', state.squareAvg], ['momentum_buffer', state.momentumBuffer]],
    adam: [['exp_avg', state.expAvg], ['exp_avg_sq', state.expAvgSq]],
  }[optimizer];
  return rows.filter(([, values]) => values);
}

/**
 * Everything the widget shows, from the core.
 * @returns {{ walk: object, plain: object | null, here: { value: number, gradient: Float32Array }, at: Float32Array }}
 *   walk and plain are descend's results; at is where the walk stands after its last step.
 */
export function descentNumbers(core, settings, steps = settings.steps) {
  const walk = core.descend(settings.surface, settings.start, settings.optimizer, optimizerOptions(settings), steps);
  const plain = settings.compare ? core.descend(settings.surface, settings.start, 'sgd', { lr: settings.lr }, steps) : null;
  const at = walk.points.slice(2 * steps, 2 * steps + 2);
  return { walk, plain, at, here: core.surface(settings.surface, at) };
}

/**
 * The first step whose point is NaN because eps is 0, or null. With eps 0 a coordinate whose
 * gradient has been 0 at every step is moved by 0 / 0 (its running mean, or its gradient, over
 * the root of a running mean of squares that is also 0), as in PyTorch. It is told apart from a
 * walk that overflows (whose NaN comes after an infinity, from a point already off the
 * picture): the point before the NaN and the gradient that step used are finite.
 */
export function zeroOverZeroStep(settings, walk) {
  if (!OPTIONS_OF[settings.optimizer].includes('eps') || !isZeroInFloat32(settings.eps)) return null;
  const { points, gradients } = walk;
  const finite = (values, i) => Number.isFinite(values[2 * i]) && Number.isFinite(values[2 * i + 1]);
  for (let step = 1; step < points.length / 2; step += 1) {
    if (finite(points, step)) continue;
    const notANumber = Number.isNaN(points[2 * step]) || Number.isNaN(points[2 * step + 1]);
    return notANumber && finite(gradients, step - 1) ? step : null;
  }
  return null;
}

// Exercises -------------------------------------------------------------------------------

const STATE_NAMES = ['momentum_buffer', 'square_avg', 'exp_avg', 'exp_avg_sq'];
const SPECS = `x N, y N, value N, grad_x N, grad_y N, plain_x N, plain_y N, plain_value N or ${STATE_NAMES.map((name) => `${name}_x N`).join(', ')} (N steps, from 0 to ${MAX_STEPS})`;

/**
 * The number an exercise names, after N steps of the lesson's optimiser: "x 3" and "y 3" (where
 * it stands), "value 3" (the surface there), "grad_x 3" (the gradient there, which the next
 * step uses), "plain_value 3" (plain gradient descent's value after 3 steps), "exp_avg_y 3"
 * (the optimiser's state, by PyTorch's name).
 * @throws {FieldError} for a spec it does not know
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim();
  const match = /^([a-z_]+?)(?:_([xy]))?\s+(\d+)$/.exec(text);
  const steps = Number(match?.[3]);
  if (!match || steps > MAX_STEPS) throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
  const [, name, axis] = match;
  const index = axis === 'y' ? 1 : 0;
  const { walk, plain, at, here } = descentNumbers(core, { ...settings, compare: true }, steps);
  if (name === 'x' && !axis) return at[0];
  if (name === 'y' && !axis) return at[1];
  if (name === 'value' && !axis) return walk.values[steps];
  if (name === 'grad' && axis) return here.gradient[index];
  if (name === 'plain' && axis) return plain.points[2 * steps + index];
  if (name === 'plain_value' && !axis) return plain.values[steps];
  const state = stateRows(settings.optimizer, walk.state).find(([stateName]) => stateName === name);
  if (state && axis) return state[1][index];
  throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
}
