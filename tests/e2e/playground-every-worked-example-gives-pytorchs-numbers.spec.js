// Each worked example, one click away, shows the core's live numbers, and those are exactly what
// PyTorch gave for the same settings (presets.json, written by make-presets.py with PyTorch).
import { readFileSync } from 'node:fs';
import { KNOBS_URL, MAX_URL, expect, shown, test } from './playground-page.js';

const presets = JSON.parse(readFileSync(new URL('../../web/components/pool-playground/presets.json', import.meta.url), 'utf8'));

for (const example of presets.examples) {
  const { title } = example.text.en; // the lesson pages are English
  test(`"${title}" gives PyTorch's output and gradient`, async ({ playground }) => {
    const { pytorch } = example;
    await playground.open(example.settings.op === 'max' ? MAX_URL : KNOBS_URL);
    const button = playground.example(title);
    await button.click();
    await expect(button, 'the example shows as chosen').toHaveAttribute('aria-pressed', 'true');

    const [height, width] = pytorch.outputShape;
    await expect(playground.outputGrid, 'the output has PyTorch\'s shape').toHaveAccessibleName(`Output, ${height} × ${width}`);
    await expect(playground.outputCells, 'the core\'s outputs are PyTorch\'s').toHaveText(shown(pytorch.output));
    await expect(playground.gradInputCells, 'the core\'s input gradients are PyTorch\'s').toHaveText(shown(pytorch.gradInput));
    await expect(playground.comparison, 'PyTorch\'s numbers are printed beside them').toContainText(`What PyTorch gives: an output of ${height} × ${width}`);
    await expect(playground.comparison, 'and the page agrees they match').toContainText('The core\'s numbers below are the same as PyTorch\'s');
  });
}
