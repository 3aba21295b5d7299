// The numbers of <encoder-widget>, every one from the transformer core: the seeded start
// (encoderInit), the block's output and its inside (encoderLayer), and the parameter counts
// (parameterCount) of this block and of PyTorch's TransformerEncoderLayer(512, 8). This file
// does no arithmetic on them. DOM-free: the element and the adapter's exercise checks share it.
import { FieldError } from '../shared/settings-table.js';

/** The layer the lesson compares with: TransformerEncoderLayer(512, 8), dim_feedforward 2048. */
export const PYTORCH_LAYER = Object.freeze({ dModel: 512, nhead: 8, dimFeedforward: 2048 });

/**
 * The stages of the block in the order it runs them, as core/transformer/README.md's table says
 * for either norm order: each stage's key in encoderNumbers' result and whether its rows have
 * dim_feedforward numbers (the hidden layer) or d_model.
 */
export const STAGES = Object.freeze({
  post: Object.freeze(['attentionOutput', 'residual1', 'norm1', 'hidden', 'feedForward', 'residual2', 'norm2']),
  pre: Object.freeze(['norm1', 'attentionOutput', 'residual1', 'norm2', 'hidden', 'feedForward', 'residual2']),
});

/** The stages for these settings. */
export const stagesOf = (settings) => (settings.normFirst ? STAGES.pre : STAGES.post);

/** How many numbers a row of a stage holds. */
export const columnsOf = (key, settings) => (key === 'hidden' ? settings.dimFeedforward : settings.dModel);

/**
 * Everything the widget shows for these settings.
 * @param {object} core the transformer core (loadTransformer())
 * @param {object} settings
 * @returns {object} encoderLayer's result ([L, d] each, attentionWeights [nhead, L, L], hidden
 *   [L, ff]), with `count` and `pytorchCount` (parameterCount's) beside it
 */
export function encoderNumbers(core, settings) {
  const { tokens, dModel, nhead, dimFeedforward, seed, input, normFirst, activation } = settings;
  const { params, count, pytorchCount } = startOf(core, dModel, nhead, dimFeedforward, seed);
  const layer = core.encoderLayer(input, [tokens, dModel], params, { nhead, activation, normFirst });
  return { ...layer, count, pytorchCount };
}

// The start and the counts depend on the sizes and the seed alone, so a typed input or another
// activation reuses the last ones: each core keeps the start it drew last.
const starts = new WeakMap();
function startOf(core, dModel, nhead, dimFeedforward, seed) {
  const key = `${dModel},${nhead},${dimFeedforward},${seed}`;
  const kept = starts.get(core);
  if (kept?.key === key) return kept;
  const start = {
    key,
    params: core.encoderInit(dModel, nhead, dimFeedforward, seed),
    count: core.parameterCount(dModel, nhead, dimFeedforward),
    pytorchCount: kept?.pytorchCount
      ?? core.parameterCount(PYTORCH_LAYER.dModel, PYTORCH_LAYER.nhead, PYTORCH_LAYER.dimFeedforward),
  };
  starts.set(core, start);
  return start;
}

/** parameterCount's keys by the names an exercise uses. */
const PARTS = Object.freeze({ attention: 'attention', feed_forward: 'feedForward', norms: 'norms', total: 'total' });

/** The [L, columns] grids an exercise may name: their key in encoderNumbers' result. */
const GRIDS = Object.freeze({ output: 'output', norm1: 'norm1', residual1: 'residual1', hidden: 'hidden' });

const SPECS = 'output T J, norm1 T J, residual1 T J, hidden T J (token T, column J), attention H T S '
  + '(head H, query T, key S), each from 1, or count PART D H F (PART attention, feed_forward, norms or total)';

const refuse = (text, why) => { throw new FieldError('core', `core names "${text}", but ${why}`); };

/**
 * The number an exercise names for these settings, computed by the core: "output 1 2",
 * "norm1 1 2", "residual1 1 2", "hidden 1 5", "attention 2 1 3" (from 1), or
 * "count feed_forward 512 8 2048" (parameterCount's, for the block's own sizes or (512, 8, 2048),
 * the two the widget shows).
 * @throws {FieldError} for a spec it does not know or a cell the block does not have
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim().replace(/\s+/g, ' ');
  const words = text.split(' ');
  const whole = (word) => (/^\d{1,9}$/.test(word) ? Number(word) : NaN);
  if (words[0] === 'count' && words.length === 5 && PARTS[words[1]]) {
    const [d, h, ff] = words.slice(2).map(whole);
    if ([d, h, ff].some(Number.isNaN)) refuse(text, 'D, H and F must be whole numbers');
    // The widget shows two counts, so an exercise may name only those: a learner checks it there.
    const shown = [[settings.dModel, settings.nhead, settings.dimFeedforward],
      [PYTORCH_LAYER.dModel, PYTORCH_LAYER.nhead, PYTORCH_LAYER.dimFeedforward]];
    if (!shown.some(([sd, sh, sf]) => sd === d && sh === h && sf === ff)) {
      refuse(text, `the widget shows the counts of its own block (${shown[0].join(', ')}) and of `
        + `TransformerEncoderLayer(${shown[1].join(', ')}) only`);
    }
    return core.parameterCount(d, h, ff)[PARTS[words[1]]];
  }
  const { tokens, nhead } = settings;
  if (words[0] === 'attention' && words.length === 4) {
    const [head, query, key] = words.slice(1).map(whole);
    if (!(head >= 1 && head <= nhead && query >= 1 && query <= tokens && key >= 1 && key <= tokens)) {
      refuse(text, `attention is nhead ${nhead} × tokens ${tokens} × tokens ${tokens} (from 1)`);
    }
    return encoderNumbers(core, settings).attentionWeights[((head - 1) * tokens + query - 1) * tokens + key - 1];
  }
  if (GRIDS[words[0]] && words.length === 3) {
    const [row, column] = words.slice(1).map(whole);
    const columns = columnsOf(words[0], settings);
    if (!(row >= 1 && row <= tokens && column >= 1 && column <= columns)) {
      refuse(text, `${words[0]} is tokens ${tokens} × ${columns} (rows and columns from 1)`);
    }
    return encoderNumbers(core, settings)[GRIDS[words[0]]][(row - 1) * columns + column - 1];
  }
  throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
}
