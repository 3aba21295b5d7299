// Each worked example, one click away, shows the core's live numbers, and those are exactly what
// PyTorch gave for the same settings (presets.json, written by make-presets.py with PyTorch).
import { readFileSync } from 'node:fs';
import { KNOBS_URL, MAX_URL, expect, shown, test } from './playground-page.js';

const presets = JSON.parse(readFileSync(new URL('../../web/components/pool-playground/presets.json', import.meta.url), 'utf8'));

// One test per lesson, whose examples a learner clicks through in turn on one page.
for (const url of [KNOBS_URL, MAX_URL]) {
  const examples = presets.examples.filter((example) => (example.settings.op === 'max') === (url === MAX_URL));
  test(`each worked example on ${url} gives PyTorch's output and gradient, clicked one after another`, async ({ playground }) => {
    expect(examples.length, 'the lesson has worked examples').toBeGreaterThan(0);
    await playground.open(url);
    for (const { text, pytorch } of examples) {
      const { title } = text.en; // the lesson pages are English
      await test.step(title, async () => {
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
  });
}
