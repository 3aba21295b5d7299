// The code panel is a disclosure that looks like one; opened, it shows the plain reference
// kernel from core/pool/src/reference.cpp first, with the settings that ran, and the fast
// kernel the core actually ran (core.kernelName) one click away.
import { test, expect } from './widget-page.js';

test('the code panel opens on the reference kernel, with the fast kernel that ran one click away', async ({ widget }) => {
  await widget.open();
  const code = widget.codePanel;
  const summary = widget.codeSummary;

  const marker = await summary.evaluate((element) => {
    const before = getComputedStyle(element, '::before');
    return { content: before.content, width: parseFloat(before.width), border: before.borderRightStyle };
  });
  expect(marker, 'the summary draws an arrow, so it reads as something that opens').toMatchObject({ content: '""', border: 'solid' });
  expect(marker.width, 'an arrow that can be seen').toBeGreaterThan(4);
  await expect(summary.locator('xpath=..'), 'a closed disclosure at first').not.toHaveAttribute('open');

  await summary.click();
  await expect(widget.referenceKernelButton, 'the reference kernel is shown first').toHaveAttribute('aria-pressed', 'true');
  await expect(code, 'the reference forward kernel is named').toHaveAccessibleName('C++ source of avg_pool2d_forward, the reference kernel');
  await expect(code, 'its definition is shown, from reference.cpp: naive loops over every tap').toContainText(/void avg_pool2d_forward\(float\* out, const float\* in, const PoolPlan& p\) \{/);
  await expect(code, 'the whole body is shown, up to its closing brace').toContainText(/\}\s*$/);
  await expect(widget.root.getByText(/from core\/pool\/src\/reference\.cpp/), 'the note names the file').toBeVisible();
  await expect(widget.root.getByText('Settings that ran:'), 'with the settings that ran, in PyTorch\'s words')
    .toContainText('F.avg_pool2d(x, kernel_size=2, stride=2, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None)');
  const lines = (await code.textContent()).trim().split('\n').length;
  expect(lines, 'short: just the kernel function').toBeLessThan(30);

  // The code's box is a Tab stop, so a keyboard can scroll it, only while the code does not fit.
  const scrolls = () => code.evaluate((pre) => pre.scrollWidth > pre.clientWidth || pre.scrollHeight > pre.clientHeight);
  expect(await scrolls(), 'in the lesson\'s column the kernel is wider than its box').toBe(true);
  await expect(code, 'so the box is a Tab stop').toHaveAttribute('tabindex', '0');
  await widget.root.evaluate((element) => { element.style.width = '1400px'; });
  await expect.poll(scrolls, 'a widget wide enough for the code').toBe(false);
  await expect(code, 'has a box that is no Tab stop').not.toHaveAttribute('tabindex');
  await widget.root.evaluate((element) => { element.style.width = ''; });
  await expect(code, 'and is one again in the column').toHaveAttribute('tabindex', '0');

  await widget.fastKernelButton.click();
  await expect(widget.fastKernelButton, 'one click shows the fast kernel').toHaveAttribute('aria-pressed', 'true');
  await expect(code, 'named as the core reports it ran').toHaveAccessibleName(/^C\+\+ source of avg_pool2d_forward\w*, the kernel that ran$/);
  await expect(code, 'with its definition from kernels.cpp').toContainText(/void avg_pool2d_forward\w*\(/);
  await expect(widget.root.getByText(/from core\/pool\/src\/kernels\w*\.cpp/), 'the note names its file').toBeVisible();

  await widget.gradientButton.click();
  await expect(code, 'the gradient view shows the backward kernel that ran').toHaveAccessibleName(/^C\+\+ source of avg_pool2d_backward\w*, the kernel that ran$/);
  await expect(code, 'with its definition').toContainText(/void avg_pool2d_backward\w*\(/);
  await widget.referenceKernelButton.click();
  await expect(code, 'and its reference kernel').toHaveAccessibleName('C++ source of avg_pool2d_backward, the reference kernel');
  await expect(code).toContainText(/void avg_pool2d_backward\(float\* grad_in, const float\* grad_out, const PoolPlan& p\) \{/);
});
