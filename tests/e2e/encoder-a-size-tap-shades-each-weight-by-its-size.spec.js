// <encoder-widget> shades each head's weights by their size, and a size tap shades them again:
// the larger the weight, the darker its button (light scheme), pressed or not. The shade is the
// button's own background colour, not a custom property that a rule reads, so a tap that changes
// every weight does not resolve each button's whole style again (weight-shade.js).
import { expect, test } from './encoder-page.js';

// Each head's buttons after the tap: its number, whether it is pressed, how light its
// background is (0 black, 1 white, measured by painting the colour) and its inline --shade.
async function headShades(encoder) {
  return encoder.root.evaluate((widget) => {
    const paint = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    const lightness = (colour) => {
      paint.clearRect(0, 0, 1, 1);
      paint.fillStyle = colour;
      paint.fillRect(0, 0, 1, 1);
      const [r, g, b] = paint.getImageData(0, 0, 1, 1).data;
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    };
    return [...widget.shadowRoot.querySelectorAll('.panel[data-grid^="head-"]')].map((figure) => (
      [...figure.querySelectorAll('button.computed')].map((button) => ({
        weight: Number(button.textContent),
        pressed: button.getAttribute('aria-pressed') === 'true',
        lightness: lightness(getComputedStyle(button).backgroundColor),
        customShade: button.style.getPropertyValue('--shade'),
      }))));
  });
}

test('a size tap shades every weight again, darker the larger it is, pressed or not', async ({ encoder }) => {
  await encoder.open();
  await encoder.button('One token more').click();
  await expect(encoder.root).toHaveAttribute('tokens', '4');
  const heads = await headShades(encoder);
  expect(heads.map((cells) => cells.length), 'two heads of 4 × 4 weights').toEqual([16, 16]);
  heads.forEach((cells, h) => expect(cells.filter((cell) => cell.pressed), `head ${h + 1}: the selected token's row is pressed`).toHaveLength(4));
  const cells = heads.flat();
  const byWeight = [...cells].sort((a, b) => a.weight - b.weight);
  const [lightest, darkest] = [byWeight[0], byWeight.at(-1)];
  expect(darkest.weight - lightest.weight, 'weights that differ').toBeGreaterThan(0.05);
  expect(darkest.lightness, `weight ${darkest.weight} is darker than weight ${lightest.weight}`).toBeLessThan(lightest.lightness - 0.01);
  for (let i = 1; i < byWeight.length; i++) {
    const [smaller, larger] = [byWeight[i - 1], byWeight[i]];
    if (larger.weight - smaller.weight >= 0.01) {
      expect(larger.lightness, `weight ${larger.weight} no lighter than ${smaller.weight}`).toBeLessThanOrEqual(smaller.lightness);
    }
  }
  cells.forEach((cell, i) => expect(cell.customShade, `weight ${i} (${cell.weight}): the shade is its colour, no --shade`).toBe(''));
});
