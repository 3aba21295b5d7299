// A display formula wider than the text column scrolls sideways (lesson.css). A region that
// scrolls must be reachable by keyboard, so such a formula takes focus, and only while it
// overflows: on a wide screen the formulas stay out of the Tab order. (Code blocks, which can
// overflow on any screen, are always in it: render-markdown.mjs.)
const observer = new ResizeObserver((entries) => {
  for (const { target } of entries) {
    if (target.scrollWidth > target.clientWidth) target.tabIndex = 0;
    else target.removeAttribute('tabindex');
  }
});
for (const formula of document.querySelectorAll('.math-display')) observer.observe(formula);
