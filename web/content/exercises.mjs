// Exercises written in a lesson's Markdown: a fenced block whose info string is `exercise`.
//
//     ```exercise
//     question: With kernel_size 2 and stride 2, what does the top-left window of 1..16 give?
//     answer: 3.5
//     hint: Average its four cells: 1, 2, 5 and 6.
//     tolerance: 0.01
//     playground: input=4x4:1..16&kernel_size=2&stride=2
//     core: output 1,1
//     ```
//
// One `key: value` per line; a line that starts with spaces continues the value above it.
// question, answer and hint are required; tolerance (how far from the answer still counts as
// right, default DEFAULT_TOLERANCE) and playground (a query string in the playground's URL
// format, which becomes a link that sets the lesson's playground up for the question) and core
// are not. core names the number the answer is ("output R,C", "grad_input R,C" or
// "divisor R,C", counted from 1, or "outputs" for how many there are) under the playground
// settings; the loader then asks the core for it, and a wrong answer stops the build.
// The question and hint may use inline Markdown and $math$. A block that breaks these rules
// stops the build with an ExerciseError naming the exercise, its line and the field.
//
// It renders, at build time, to a group with a label, a text field, a Check button, a status
// line and the hint; web/site/exercises.js makes the button work.
import { modelOfSettings } from '../components/shared/pool-model.js';
import { POOL_SETTINGS, defaultPoolSettings } from '../components/shared/pool-settings.js';
import { SettingsQueryError, readQuery } from '../components/shared/settings-table.js';

// An exercise's link is read as the lesson's playground reads the page's address.
const settingsFromQuery = (query, base = defaultPoolSettings()) => readQuery(POOL_SETTINGS, query, base);

export const EXERCISE_INFO = 'exercise';
export const EXERCISE_FIELDS = ['question', 'answer', 'hint', 'tolerance', 'playground', 'core'];
const CORE_SPEC = /^(output|grad_input|divisor) (\d+),\s*(\d+)$/;
const REQUIRED = ['question', 'answer', 'hint'];

/** Answers within this of the right one count as right, unless the exercise sets a tolerance. */
export const DEFAULT_TOLERANCE = 0.005;

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export class ExerciseError extends Error {
  /** e.g. "exercise 2.answer" */
  field;

  constructor(field, message) {
    super(message);
    this.name = 'ExerciseError';
    this.field = field;
  }
}

/**
 * Reads one exercise block.
 * @param {string} content the block's text, without the fences
 * @param {{ number: number, line: number }} where 1-based exercise number and the line of its
 *   opening fence (in the file when the caller knows the offset, else in the body)
 * @returns {Exercise}
 * @typedef {{ number: number, line: number, question: string, answer: number, answerText: string,
 *   hint: string, tolerance: number, playground: string | null,
 *   core: { what: 'output' | 'grad_input' | 'divisor' | 'outputs', row: number, column: number } | null }} Exercise
 */
export function parseExercise(content, { number, line }) {
  const name = `exercise ${number}`;
  const fail = (field, problem) => {
    throw new ExerciseError(field ? `${name}.${field}` : name, `${name} (line ${line}): ${problem}`);
  };
  const fields = {};
  let current = null;
  content.split('\n').forEach((text, i) => {
    if (text.trim() === '') return;
    if (/^\s/.test(text)) {
      if (current === null) fail(null, `line ${line + 1 + i} is indented, but there is no field above it to continue`);
      fields[current] += ` ${text.trim()}`;
      return;
    }
    const match = /^([a-z_]+):(.*)$/.exec(text);
    if (!match) fail(null, `line ${line + 1 + i} must be "field: value", got ${JSON.stringify(text.slice(0, 40))}`);
    const [, key, value] = match;
    if (!EXERCISE_FIELDS.includes(key)) {
      fail(key, `${key} is not a known field (allowed: ${EXERCISE_FIELDS.join(', ')})`);
    }
    if (key in fields) fail(key, `${key} is given twice`);
    fields[key] = value.trim();
    current = key;
  });

  for (const key of REQUIRED) {
    if (!fields[key]) fail(key, `${key} is missing (every exercise needs ${REQUIRED.join(', ')})`);
  }
  if (!NUMBER.test(fields.answer)) fail('answer', `answer must be a number such as 2.5, got ${JSON.stringify(fields.answer)}`);
  let tolerance = DEFAULT_TOLERANCE;
  if (fields.tolerance !== undefined) {
    if (!NUMBER.test(fields.tolerance) || Number(fields.tolerance) < 0) {
      fail('tolerance', `tolerance must be a number of 0 or more, got ${JSON.stringify(fields.tolerance)}`);
    }
    tolerance = Number(fields.tolerance);
  }
  let playground = null;
  if (fields.playground !== undefined) {
    playground = fields.playground.replace(/^\?/, '');
    try {
      settingsFromQuery(playground);
    } catch (error) {
      if (!(error instanceof SettingsQueryError)) throw error;
      fail('playground', `playground is not a query string the playground can read: ${error.message}`);
    }
  }
  let core = null;
  if (fields.core !== undefined) {
    if (playground === null) fail('core', 'core needs a playground line: it names a number under those settings');
    const match = CORE_SPEC.exec(fields.core);
    if (fields.core === 'outputs') core = { what: 'outputs', row: 0, column: 0 };
    else if (match && Number(match[2]) >= 1 && Number(match[3]) >= 1) {
      core = { what: match[1], row: Number(match[2]), column: Number(match[3]) };
    } else {
      fail('core', `core must be "output R,C", "grad_input R,C", "divisor R,C" (from 1) or "outputs", got ${JSON.stringify(fields.core)}`);
    }
  }
  return {
    number,
    line,
    question: fields.question,
    answer: Number(fields.answer),
    answerText: fields.answer,
    hint: fields.hint,
    tolerance,
    playground,
    core,
  };
}

/**
 * Checks an exercise's answer against the core, if it names its number (the core field).
 * Throws an ExerciseError for "exercise N.answer" when they disagree.
 * @param {import('../../core/pool/js/index.js').PoolCore} core
 * @param {Exercise} exercise
 * @param {object} [lessonSettings] the settings the page's playground starts from (the
 *   lesson's widget); the exercise's query is read over them, as the playground reads it.
 *   Without them, the playground's defaults.
 */
export function checkAnswerWithCore(core, exercise, lessonSettings = undefined) {
  if (!exercise.core) return;
  const name = `exercise ${exercise.number}`;
  const fail = (field, problem) => {
    throw new ExerciseError(`${name}.${field}`, `${name} (line ${exercise.line}): ${problem}`);
  };
  const settings = settingsFromQuery(exercise.playground, lessonSettings);
  let result;
  try {
    result = modelOfSettings(core, settings);
  } catch (error) {
    fail('playground', `the pooling core rejects its playground settings: ${error.message}`);
  }
  const { what, row, column } = exercise.core;
  let value;
  if (what === 'outputs') {
    value = result.outputHeight * result.outputWidth;
  } else {
    const [rows, columns] = what === 'grad_input' ? [result.height, result.width] : [result.outputHeight, result.outputWidth];
    if (row > rows || column > columns) {
      fail('core', `core names ${what} ${row},${column}, but that grid is ${rows} x ${columns}`);
    }
    const index = (row - 1) * columns + (column - 1);
    if (what === 'divisor' && !result.divisors) fail('core', 'core names a divisor, but max pooling has none');
    value = { output: result.output, grad_input: result.gradInput, divisor: result.divisors }[what][index];
  }
  if (Math.abs(value - exercise.answer) > exercise.tolerance + 1e-9 * Math.max(1, Math.abs(value))) {
    fail('answer', `answer is ${exercise.answerText}, but the core gives ${value} for ${exercise.core.what}`
      + `${what === 'outputs' ? '' : ` ${row},${column}`} with the exercise's playground settings`);
  }
}

/**
 * The exercise's HTML.
 * @param {ReturnType<typeof parseExercise>} exercise
 * @param {number} number 1-based, unique on the page
 * @param {(markdown: string) => string} renderInline renders inline Markdown (and math)
 * @param {(text: string) => string} escape escapes text for HTML
 */
export function renderExercise(exercise, number, renderInline, escape) {
  const id = `exercise-${number}`;
  const tryLink = exercise.playground === null
    ? ''
    : `\n  <p class="exercise__try"><a href="?${escape(exercise.playground)}" data-playground-query="${escape(exercise.playground)}">Set the playground up for this question</a></p>`;
  return `<div class="exercise" role="group" aria-labelledby="${id}-title" data-exercise data-answer="${escape(exercise.answerText)}" data-tolerance="${escape(String(exercise.tolerance))}">
  <h3 class="exercise__title" id="${id}-title">Exercise ${number}</h3>
  <p class="exercise__question" id="${id}-question">${renderInline(exercise.question)}</p>
  <form class="exercise__form" method="dialog">
    <label for="${id}-answer">Your answer</label>
    <input id="${id}-answer" type="text" inputmode="decimal" autocomplete="off" spellcheck="false" aria-describedby="${id}-question ${id}-status">
    <button type="submit">Check</button>
  </form>
  <p class="exercise__status" id="${id}-status" role="status"></p>
  <details class="exercise__hint">
    <summary>Hint</summary>
    <p>${renderInline(exercise.hint)}</p>
  </details>${tryLink}
</div>
`;
}
