// The step of a slider's keys: a round number near a fraction of its axis.

/** 1, 2 or 5 times a power of ten: the smallest such number at least `raw`. */
export function niceStep(raw) {
  const power = 10 ** Math.floor(Math.log10(raw));
  const [step] = [1, 2, 5, 10].filter((m) => m * power >= raw);
  return step * power;
}
