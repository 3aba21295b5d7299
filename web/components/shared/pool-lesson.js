// A lesson's `widget:` block for a pooling element, read at build time: the fields are the
// element's settings rows under PyTorch's names, plus `input: { height, width, values }`.
// Types are checked here; whether the settings go together, and the output's size, are the
// core's call, so an impossible combination fails the build with the core's own message.
// Every problem is a FieldError naming the field ("widget.stride").
import { modelOfSettings } from './pool-model.js';
import { MAX_GRID_SIDE, POOL_SETTINGS, belongsTo, coreOptions, defaultPoolSettings, pytorchWords } from './pool-settings.js';
import { FieldError, readFrontMatter } from './settings-table.js';

const PREFIX = 'widget.';

let poolCore = null;

/** The pooling core for the build's checks: the package's own "./core" export, loaded once. */
export function loadPoolCore() {
  poolCore ??= import('pooling-course/core').then((module) => module.loadCore());
  return poolCore;
}

/**
 * @param {object} raw the widget block, with `element` already checked by the loader
 * @param {object} options
 * @param {object[]} options.table the element's settings rows
 * @param {import('../../../core/pool/js/index.js').PoolCore} options.core
 * @param {number} [options.maxSide] the largest side of the picture the element draws (default
 *   MAX_GRID_SIDE)
 * @param {(name: string) => string} [options.missing] why a required field matters, by name;
 *   fields it names are required
 * @returns {Promise<object>} the settings, every row of the table filled in
 */
export async function readPoolLesson(raw, { table, core, maxSide, missing = {} }) {
  for (const [name, why] of Object.entries(missing)) {
    if (raw[name] === undefined) throw new FieldError(`${PREFIX}${name}`, `${PREFIX}${name} is missing (${why})`);
  }
  const given = readFrontMatter(table, raw, PREFIX, ['element']);
  const op = given.op ?? 'avg';
  const wrongOp = table.find((row) => raw[row.name] !== undefined && !belongsTo(row, op));
  if (wrongOp) {
    const owner = op === 'max' ? 'average' : 'max';
    throw new FieldError(`${PREFIX}${wrongOp.name}`, `${PREFIX}${wrongOp.name} is for ${owner} pooling only, and this widget has op: ${op}`);
  }

  const settings = { ...defaultSettingsOf(table), ...readInput(raw.input, maxSide) };
  for (const [key, value] of Object.entries(given)) settings[key] = value;
  if (given.stride === undefined) settings.stride = [...settings.kernelSize];
  // The grid the element draws: the picture with its padding, within MAX_GRID_SIDE a side.
  table.find((row) => row.key === 'padding').check(settings, (problem) => {
    throw new FieldError(`${PREFIX}padding`, `${PREFIX}padding: ${problem}`);
  });

  const [outputHeight, outputWidth] = outputSize(core, settings);
  if (settings.gradOutput !== 'ones' && settings.gradOutput.length !== outputHeight * outputWidth) {
    const count = `${outputHeight} x ${outputWidth} = ${outputHeight * outputWidth}`;
    const rule = table.find((row) => row.key === 'gradOutput').ones ? 'be "ones" or hold' : 'hold';
    throw new FieldError(`${PREFIX}grad_output`,
      `${PREFIX}grad_output must ${rule} one number per output, ${count}, got ${settings.gradOutput.length}`);
  }
  return settings;
}

function defaultSettingsOf(table) {
  const settings = defaultPoolSettings();
  for (const row of table) {
    if (row.key in settings) continue;
    settings[row.key] = typeof row.fallback === 'function' ? row.fallback(settings) : structuredClone(row.fallback);
  }
  return settings;
}

// The picture: `input: { height, width, values }`; values default to 0, 1, 2, ...
const INPUT_FIELDS = [
  { name: 'height', key: 'inputHeight', kind: 'count', min: 1 },
  { name: 'width', key: 'inputWidth', kind: 'count', min: 1 },
  { name: 'values', key: 'input', kind: 'numbers' },
];

function readInput(raw, maxSide) {
  if (raw === undefined) return {};
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new FieldError(`${PREFIX}input`, `${PREFIX}input must be a mapping of fields, got ${JSON.stringify(raw)}`);
  }
  const fields = INPUT_FIELDS.map((row) => (row.kind === 'count' ? { ...row, max: maxSide ?? MAX_GRID_SIDE } : row));
  const input = readFrontMatter(fields, raw, `${PREFIX}input.`);
  for (const row of fields.slice(0, 2)) {
    if (input[row.key] === undefined) {
      throw new FieldError(`${PREFIX}input.${row.name}`, `${PREFIX}input.${row.name} must be a positive integer, got nothing`);
    }
  }
  const count = input.inputHeight * input.inputWidth;
  input.input ??= Array.from({ length: count }, (_, i) => i);
  if (input.input.length !== count) {
    throw new FieldError(`${PREFIX}input.values`,
      `${PREFIX}input.values must hold height x width = ${input.inputHeight} x ${input.inputWidth} = ${count} numbers, got ${input.input.length}`);
  }
  return input;
}

// The output size the core gives these settings; a combination it refuses is reported under
// the field the core names, in PyTorch's words.
function outputSize(core, settings) {
  try {
    const [, height, width] = core.pool2dOutputShape([1, settings.inputHeight, settings.inputWidth], coreOptions(settings));
    return [height, width];
  } catch (error) {
    if (error?.name !== 'PoolError') throw error;
    const row = POOL_SETTINGS.find((candidate) => candidate.key === error.parameter);
    const name = row?.name ?? error.parameter;
    throw new FieldError(`${PREFIX}${name}`, `${PREFIX}${name}: the pooling core rejects these settings: ${pytorchWords(error.message)}`);
  }
}

const EXERCISE_SPEC = /^(output|grad_input|divisor|index) (\d+),\s*(\d+)$/;
const EXERCISE_WORDS = '"output R,C", "grad_input R,C", "divisor R,C", "index R,C" (from 1), "outputs", '
  + '"outputs other than 1" or "padding that keeps the size"';

/**
 * The number an exercise's `core:` line names under some pooling settings:
 * - "output R,C", "grad_input R,C", "divisor R,C" or "index R,C" (max pooling's recorded input
 *   index, from 0), with rows and columns counted from 1;
 * - "outputs" (how many there are) and "outputs other than 1" (how many are not exactly 1);
 * - "padding that keeps the size": the smallest padding whose output is as large as the input
 *   (the padding in the settings is ignored; NaN when none does).
 * Throws FieldError for "core" (a spec that names nothing) or "playground" (settings the core
 * refuses).
 * @param {import('../../../core/pool/js/index.js').PoolCore} core
 * @param {object} settings
 * @param {string} spec
 */
export function poolExerciseValue(core, settings, spec) {
  if (spec === 'padding that keeps the size') return paddingThatKeepsTheSize(core, settings);
  const match = EXERCISE_SPEC.exec(spec);
  const whole = ['outputs', 'outputs other than 1'].includes(spec);
  if (!whole && !(match && Number(match[2]) >= 1 && Number(match[3]) >= 1)) {
    throw new FieldError('core', `core must be ${EXERCISE_WORDS}, got ${JSON.stringify(spec)}`);
  }
  const result = modelFor(core, settings);
  if (spec === 'outputs') return result.outputHeight * result.outputWidth;
  if (spec === 'outputs other than 1') return Array.from(result.output).filter((value) => value !== 1).length;
  const [, what, row, column] = match;
  const [rows, columns] = what === 'grad_input' ? [result.height, result.width] : [result.outputHeight, result.outputWidth];
  if (Number(row) > rows || Number(column) > columns) {
    throw new FieldError('core', `core names ${what} ${row},${column}, but that grid is ${rows} x ${columns}`);
  }
  if (what === 'divisor' && !result.divisors) throw new FieldError('core', 'core names a divisor, but max pooling has none');
  if (what === 'index' && !result.indices) throw new FieldError('core', 'core names an index, but average pooling records none');
  const index = (row - 1) * columns + (column - 1);
  return { output: result.output, grad_input: result.gradInput, divisor: result.divisors, index: result.indices }[what][index];
}

/**
 * The pooling of these settings as the widget computes it (pool-model.js), for an exercise's
 * link or a lesson's block: what the core or the model refuses is a FieldError, in PyTorch's
 * words. Any other error is a fault of the code, and is thrown as it is.
 * @param {import('../../../core/pool/js/index.js').PoolCore} core
 * @param {object} settings
 * @param {string} [field] the FieldError's field
 * @param {string} [refuses] what the message says before the reason
 */
export function checkedPoolModel(core, settings, field = 'widget', refuses = 'the pooling core rejects these settings') {
  try {
    return modelOfSettings(core, settings);
  } catch (error) {
    if (error?.name !== 'PoolError' && error?.parameter === undefined) throw error;
    throw new FieldError(field, `${refuses}: ${pytorchWords(error.message)}`);
  }
}

/**
 * Settings an exercise's link gives, run through the core as the widget would run them.
 * @param {object} settings
 * @param {{ core: import('../../../core/pool/js/index.js').PoolCore }} context
 */
export async function checkPoolSettings(settings, { core }) {
  checkedPoolModel(core, settings);
  return settings;
}

const modelFor = (core, settings) => checkedPoolModel(core, settings, 'playground', 'the pooling core rejects its playground settings');

// PyTorch caps padding at half the kernel, so the search is short.
function paddingThatKeepsTheSize(core, settings) {
  const [kh, kw] = settings.kernelSize;
  for (let padding = 0; padding <= Math.floor(Math.max(kh, kw) / 2); padding++) {
    try {
      const [, height, width] = core.pool2dOutputShape([1, settings.inputHeight, settings.inputWidth],
        coreOptions({ ...settings, padding: [padding, padding] }));
      if (height === settings.inputHeight && width === settings.inputWidth) return padding;
    } catch {
      // the core refuses this padding: try the next
    }
  }
  return NaN;
}
