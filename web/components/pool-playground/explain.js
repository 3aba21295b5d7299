// The sentences that explain a window, and the verdict on a worked example. Their numbers are
// the input's and the core's; the words only say which setting is at work.
import { readableNumber as n } from '../shared/format-number.js';

// The sentences are the message files' (pool-playground.explain.*, .compare.*), in the words of
// `t`, the playground's translator; a count picks the message of one or of many.
const P = 'pool-playground';
const plural = (t, count, key) => t(`${P}.explain.${key}${count === 1 ? 'One' : 'Many'}`, { count });

function place(t, result, cell) {
  return t(`${P}.explain.place`, { row: Math.floor(cell / result.width) + 1, column: (cell % result.width) + 1 });
}

function heading(t, win) {
  return t(`${P}.explain.heading`, { row: win.row + 1, column: win.column + 1 });
}

/** How window `index` made its output. */
export function explainForward(t, result, settings, index) {
  const win = result.windows[index];
  const values = win.cells.map((cell) => n(settings.input[cell]));
  if (result.op === 'max') {
    const padded = win.taps.length > win.cells.length ? t(`${P}.explain.maxPadded`) : '';
    return t(`${P}.explain.maxForward`, {
      heading: heading(t, win), values: values.join(', '), output: n(result.output[index]),
      place: place(t, result, result.indices[index]), padded,
    });
  }
  const divisor = n(result.divisors[index]);
  const padPlaces = win.taps.length - win.cells.length;
  const outside = win.places - win.taps.length;
  const reasons = [];
  if (settings.divisorOverride !== null) {
    reasons.push(t(`${P}.explain.divisorOverride`));
  } else {
    if (padPlaces > 0) {
      reasons.push(plural(t, padPlaces, settings.countIncludePad ? 'padCounts' : 'padNotCounted'));
    }
    if (outside > 0) reasons.push(plural(t, outside, 'outside'));
  }
  const why = reasons.length ? t(`${P}.explain.why`, { reasons: reasons.join(t(`${P}.explain.reasonSeparator`)) }) : '';
  return t(`${P}.explain.averageForward`, {
    heading: heading(t, win), values: values.join(' + '), divisor, sum: n(result.sums[index]),
    output: n(result.output[index]), cells: plural(t, win.cells.length, 'cell'), why,
  });
}

/** Where window `index` sends its gradient; the share comes from the core's backward pass. */
export function explainBackward(t, result, index) {
  const win = result.windows[index];
  const shares = result.shareOf(index);
  const overlap = result.overlapping ? t(`${P}.explain.overlap`) : '';
  if (result.op === 'max') {
    const winner = result.indices[index];
    return t(`${P}.explain.maxBackward`, {
      heading: heading(t, win), share: n(shares[winner]), place: place(t, result, winner), overlap,
    });
  }
  const divisor = n(result.divisors[index]);
  return t(`${P}.explain.averageBackward`, {
    heading: heading(t, win), divisor, gradient: n(result.gradOutput[index]), share: n(shares[win.cells[0]]),
    cells: plural(t, win.cells.length, 'inputCell'), overlap,
  });
}

// The first index where two lists of numbers differ beyond max(1e-6, 1e-6 * |PyTorch's|), or -1.
function firstDifference(ours, theirs) {
  if (ours.length !== theirs.length) return Math.min(ours.length, theirs.length);
  return theirs.findIndex((value, i) => !(Math.abs(ours[i] - value) <= Math.max(1e-6, 1e-6 * Math.abs(value))));
}

/** Does the core's result match what PyTorch gave for a worked example? In words. */
export function compareWithPyTorch(t, result, pytorch) {
  if (!result) return t(`${P}.compare.rejected`);
  const sameShape = result.outputHeight === pytorch.outputShape[0] && result.outputWidth === pytorch.outputShape[1];
  const output = firstDifference(result.output, pytorch.output);
  const grad = firstDifference(result.gradInput, pytorch.gradInput);
  if (sameShape && output === -1 && grad === -1) {
    return t(`${P}.compare.same`);
  }
  const where = !sameShape ? t(`${P}.compare.shape`)
    : output !== -1 ? t(`${P}.compare.output`, { number: output + 1 }) : t(`${P}.compare.gradInput`, { number: grad + 1 });
  return t(`${P}.compare.differ`, { where });
}
