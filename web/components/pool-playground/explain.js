// The sentences that explain a window, and the verdict on a worked example. Their numbers are
// the input's and the core's; the words only say which setting is at work.
import { readableNumber as n } from '../shared/format-number.js';

const plural = (count, one, many) => (count === 1 ? one : many);

function place(result, cell) {
  return `input row ${Math.floor(cell / result.width) + 1}, column ${(cell % result.width) + 1}`;
}

function heading(win) {
  return `Output row ${win.row + 1}, column ${win.column + 1}`;
}

/** How window `index` made its output. */
export function explainForward(result, settings, index) {
  const win = result.windows[index];
  const values = win.cells.map((cell) => n(settings.input[cell]));
  if (result.op === 'max') {
    const padded = win.taps.length > win.cells.length ? ' Its padding places hold minus infinity and never win.' : '';
    return `${heading(win)}: max(${values.join(', ')}) = ${n(result.output[index])}, taken from `
      + `${place(result, result.indices[index])}, the first cell holding it.${padded}`;
  }
  const divisor = n(result.divisors[index]);
  const padPlaces = win.taps.length - win.cells.length;
  const outside = win.places - win.taps.length;
  const reasons = [];
  if (settings.divisorOverride !== null) {
    reasons.push('divisor_override replaces the count');
  } else {
    if (padPlaces > 0) {
      reasons.push(settings.countIncludePad
        ? `its ${padPlaces} padding ${plural(padPlaces, 'place counts', 'places count')}, as count_include_pad is on`
        : `its ${padPlaces} padding ${plural(padPlaces, 'place does', 'places do')} not count, as count_include_pad is off`);
    }
    if (outside > 0) reasons.push(`its ${outside} ${plural(outside, 'place', 'places')} past the padded edge never count`);
  }
  const why = reasons.length ? ` (${reasons.join('; ')})` : '';
  return `${heading(win)}: (${values.join(' + ')}) / ${divisor} = ${n(result.sums[index])} / ${divisor} = `
    + `${n(result.output[index])}. The window has ${win.cells.length} ${plural(win.cells.length, 'cell', 'cells')} `
    + `of input and divides by ${divisor}${why}.`;
}

/** Where window `index` sends its gradient; the share comes from the core's backward pass. */
export function explainBackward(result, index) {
  const win = result.windows[index];
  const shares = result.shareOf(index);
  const overlap = result.overlapping
    ? ' Windows overlap here, so a cell\'s gradient is the sum of what each of its windows sends.'
    : '';
  if (result.op === 'max') {
    const winner = result.indices[index];
    return `${heading(win)} sends all of its gradient, ${n(shares[winner])}, to ${place(result, winner)}; `
      + `the other cells of its window get 0 from it.${overlap}`;
  }
  const divisor = n(result.divisors[index]);
  return `${heading(win)} divides its gradient by ${divisor}: ${n(result.gradOutput[index])} / ${divisor} = `
    + `${n(shares[win.cells[0]])} for each of its ${win.cells.length} input `
    + `${plural(win.cells.length, 'cell', 'cells')}.${overlap}`;
}

// The first index where two lists of numbers differ beyond max(1e-6, 1e-6 * |PyTorch's|), or -1.
function firstDifference(ours, theirs) {
  if (ours.length !== theirs.length) return Math.min(ours.length, theirs.length);
  return theirs.findIndex((value, i) => !(Math.abs(ours[i] - value) <= Math.max(1e-6, 1e-6 * Math.abs(value))));
}

/** Does the core's result match what PyTorch gave for a worked example? In words. */
export function compareWithPyTorch(result, pytorch) {
  if (!result) return 'The core rejects these settings, so there is nothing to compare.';
  const sameShape = result.outputHeight === pytorch.outputShape[0] && result.outputWidth === pytorch.outputShape[1];
  const output = firstDifference(result.output, pytorch.output);
  const grad = firstDifference(result.gradInput, pytorch.gradInput);
  if (sameShape && output === -1 && grad === -1) {
    return 'The core\'s numbers below are the same as PyTorch\'s, output and gradient alike.';
  }
  const where = !sameShape ? 'the output shape' : output !== -1 ? `output ${output + 1}` : `grad_input ${grad + 1}`;
  return `The core's numbers differ from PyTorch's, first at ${where}. That is a bug: please report it.`;
}
