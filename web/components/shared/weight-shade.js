// Attention weights as a heat map: a weight's own size, 0 to 1, shades its button from the
// cell's colour to --heat (the number is in it too, so the shade never speaks alone). Weights
// need no scaling to their grid, unlike shadeCells (aria-grid.js): each row already sums to 1.
// Shared by <attention-widget> and <encoder-widget>.

/**
 * The heat map's colour, for an element's shadow styles after matrixGridCss (matrix-grid.js):
 * darker than the shared scale, so a weight of 0.2 and one of 0.4 differ at a glance in both
 * schemes, the text AA on either end (7:1 or more). shadeByWeight mixes it into each button.
 */
export const weightShadeCss = `
.pass { --heat: light-dark(#8fb0e8, #1f4a9a); }
`;

// Each button's shade as shadeByWeight last wrote it.
const shades = new WeakMap();

/**
 * Shades `button` by `weight`, 0 to 1 (a number that is not finite, as 0), or leaves it
 * unshaded for null. The shade is the button's own background colour, a mix of --heat and the
 * cell's colour that follows the colour scheme, so a pressed row keeps its shades. It is written
 * as that colour, not as a custom property a rule reads: a changed custom property makes the
 * browser resolve the button's whole style again, an inline colour does not. It is written only
 * when it differs.
 * @param {HTMLElement} button
 * @param {number | null} weight
 */
export function shadeByWeight(button, weight) {
  const shade = weight === null ? '' : `color-mix(in oklab, var(--heat) calc(${Number.isFinite(weight) ? weight.toFixed(3) : '0'} * 100%), var(--pool-cell))`;
  // Compared with what was written, not with the style's own serialisation of it.
  if ((shades.get(button) ?? '') === shade) return;
  shades.set(button, shade);
  button.style.backgroundColor = shade;
}
