// Every page's language plumbing: the switch in the header leads to the same page in the other
// language (a plain link, to the same place on it), and following it records the learner's
// choice in this browser (localStorage), so the catalogue can send them on in that language
// (catalogue.js). Nothing is chosen for the learner: no redirect by the browser's language.
import { CHOSEN_LANGUAGE_KEY, englishRoute, languageOfRoute, routeIn } from '../shared/site-languages.js';

const base = import.meta.env.BASE_URL;

/** The language the learner picked with the switch, or null if they never did. */
export function chosenLanguage() {
  try {
    return localStorage.getItem(CHOSEN_LANGUAGE_KEY);
  } catch {
    return null; // storage unavailable: nothing was chosen
  }
}

function choose(lang) {
  try {
    localStorage.setItem(CHOSEN_LANGUAGE_KEY, lang);
  } catch {
    // storage unavailable or full: the switch still leads there
  }
}

/** A path on this site without its base, as the pages' routes are: "/zh/lessons/a/b/". */
const routeOf = (pathname) => (pathname.startsWith(base) ? `/${pathname.slice(base.length)}` : pathname);

/** The path of the same page in a language, under the base: ("/nn/lessons/a/", 'zh-CN') -> "/nn/zh/lessons/a/". */
export function pathIn(pathname, lang) {
  return `${base}${routeIn(routeOf(pathname), lang).slice(1)}`;
}

/** The path a lesson counts under whatever its language (progress is shared). */
export function englishPath(pathname) {
  return `${base}${englishRoute(routeOf(pathname)).slice(1)}`;
}

/** The language of a path on this site. */
export const languageOfPath = (pathname) => languageOfRoute(routeOf(pathname));

// The switch leads to the same place on the other page: the address's query (a link's widget
// settings, which both languages read alike) and its fragment (an exercise's id is the same in
// both; a heading's may not be, and then the page opens at its top). They are read when the link
// is about to be followed or copied, since a widget may have rewritten the address since.
for (const link of document.querySelectorAll('[data-language-switch]')) {
  const page = new URL(link.href);
  const samePlace = () => {
    page.search = window.location.search;
    page.hash = window.location.hash;
    link.href = page.href;
  };
  for (const type of ['pointerdown', 'focus', 'contextmenu', 'auxclick']) link.addEventListener(type, samePlace);
  // Keyboard, touch and mouse all follow a link by its click event.
  link.addEventListener('click', () => {
    samePlace();
    choose(link.dataset.languageSwitch);
  });
}
