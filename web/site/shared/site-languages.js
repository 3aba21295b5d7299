// Where each language's pages live, for the build (page renderers) and the browser (the switch,
// progress and the catalogue) alike: English at today's addresses, Chinese under /zh/. Routes
// here are root-relative and without the site's base ("/lessons/a/b/").

/** The path a language's pages live under ('' for English). */
export const LANGUAGE_PREFIX = Object.freeze({ en: '', 'zh-CN': '/zh' });

/** Where the learner's choice of language is kept (localStorage). */
export const CHOSEN_LANGUAGE_KEY = 'course-language';

/** The language of a route: '/zh/...' -> 'zh-CN', anything else 'en'. */
export function languageOfRoute(route) {
  return Object.keys(LANGUAGE_PREFIX).find((lang) => LANGUAGE_PREFIX[lang] && (route === LANGUAGE_PREFIX[lang] || route.startsWith(`${LANGUAGE_PREFIX[lang]}/`))) ?? 'en';
}

/** A route as English has it: '/zh/lessons/a/b/' -> '/lessons/a/b/'. */
export function englishRoute(route) {
  const prefix = LANGUAGE_PREFIX[languageOfRoute(route)];
  return prefix ? route.slice(prefix.length) || '/' : route;
}

/** The same page's route in a language: ('/lessons/a/b/', 'zh-CN') -> '/zh/lessons/a/b/'. */
export function routeIn(route, lang) {
  return `${LANGUAGE_PREFIX[lang] ?? ''}${englishRoute(route)}`;
}
