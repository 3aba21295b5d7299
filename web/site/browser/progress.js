// What a learner has done, kept in this browser only (localStorage, no server): the lessons
// opened and, per exercise, what was typed, how many tries, whether it was solved or revealed.
// Private browsing or a full storage keep nothing, silently: the course works the same.
// A lesson counts under its English address whatever the language it was read in: solved in
// English, it is solved in Chinese too (the exercises and their answers are the same).
import { englishPath } from './language.js';

const KEY = 'course-progress';

/**
 * @returns {{ lessons: Record<string, { opened: boolean, exercises: Record<string, object> }>,
 *   last?: string }} last: the lesson opened most recently
 */
export function readProgress() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (stored && typeof stored === 'object' && stored.lessons && typeof stored.lessons === 'object') return stored;
  } catch {
    // unreadable or unavailable: start afresh
  }
  return { lessons: {} };
}

function writeProgress(progress) {
  try {
    localStorage.setItem(KEY, JSON.stringify(progress));
  } catch {
    // storage unavailable or full: nothing is kept
  }
}

function lessonOf(progress, path) {
  progress.lessons[path] ??= { opened: false, exercises: {} };
  return progress.lessons[path];
}

/** Notes that this page's lesson was opened, as the one to continue with. */
export function markLessonOpened(path = englishPath(window.location.pathname)) {
  const progress = readProgress();
  lessonOf(progress, path).opened = true;
  progress.last = path;
  writeProgress(progress);
}

const exerciseId = (exercise) => exercise.querySelector('.exercise__title')?.id ?? '';

/** The stored record of an exercise on this page (a fresh one if none). */
export function exerciseRecord(exercise, path = englishPath(window.location.pathname)) {
  const stored = readProgress().lessons[path]?.exercises?.[exerciseId(exercise)];
  return { value: '', tries: 0, solved: false, revealed: false, ...stored };
}

/** Stores an exercise's record. */
export function saveExerciseRecord(exercise, record, path = englishPath(window.location.pathname)) {
  const progress = readProgress();
  lessonOf(progress, path).exercises[exerciseId(exercise)] = { ...record };
  writeProgress(progress);
}
