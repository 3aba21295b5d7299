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
// question, answer and hint are required; working (how the answer comes about, shown with it
// when the learner asks for it after two wrong tries), mistakes (likely wrong answers,
// one `value: a sentence on what it suggests the learner did` per indented line, shown after
// the site's "Not quite: value."), tolerance (how far from the
// answer still counts as right, default DEFAULT_TOLERANCE), playground (a query in the links' format of the lesson's
// widget, which becomes a link that sets the widget up for the question) and core are not.
// core names the number the answer is under those settings, in words the lesson's element
// understands (its adapter's exerciseValue: "output 1,1" for pooling, "derivative" for a
// neuron); the loader asks the core for it, and a wrong answer stops the build.
// The question and hint may use inline Markdown and $math$. A block that breaks these rules
// stops the build with an ExerciseError naming the exercise, its line and the field.
//
// It renders, at build time, to a group with a label, a text field, a Check button, a status
// line and the hint; web/site/browser/exercises.js makes the button work. The form (the label,
// the field and Check) comes as a <template>, which exercises.js puts in place once the widget
// shows its numbers (it says why).
import { DECIMAL_NUMBER, FieldError, SettingsQueryError, queryKeys, readAttributes, readQuery } from '../components/shared/settings-table.js';

export const EXERCISE_INFO = 'exercise';
export const EXERCISE_FIELDS = ['question', 'answer', 'hint', 'working', 'mistakes', 'tolerance', 'playground', 'settings', 'core'];
const REQUIRED = ['question', 'answer', 'hint'];

/** Answers within this of the right one count as right, unless the exercise sets a tolerance. */
export const DEFAULT_TOLERANCE = 0.005;


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
 *   hint: string, working: string | null, mistakes: { value: number, feedback: string }[], tolerance: number,
 *   playground: string | null, settings: string | null, core: string | null }} Exercise
 *   settings: the query core names its number under (the playground's, when there is one)
 */
export function parseExercise(content, { number, line }) {
  const name = `exercise ${number}`;
  const fail = (field, problem) => {
    throw new ExerciseError(field ? `${name}.${field}` : name, `${name} (line ${line}): ${problem}`);
  };
  const fields = {};
  const mistakeLines = [];
  let current = null;
  content.split('\n').forEach((text, i) => {
    if (text.trim() === '') return;
    if (/^\s/.test(text)) {
      if (current === null) fail(null, `line ${line + 1 + i} is indented, but there is no field above it to continue`);
      // Each indented line under mistakes: is one mistake; under another field, more of its text.
      if (current === 'mistakes') mistakeLines.push({ text: text.trim(), line: line + 1 + i });
      else fields[current] += ` ${text.trim()}`;
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
  if (!DECIMAL_NUMBER.test(fields.answer)) fail('answer', `answer must be a number such as 2.5, got ${JSON.stringify(fields.answer)}`);
  let tolerance = DEFAULT_TOLERANCE;
  if (fields.tolerance !== undefined) {
    if (!DECIMAL_NUMBER.test(fields.tolerance) || Number(fields.tolerance) < 0) {
      fail('tolerance', `tolerance must be a number of 0 or more, got ${JSON.stringify(fields.tolerance)}`);
    }
    tolerance = Number(fields.tolerance);
    // A tolerance of half the answer or more takes answers that are not it (100 on 10 takes -90);
    // an answer near 0 may keep the default's.
    const answer = Math.abs(Number(fields.answer));
    if (tolerance > DEFAULT_TOLERANCE && tolerance >= answer / 2) {
      fail('tolerance', `tolerance ${fields.tolerance} would count answers far from ${fields.answer} as right: keep it below half the answer (or at most ${DEFAULT_TOLERANCE}, the default, for an answer near 0)`);
    }
  }
  const playground = fields.playground === undefined ? null : fields.playground.replace(/^\?/, '');
  const settings = fields.settings === undefined ? playground : fields.settings.replace(/^\?/, '');
  if (fields.settings !== undefined && playground !== null) fail('settings', 'give playground or settings, not both');
  if (fields.core !== undefined && settings === null) {
    fail('core', 'core needs a playground line (or settings, for an exercise that offers no link): it names a number under those settings');
  }
  const core = fields.core ?? null;
  if (fields.mistakes) fail('mistakes', 'mistakes takes its mistakes on the indented lines below it, one "value: what it suggests" each');
  const mistakes = mistakeLines.map(({ text, line: at }) => {
    const match = /^([^:]+):\s*(.+)$/.exec(text);
    if (!match || !DECIMAL_NUMBER.test(match[1].trim())) {
      fail('mistakes', `line ${at} must be "value: what it suggests the learner did", such as "4: counted the padding", got ${JSON.stringify(text.slice(0, 40))}`);
    }
    const value = Number(match[1].trim());
    if (Math.abs(value - Number(fields.answer)) <= tolerance) {
      fail('mistakes', `line ${at}: ${match[1].trim()} counts as the right answer (${fields.answer} within ${tolerance}), so it cannot be a mistake`);
    }
    return { value, feedback: match[2].trim() };
  });
  return {
    number,
    line,
    question: fields.question,
    answer: Number(fields.answer),
    answerText: fields.answer,
    hint: fields.hint,
    working: fields.working ?? null,
    mistakes,
    tolerance,
    playground,
    settings,
    core,
  };
}

/**
 * Checks an exercise's settings with the core, as the lesson's widget block is checked (the
 * adapter's checkSettings), and its answer against the core, if it names its number (the core
 * field). Rejects with an ExerciseError for "exercise N.<field>" when its settings cannot be read
 * or are refused, its core field names nothing the element knows, or the core disagrees with the
 * answer.
 * @param {Exercise} exercise
 * @param {object} widget the lesson's widget
 * @param {object} widget.adapter its element's adapter (SETTINGS, exerciseValue)
 * @param {object} widget.core the core its adapter loads
 * @param {object} [widget.settings] the widget's settings on the page; the exercise's query is
 *   read over them, as the widget reads a link. Without them, the element's defaults.
 */
export async function checkAnswerWithCore(exercise, { adapter, core, settings: lessonSettings }) {
  const settings = checkPlayground(exercise, { adapter, settings: lessonSettings });
  const name = `exercise ${exercise.number}`;
  const fail = (field, problem) => {
    throw new ExerciseError(`${name}.${field}`, `${name} (line ${exercise.line}): ${problem}`);
  };
  if (settings !== null && adapter.checkSettings) {
    const field = linkField(exercise);
    try {
      await adapter.checkSettings(settings, { core });
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      // The adapter names a field as a lesson's widget block would ("widget.temperature"); the
      // link names it without the prefix.
      fail(field, `the widget refuses the ${field} settings: ${error.message.replace(/^widget\./, '')}`);
    }
  }
  if (!exercise.core) return;
  if (!adapter.exerciseValue) fail('core', 'core names a number, but the lesson\'s widget offers none to check');
  let value;
  try {
    value = adapter.exerciseValue(core, settings, exercise.core);
  } catch (error) {
    if (!(error instanceof FieldError)) throw error;
    fail(error.field, error.message);
  }
  // Written so that a NaN from the core is a disagreement: no answer is within any tolerance of it.
  if (!(Math.abs(value - exercise.answer) <= exercise.tolerance + 1e-9 * Math.max(1, Math.abs(value)))) {
    fail('answer', `answer is ${exercise.answerText} (taking answers within ${exercise.tolerance} of it), but the core gives ${value} for ${exercise.core}`
      + ' with the exercise\'s playground settings: write the core\'s number, or a tolerance that takes its rounding');
  }
}

/**
 * The settings an exercise's link (or its `settings`) gives the lesson's widget, read over the
 * lesson's as the page reads a link; null when it has neither. Every key must be one the widget
 * reads and every value one it takes: a link that fails on the page fails the build instead.
 * @param {Exercise} exercise
 * @param {{ adapter: object, settings?: object }} widget the lesson's element's adapter and its
 *   settings on the page (without them, the element's defaults)
 */
export function checkPlayground(exercise, { adapter, settings: lessonSettings }) {
  if (exercise.settings === null) return null;
  const name = `exercise ${exercise.number}`;
  const field = linkField(exercise);
  const fail = (problem) => {
    throw new ExerciseError(`${name}.${field}`, `${name} (line ${exercise.line}): ${problem}`);
  };
  const known = queryKeys(adapter.SETTINGS);
  const unknown = [...new URLSearchParams(exercise.settings).keys()].find((key) => !known.includes(key));
  if (unknown !== undefined) fail(`${field} has ${unknown}, which the widget does not read (it reads ${known.join(', ')})`);
  try {
    return readQuery(adapter.SETTINGS, exercise.settings, lessonSettings ?? readAttributes(adapter.SETTINGS, () => null));
  } catch (error) {
    if (!(error instanceof SettingsQueryError)) throw error;
    return fail(`${field} is not a query string the widget can read: ${error.message}`);
  }
}

// The field that gives an exercise's settings, as its author wrote it.
const linkField = (exercise) => (exercise.playground === null ? 'settings' : 'playground');

/**
 * The exercise's HTML.
 * @param {ReturnType<typeof parseExercise>} exercise
 * @param {number} number 1-based, unique on the page
 * @param {(markdown: string) => string} renderInline renders inline Markdown (and math)
 * @param {(text: string) => string} escape escapes text for HTML
 * @param {(key: string, params?: object) => string} t the translator of the lesson's language
 *   (web/i18n): the exercise's own words, "exercises" area
 */
export function renderExercise(exercise, number, renderInline, escape, t) {
  const id = `exercise-${number}`;
  const tryLink = exercise.playground === null
    ? ''
    : `\n  <p class="exercise__try"><a href="?${escape(exercise.playground)}" data-playground-query="${escape(exercise.playground)}">${escape(t('exercises.setUpPlayground'))}</a></p>`;
  // Feedback for likely mistakes waits in the page, hidden, until the learner makes one.
  const mistakes = exercise.mistakes.length === 0
    ? ''
    : `\n  <ul class="exercise__mistakes" hidden>${exercise.mistakes.map(({ value, feedback }) =>
      `<li data-value="${escape(String(value))}">${renderInline(feedback)}</li>`).join('')}</ul>`;
  return `<div class="exercise" role="group" aria-labelledby="${id}-title" data-exercise data-answer="${escape(exercise.answerText)}" data-tolerance="${escape(String(exercise.tolerance))}">
  <h3 class="exercise__title" id="${id}-title">${escape(t('exercises.title', { number }))}</h3>
  <p class="exercise__question" id="${id}-question">${renderInline(exercise.question)}</p>
  <template data-exercise-form><form class="exercise__form" method="dialog">
    <label for="${id}-answer">${escape(t('exercises.yourAnswer'))}</label>
    <input id="${id}-answer" type="text" inputmode="decimal" autocomplete="off" spellcheck="false" aria-describedby="${id}-question ${id}-status">
    <button type="submit">${escape(t('exercises.check'))}</button>
  </form></template>
  <p class="exercise__status" id="${id}-status" role="status"></p>${mistakes}
  <details class="exercise__hint">
    <summary>${escape(t('exercises.hint'))}</summary>
    <p>${renderInline(exercise.hint)}</p>
  </details>
  <div class="exercise__reveal" hidden>
    <button type="button" data-reveal>${escape(t('exercises.reveal'))}</button>
    <p class="exercise__working" id="${id}-working" hidden><strong>${escape(t('exercises.answer', { answer: exercise.answerText }))}</strong>${exercise.working ? ` ${renderInline(exercise.working)}` : ''}</p>
  </div>${tryLink}
</div>
`;
}
