// The catalogue in the browser: each card says what the learner has done there (from
// progress.js), "Start here" becomes "Continue" with the lesson opened last, and the search box
// filters the lessons by title and summary as the learner types, without a server.
import { readProgress } from './progress.js';

const progress = readProgress();
const cards = [...document.querySelectorAll('[data-lesson-url]')];
// A card's lesson by the address its link has on this site (under the site's base, if any),
// as the lesson page records itself.
const linkOf = (card) => card.querySelector('.lesson-card__title a');
const pathOf = (card) => new URL(linkOf(card).href).pathname;

for (const card of cards) {
  const lesson = progress.lessons[pathOf(card)];
  if (!lesson?.opened) continue;
  const total = Number(card.dataset.exercises);
  const solved = Object.values(lesson.exercises ?? {}).filter((exercise) => exercise.solved).length;
  const line = card.querySelector('[data-progress]');
  line.textContent = total > 0 ? `Opened · ${Math.min(solved, total)} of ${total} exercises solved` : 'Opened';
  line.hidden = false;
}

const start = document.querySelector('[data-start]');
const lastCard = cards.find((card) => pathOf(card) === progress.last);
if (start && lastCard) {
  start.href = linkOf(lastCard).href;
  start.textContent = `Continue: ${lastCard.querySelector('.lesson-card__title').textContent.trim()}`;
}

// Accents and case do not matter: "gelu" finds "GELU", "elu" also finds "ELU".
const normalise = (text) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

const search = document.querySelector('[data-search]');
if (search) {
  const field = search.querySelector('input');
  const count = search.querySelector('[role="status"]');
  const texts = new Map(cards.map((card) => [card, normalise(
    `${card.querySelector('.lesson-card__title').textContent} ${card.querySelector('.lesson-card__summary').textContent}`)]));
  search.hidden = false;
  search.addEventListener('submit', (event) => event.preventDefault());
  field.addEventListener('input', () => {
    const words = normalise(field.value).split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const card of cards) {
      const match = words.every((word) => texts.get(card).includes(word));
      card.hidden = !match;
      if (match) shown += 1;
    }
    for (const module of document.querySelectorAll('.module')) {
      module.hidden = ![...module.querySelectorAll('[data-lesson-url]')].some((card) => !card.hidden);
    }
    count.textContent = words.length === 0 ? '' : `${shown} of ${cards.length} lessons match.`;
  });
}
