// Attention weights as a heat map: a weight's own size, 0 to 1, shades its button from the
// cell's colour to --heat (the number is in it too, so the shade never speaks alone). Weights
// need no scaling to their grid, unlike shadeCells (aria-grid.js): each row already sums to 1.
// Shared by <attention-widget> and <encoder-widget>.

/**
 * The heat map's rules, for an element's shadow styles after matrixGridCss (matrix-grid.js):
 * darker than the shared scale, so a weight of 0.2 and one of 0.4 differ at a glance in both
 * schemes, the text AA on either end (7:1 or more); a pressed row keeps its shades.
 */
export const weightShadeCss = `
.pass { --heat: light-dark(#8fb0e8, #1f4a9a); }
.cell.out button.computed.shaded {
  background: color-mix(in oklab, var(--heat) calc(var(--shade, 0) * 100%), var(--pool-cell));
}
.cell.out button.computed.shaded[aria-pressed="true"] {
  background: color-mix(in oklab, var(--heat) calc(var(--shade, 0) * 100%), var(--pool-cell));
}
`;

/**
 * Shades `button` by `weight`, 0 to 1 (a number that is not finite, as 0), or leaves it
 * unshaded for null. The style is written only when it differs.
 * @param {HTMLElement} button
 * @param {number | null} weight
 */
export function shadeByWeight(button, weight) {
  const shaded = weight !== null;
  button.classList.toggle('shaded', shaded);
  const shade = !shaded ? '' : (Number.isFinite(weight) ? weight.toFixed(3) : '0');
  if (button.style.getPropertyValue('--shade') === shade) return;
  if (shaded) button.style.setProperty('--shade', shade);
  else button.style.removeProperty('--shade');
}
