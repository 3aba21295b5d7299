// Styles of <pool-widget>, on top of the rules and palette it shares with <pool-playground>
// (../shared/shadow-styles.js, ../shared/palette.js). Colours are the --pool-* custom
// properties, so a page can retheme the widget.
//
// Isolation: the host page's rules can reach only the <pool-widget> element itself, never the
// shadow tree, so everything that makes the widget look right (its box, its type) is set on
// the inner .widget, where a host rule such as `* { all: unset }` or `div { display: none }`
// cannot undo it. Properties that inherit (font, colour, line height, letter spacing...) are
// set there explicitly, so the host's text styles stop at the widget's edge.
import { paletteCss } from '../shared/palette.js';
import { shadowCss } from '../shared/shadow-styles.js';

export const cssText = `${paletteCss}${shadowCss}
:host { display: block; }
.widget {
  /* The host page's inherited text styles stop here. */
  font-family: var(--pool-font-family, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans", sans-serif);
  font-size: var(--pool-font-size, 1rem);
  font-style: normal;
  font-weight: 400;
  font-variant: normal;
  font-stretch: normal;
  line-height: 1.4;
  letter-spacing: normal;
  word-spacing: normal;
  text-align: start;
  text-indent: 0;
  text-transform: none;
  text-shadow: none;
  text-decoration: none;
  white-space: normal;
  direction: ltr;
  writing-mode: horizontal-tb;
  visibility: visible;
  cursor: auto;
  list-style: none;
  quotes: auto;
  hyphens: manual;
  tab-size: 8;
  color: var(--pool-text);
  color-scheme: inherit;
  /* The box. */
  container-type: inline-size;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;
  background: var(--pool-surface);
  border: 1px solid var(--pool-cell-border);
  border-radius: 0.75rem;
  padding: 1rem;
  margin: 0;
  min-width: 0;
  box-sizing: border-box;
}
.body {
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;
  /* One cell: as large as the widget's width allows (--cols is the picture's width in cells),
     between a touch target and 3.5rem. */
  --cell-side: var(--pool-cell-size, clamp(2.75rem, calc((100cqi - 1rem) / var(--cols, 4) - 0.3rem), 3.5rem));
  --cell: var(--cell-side);
  --gap: var(--pool-gap, 0.25rem);
  /* A number's type scales with its cell: lh in a font-size is the parent's line height, which
     in a grid is the cell's side (below). */
  --cell-font: clamp(0.8rem, 0.32lh, 1.05rem);
  --cell-font-long: clamp(0.65rem, 0.24lh, 0.9rem);
}
/* The side of a cell is worked out once per grid, not once per cell. --cell is a custom
   property, so each element that uses it substitutes and computes the whole clamp() again,
   container units included, whenever it is restyled; switching the view restyles every cell,
   and that made about a quarter of the frame's style and layout (Chromium, 1x and 4x CPU). A
   line height is computed once and inherited as a length, so the grid holds the side there and
   each cell reads it as 1lh (a cell's number is centred in a line box of the cell's height).
   Browsers without lh keep the var() sizes. */
.grid { line-height: var(--cell); }
.cell {
  inline-size: var(--cell);
  inline-size: 1lh;
  block-size: var(--cell);
  block-size: 1lh;
}
/* A grid widened for a long number (shadow-styles.js) keeps its cells square, and its windows
   over them. */
:has(> .grid [data-chars]) { --cell: max(var(--cell-side), var(--cell-wide)); }
.hint:empty { display: none; }

input, summary {
  font: inherit;
  color: inherit;
}

.views {
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
}
.views button {
  min-width: 44px;
  padding: 0.5rem 1rem;
  border-radius: 999px;
}

.scroller {
  /* Room for the window badges and focus rings, which sit just outside the picture. */
  padding: 0.8rem 0.5rem 0.5rem 0.6rem;
}
.picture {
  position: relative;
  width: max-content;
}

.windows {
  position: absolute;
  inset: 0;
  pointer-events: none;
}
.window, .frame {
  position: absolute;
  left: calc(var(--x) * (var(--cell) + var(--gap)) - 2px);
  top: calc(var(--y) * (var(--cell) + var(--gap)) - 2px);
  width: calc(var(--w) * var(--cell) + (var(--w) - 1) * var(--gap) + 4px);
  height: calc(var(--h) * var(--cell) + (var(--h) - 1) * var(--gap) + 4px);
}
.window {
  pointer-events: auto;
  min-height: 0;
  padding: 0;
  margin: 0;
  border: 2px dashed var(--pool-muted);
  border-radius: 0.5rem;
  background: transparent;
  cursor: pointer;
  touch-action: manipulation;
}
@media (hover: hover) {
  .window:hover { border-color: var(--pool-accent); border-style: solid; }
  .window:hover .badge { background: var(--pool-accent); color: var(--pool-on-accent); }
}
.window[aria-pressed="true"] { border-color: transparent; }
.badge {
  position: absolute;
  top: -0.7rem;
  left: -0.45rem;
  min-width: 1.35rem;
  padding: 0 0.3rem;
  border-radius: 999px;
  background: var(--pool-muted);
  color: var(--pool-surface);
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 1.35rem;
  text-align: center;
  z-index: 2;
}
.window[aria-pressed="true"] .badge {
  background: var(--pool-accent);
  color: var(--pool-on-accent);
}
.frame {
  border: 3px solid var(--pool-accent);
  border-radius: 0.5rem;
  pointer-events: none;
  z-index: 1;
}

.output input {
  min-inline-size: 5rem;
  block-size: max(44px, 1lh);
  padding: 0 0.4rem;
  border: 0;
  border-radius: 0.375rem;
  background: transparent;
  color: var(--pool-text);
  text-align: center;
  font-variant-numeric: tabular-nums;
}
.output input[aria-invalid="true"] {
  outline: 3px solid var(--pool-error-text);
}

.explanation { display: grid; gap: 0.5rem; }
.stepper { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.stepper button { padding: 0.3rem 0.9rem; border-radius: 0.5rem; }
.formula {
  margin: 0;
  min-height: 3rem;
  padding: 0.75rem 1rem;
  border-left: 4px solid var(--pool-accent);
  background: var(--pool-cell);
  border-radius: 0 0.5rem 0.5rem 0;
  overflow-wrap: break-word;
}
.formula .equation {
  font-size: 1.15rem;
  font-variant-numeric: tabular-nums;
  font-weight: 600;
}

details {
  border-top: 1px solid var(--pool-cell-border);
  padding-top: 0.5rem;
}
/* A disclosure that looks like one: a bordered control with a turning arrow. */
summary {
  cursor: pointer;
  min-height: 44px;
  display: flex;
  align-items: center;
  gap: 0.5rem;
  width: fit-content;
  padding: 0.25rem 0.9rem 0.25rem 0.6rem;
  border: 1px solid var(--pool-cell-border);
  border-radius: 0.5rem;
  font-weight: 600;
  list-style: none;
}
summary::-webkit-details-marker { display: none; }
summary::before {
  content: "";
  inline-size: 0.55rem;
  block-size: 0.55rem;
  border-right: 2px solid currentColor;
  border-bottom: 2px solid currentColor;
  transform: rotate(-45deg);
  transition: transform 0.15s;
}
details[open] > summary::before { transform: rotate(45deg); }
@media (prefers-reduced-motion: reduce) { summary::before { transition: none; } }
@media (hover: hover) { summary:hover { border-color: var(--pool-accent); } }
details p { margin: 0.25rem 0 0.5rem; }
.kernel-choice { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0.5rem 0; }
.kernel-choice button { padding: 0.3rem 0.9rem; border-radius: 0.5rem; }
.code-settings code { overflow-wrap: break-word; }
pre {
  margin: 0;
  padding: 0.75rem;
  max-height: 28rem;
  overflow: auto;
  border-radius: 0.5rem;
  background: var(--pool-cell);
  color: var(--pool-text);
  font-size: 0.8rem;
  line-height: 1.45;
  tab-size: 2;
}
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
/* A box the size of the code, which the box's watch (scroll-stop.js) sees grow and shrink as
   another kernel comes: an inline box has no size of its own to watch. */
pre > code { display: block; inline-size: max-content; }
`;
