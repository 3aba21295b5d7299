// How the playground writes numbers: formatNumber (shared with <pool-widget>), and a minus as
// "−" only where the text is for reading (cells keep "-" so they can be typed back).
import { formatNumber } from '../shared/format-number.js';

export { formatNumber };

/** formatNumber with a typographic minus, for sentences and formulas. */
export function readableNumber(value) {
  return formatNumber(value).replace(/^-/, '−');
}

/** "2 × 3" for a [height, width] pair. */
export function bySize([height, width]) {
  return `${height} × ${width}`;
}
