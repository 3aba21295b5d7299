// The catalogue in the browser: each card says what the learner has done there (from
// progress.js), "Start here" becomes "Continue" with the lesson opened last, and the search box
// filters the lessons by title and summary as the learner types, without a server. A learner who
// picked the other language with the switch is offered that catalogue, and the lesson links lead
// to that language's pages. Words come from the page language's messages (web/i18n).
import { loadLanguage, translator } from '../../i18n/i18n.js';
import { chosenLanguage, englishPath, languageOfPath, pathIn } from './language.js';
import { readProgress } from './progress.js';

const t = translator(await loadLanguage(document.documentElement.lang));
const cards = [...document.querySelectorAll('[data-lesson-url]')];
const start = document.querySelector('[data-start]');
// A card's lesson by the address its link has on this site (under the site's base, if any),
// in English, as the lesson page records itself whatever its language.
const linkOf = (card) => card.querySelector('.lesson-card__title a');
const pathOf = (card) => englishPath(new URL(linkOf(card).href).pathname);

// What the page was built with, which showProgress starts from each time.
const links = [...cards.map(linkOf), start].filter(Boolean);
const built = new Map(links.map((link) => [link, { href: link.getAttribute('href'), hreflang: link.getAttribute('hreflang') }]));
const startText = start?.textContent;

// The learner's progress and chosen language as this browser holds them now: on the first load,
// and again when the browser shows the page from its back/forward cache (a lesson solved or the
// other language chosen since).
function showProgress() {
  const progress = readProgress();
  for (const [link, { href, hreflang }] of built) {
    link.setAttribute('href', href);
    if (hreflang === null) link.removeAttribute('hreflang');
    else link.setAttribute('hreflang', hreflang);
  }
  if (start) start.textContent = startText;

  // The learner chose the other language: say so (in it) and lead the lesson links there.
  const chosen = chosenLanguage();
  for (const note of document.querySelectorAll('[data-chosen-language]')) note.hidden = true;
  const chosenNote = document.querySelector(`[data-chosen-language="${CSS.escape(chosen ?? '')}"]`);
  if (chosenNote && chosen !== languageOfPath(window.location.pathname)) {
    chosenNote.hidden = false;
    for (const link of links) {
      link.href = pathIn(new URL(link.href).pathname, chosen);
      link.hreflang = chosen;
    }
  }

  for (const card of cards) {
    const lesson = progress.lessons[pathOf(card)];
    const line = card.querySelector('[data-progress]');
    line.hidden = !lesson?.opened;
    if (!lesson?.opened) continue;
    const total = Number(card.dataset.exercises);
    const solved = Object.values(lesson.exercises ?? {}).filter((exercise) => exercise.solved).length;
    line.textContent = total > 0
      ? t('site.catalogue.progress.solved', { solved: Math.min(solved, total), total })
      : t('site.catalogue.progress.opened');
  }

  const lastCard = cards.find((card) => pathOf(card) === progress.last);
  if (start && lastCard) {
    start.setAttribute('href', linkOf(lastCard).getAttribute('href'));
    start.textContent = t('site.catalogue.continue', { title: lastCard.querySelector('.lesson-card__title').textContent.trim() });
  }
}

showProgress();
window.addEventListener('pageshow', (event) => {
  if (event.persisted) showProgress();
});

// Accents and case do not matter: "gelu" finds "GELU", "elu" also finds "ELU". Chinese has no
// spaces between words, so each typed word is found anywhere in the text ("池化" in "平均池化").
const normalise = (text) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

const search = document.querySelector('[data-search]');
if (search) {
  const field = search.querySelector('input');
  const count = search.querySelector('[role="status"]');
  const texts = new Map(cards.map((card) => [card, normalise(
    `${card.querySelector('.lesson-card__title').textContent} ${card.querySelector('.lesson-card__summary').textContent}`)]));
  search.addEventListener('submit', (event) => event.preventDefault());
  const filter = () => {
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
    if (words.length === 0) count.textContent = '';
    else if (shown === 0) count.textContent = t('site.catalogue.search.none', { query: field.value.trim() });
    else count.textContent = t('site.catalogue.search.count', { shown, total: cards.length });
  };
  field.addEventListener('input', filter);
  // Words typed before this script ran, or put back by the browser on a return to the page.
  if (field.value !== '') filter();
}
