// How the playground writes numbers is the shared formatter's way; the e2e page object reads it
// from here, as what the playground shows.
export { formatNumber } from '../shared/format-number.js';
