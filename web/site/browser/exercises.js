// Makes a lesson's exercises work: Check judges the answer and says so in the exercise's status
// line, with the exercise's own feedback for a likely mistake; after two wrong tries the learner
// may reveal the answer with its working; what the learner typed and solved survives a reload
// (progress.js). "Set the playground up" applies the exercise's settings to the lesson's
// widget, if it takes a query (applyQuery), in a history entry of its own, and otherwise
// follows the link, whose settings the page gives its widget on load (lesson.js). The words are
// the exercise's language's (web/i18n, area "exercises"): Chinese on a Chinese lesson, English
// on a lesson still in English, whatever the page around it.
import { loadAdapter } from '../../components/registry.js';
import { langOfElement, loadLanguage, translator } from '../../i18n/i18n.js';
import { judgeAnswer, mistakeFor } from './exercise-answer.js';
import { placeFields } from './fields-later.js';
import { exerciseRecord, markLessonOpened, saveExerciseRecord } from './progress.js';
import { notePlace } from './return-place.js';

const TRIES_BEFORE_REVEAL = 2;

// The exercise's likely mistakes: their values and the (hidden) feedback each shows.
const mistakesOf = (exercise) => [...exercise.querySelectorAll('.exercise__mistakes > li')]
  .map((item) => ({ value: Number(item.dataset.value), feedback: item }));

function say(exercise, ...parts) {
  const status = exercise.querySelector('[role="status"]');
  status.replaceChildren(...parts);
}

const wordsOf = (exercise) => translator(langOfElement(exercise));

function check(exercise, record) {
  const t = wordsOf(exercise);
  const field = exercise.querySelector('input');
  const answer = Number(exercise.dataset.answer);
  const tolerance = Number(exercise.dataset.tolerance);
  const mistakes = mistakesOf(exercise);
  const judged = judgeAnswer(field.value, answer, tolerance);
  const { value, needed } = judged;
  // A likely mistake the exercise lists is that mistake, even where it also rounds the answer.
  const verdict = judged.verdict === 'rounded' && mistakeFor(value, mistakes, tolerance) ? 'wrong' : judged.verdict;
  exercise.dataset.verdict = verdict;
  if (verdict === 'unreadable') {
    field.setAttribute('aria-invalid', 'true');
    say(exercise, field.value.trim() === ''
      ? t('exercises.typeFirst')
      : t('exercises.unreadable', { value: field.value.trim() }));
    return;
  }
  if (verdict === 'rounded') {
    // Not wrong, so not a try: the learner is told how many digits the exercise checks.
    field.setAttribute('aria-invalid', 'true');
    say(exercise, t(needed === 1 ? 'exercises.roundedOne' : 'exercises.rounded', { value: field.value.trim(), needed }));
    return;
  }
  record.tries += 1;
  record.value = field.value;
  record.solved ||= verdict === 'right';
  if (verdict === 'right') {
    field.removeAttribute('aria-invalid');
    say(exercise, t('exercises.right', { answer: exercise.dataset.answer }));
  } else {
    field.setAttribute('aria-invalid', 'true');
    const mistake = mistakeFor(value, mistakes, tolerance, field.value);
    if (mistake) say(exercise, t('exercises.mistake', { value: field.value.trim() }), ...[...mistake.childNodes].map((node) => node.cloneNode(true)));
    else say(exercise, t('exercises.wrong', { value: field.value.trim() }));
  }
  saveExerciseRecord(exercise, record);
  showReveal(exercise, record);
}

// After two wrong tries (or once solved) the answer and its working may be shown.
function showReveal(exercise, record) {
  const reveal = exercise.querySelector('.exercise__reveal');
  reveal.hidden = !(record.solved || record.revealed || record.tries >= TRIES_BEFORE_REVEAL);
  reveal.querySelector('.exercise__working').hidden = !record.revealed;
  reveal.querySelector('[data-reveal]').hidden = record.revealed;
}

// A reload shows what the learner left: the typed answer, and the verdict if it was solved.
function restore(exercise, record) {
  const field = exercise.querySelector('input');
  field.value = record.value;
  if (record.solved && judgeAnswer(record.value, Number(exercise.dataset.answer), Number(exercise.dataset.tolerance)).verdict === 'right') {
    exercise.dataset.verdict = 'right';
    say(exercise, wordsOf(exercise)('exercises.right', { answer: exercise.dataset.answer }));
  }
  showReveal(exercise, record);
}

// What each history entry of the page sets its widget to, once an exercise has set the widget
// up: the entry it was set up from holds the settings shown before ({ state }), the entry the
// set-up adds the exercise's query ({ query }), and as the learner changes the widget, the
// entry they are on keeps what it shows ({ state }). So Back returns to the exercise with the
// widget as the learner left it there, and Forward to what they made of the set-up.
const WIDGET = 'widget';

const holdInEntry = (held) => {
  try {
    window.history.replaceState({ ...(window.history.state ?? {}), [WIDGET]: held }, '');
  } catch {
    // A browser that limits how often a page may write its history (Safari) refuses the
    // write: the entry keeps what it held before.
  }
};

// Set up in place, as following the link would: a history entry of its own, whose address
// carries the settings (a reload or a copied address opens the widget so; a playground that
// keeps its settings in the address, sync-url, writes its own form of it there shortly after).
function setUpPlayground(link, event) {
  const widget = document.querySelector('[data-try-it] > *');
  if (!widget || typeof widget.applyQuery !== 'function') return; // the link does it
  const before = widget.getState();
  const query = link.dataset.playgroundQuery;
  notePlace();
  if (!widget.applyQuery(query)) return;
  event.preventDefault();
  holdInEntry({ state: before });
  try {
    window.history.pushState({ [WIDGET]: { query } }, '', link.href);
  } catch {
    // As above: the widget is set up all the same, without an entry of its own.
  }
  // A note that the page's own address could not be used is no longer about what is shown.
  document.querySelector('.try-it__note')?.remove();
  widget.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

// Back or Forward to an entry that holds the widget's settings puts them back; the learner's
// changes are kept in the entry they are on, once the page has entries of its own.
async function followWidgetInHistory() {
  const widget = document.querySelector('[data-try-it] > *');
  if (typeof widget?.applyQuery !== 'function') return;
  window.addEventListener('popstate', (event) => {
    const held = event.state?.[WIDGET];
    if (held?.state) widget.setState(held.state);
    else if (typeof held?.query === 'string') widget.applyQuery(held.query);
  });
  const { CHANGE_EVENT, EMBED } = await loadAdapter(widget.localName);
  widget.addEventListener(CHANGE_EVENT ?? EMBED?.changeEvent, (event) => {
    if (event.detail?.byUser && window.history.state?.[WIDGET]) holdInEntry({ state: widget.getState() });
  });
}

/**
 * Marks the lesson opened and makes the page's exercises work: once their languages' words are
 * loaded (a Chinese page loads them; an English one has them) and `fieldsAfter` has settled,
 * each exercise's form is put in place (fields-later.js says why) and connected.
 * @param {Promise<unknown>} [fieldsAfter] what the answer fields wait for: the widget's numbers
 *   and an idle browser (lesson.js)
 */
export async function connectExercises(fieldsAfter = Promise.resolve()) {
  // The mark waits with the fields: a page's first use of localStorage waits for the browser's
  // process to hand over the site's storage, and under bench:pages's profile that was some
  // 13 ms in front of the widget's scripts. A learner who leaves sooner is marked as they go.
  const markAsTheyGo = () => markLessonOpened();
  window.addEventListener('pagehide', markAsTheyGo, { once: true });
  const exercises = [...document.querySelectorAll('[data-exercise]')];
  await Promise.all([fieldsAfter, ...[...new Set(exercises.map(langOfElement))].map((lang) => loadLanguage(lang))]);
  window.removeEventListener('pagehide', markAsTheyGo);
  markLessonOpened();
  followWidgetInHistory();
  for (const exercise of exercises) connectExercise(exercise);
}

function connectExercise(exercise) {
  placeFields(exercise, '[data-exercise-form]');
  const record = exerciseRecord(exercise);
  restore(exercise, record);
  exercise.querySelector('form').addEventListener('submit', (event) => {
    event.preventDefault();
    check(exercise, record);
  });
  exercise.querySelector('input').addEventListener('input', () => {
    delete exercise.dataset.verdict;
  });
  exercise.querySelector('[data-reveal]').addEventListener('click', () => {
    record.revealed = true;
    saveExerciseRecord(exercise, record);
    showReveal(exercise, record);
  });
  const link = exercise.querySelector('[data-playground-query]');
  link?.addEventListener('click', (event) => setUpPlayground(link, event));
}
