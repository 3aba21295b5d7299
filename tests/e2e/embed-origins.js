// Where the course and the "foreign" page that embeds it are served during the e2e run. The
// foreign page lives on another port, so it is another origin: the embed has to work across
// origins (CORS, the .wasm found from the script's own URL) as it will on a teacher's site.
export const COURSE_PORT = Number(process.env.E2E_PORT ?? 4174);
export const COURSE_ORIGIN = `http://127.0.0.1:${COURSE_PORT}`;
export const FOREIGN_PORT = COURSE_PORT + 1;
export const FOREIGN_ORIGIN = `http://127.0.0.1:${FOREIGN_PORT}`;

/** The course built for a sub-path (COURSE_BASE) and served by a plain static file server, as
 * on a project page of a static host: the hosting specs' site. */
export const HOSTING_PORT = COURSE_PORT + 2;
export const HOSTING_ORIGIN = `http://127.0.0.1:${HOSTING_PORT}`;
export const HOSTING_BASE = '/courses/nn/';
export const HOSTING_URL = `${HOSTING_ORIGIN}${HOSTING_BASE}`;

/** The strict policy of the foreign pages: scripts from itself and the course only (either
 * build of it), WASM allowed to compile, no eval, no inline script. */
export const STRICT_CSP = `script-src 'self' ${COURSE_ORIGIN} ${HOSTING_ORIGIN} 'wasm-unsafe-eval'`;
