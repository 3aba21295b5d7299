// Makes a lesson's exercises work: Check judges the answer and says so in the exercise's status
// line; "Set the playground up" applies the exercise's settings to the lesson's widget, if it
// takes a query (applyQuery), and otherwise follows the link, which the widget reads on load.
import { judgeAnswer } from './exercise-answer.js';
import '../styles/exercises.css';

function check(exercise) {
  const field = exercise.querySelector('input');
  const status = exercise.querySelector('[role="status"]');
  const answer = Number(exercise.dataset.answer);
  const tolerance = Number(exercise.dataset.tolerance);
  const { verdict } = judgeAnswer(field.value, answer, tolerance);
  exercise.dataset.verdict = verdict;
  if (verdict === 'unreadable') {
    field.setAttribute('aria-invalid', 'true');
    status.textContent = field.value.trim() === ''
      ? 'Type a number first, such as 2.5 or 1/4.'
      : `"${field.value.trim()}" is not a number I can read. Try something like 2.5, -1 or 1/4.`;
  } else if (verdict === 'right') {
    field.removeAttribute('aria-invalid');
    status.textContent = `Right: ${exercise.dataset.answer}.`;
  } else {
    field.setAttribute('aria-invalid', 'true');
    status.textContent = `Not quite: ${field.value.trim()} is not it. Have another go, or open the hint.`;
  }
}

function setUpPlayground(link, event) {
  const playground = document.querySelector('[data-try-it] > *');
  if (!playground || typeof playground.applyQuery !== 'function') return; // the link does it
  if (!playground.applyQuery(link.dataset.playgroundQuery)) return;
  event.preventDefault();
  playground.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

for (const exercise of document.querySelectorAll('[data-exercise]')) {
  exercise.querySelector('form').addEventListener('submit', (event) => {
    event.preventDefault();
    check(exercise);
  });
  exercise.querySelector('input').addEventListener('input', () => {
    delete exercise.dataset.verdict;
  });
  const link = exercise.querySelector('[data-playground-query]');
  link?.addEventListener('click', (event) => setUpPlayground(link, event));
}
