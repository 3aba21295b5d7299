// What both elements ask the core about average pooling beyond its output: the number each
// window divides by. No element computes it itself; the core decides it.

/**
 * The number each average-pooling window divides by, as the core decides it: pooling a grid of
 * ones with divisor 1 counts each window's real cells, pooling it normally gives count / divisor.
 * @param {import('../../../core/pool/js/index.js').PoolCore} core
 * @param {number[]} shape [1, H, W]
 * @param {object} options the core's average-pooling options
 */
export function windowDivisors(core, shape, options) {
  const ones = new Float32Array(shape[1] * shape[2]).fill(1);
  const counts = core.avgPool2d(ones, shape, { ...options, divisorOverride: 1 }).data;
  const fractions = core.avgPool2d(ones, shape, options).data;
  return Array.from(counts, (realCells, i) => Math.round(realCells / fractions[i]));
}
