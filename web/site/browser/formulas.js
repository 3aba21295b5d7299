// A display formula or a code block wider than the text column scrolls sideways (lesson.css).
// A region that scrolls must be reachable by keyboard, so such a block takes focus, and only
// while it overflows: on a wide screen the blocks stay out of the Tab order.
const observer = new ResizeObserver((entries) => {
  for (const { target } of entries) {
    if (target.scrollWidth > target.clientWidth) target.tabIndex = 0;
    else target.removeAttribute('tabindex');
  }
});
for (const block of document.querySelectorAll('.lesson__body .math-display, .lesson__body pre')) observer.observe(block);
