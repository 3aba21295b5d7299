// The rules the course elements' shadow roots share: the box model, hiding (from sight, or from
// all), the focus ring, hints, buttons, the alert, number fields that grow with their number, and
// the grids of numbers (stage, captioned panels, rows, cells, padding, the cells of a selected
// window). Colours are the palette's (palette.js).
// Each element sizes its cells by setting, on the container of its grids:
//   --cell      the side of one cell
//   --gap       the space between cells
//   --cell-font, --cell-font-long   the type of a number, and of a long one
// and the parent of a grid that holds a number of 7 characters or more has, below:
//   --cell-wide the width its cells take to hold the longest on one line

// A number is never broken over two lines of its cell, where "-0.0000" over "1234" reads as two
// numbers. A grid holding one of 7 characters or more (fitText's data-chars) sets all its
// numbers in 0.7rem type and widens every cell to its longest: a digit's width (1ch) for each
// character, and a margin for the border. The grid's box scrolls sideways where it no longer
// fits. The rules are the grid's parent's, so what is drawn over the grid at its cells' places
// (<pool-widget>'s windows) can widen with it. The longest number a cell writes has 14
// characters (float32's lowest, -3.4028235e+38): a rule for each length from 7, in order, so the
// longest in a grid is the one that holds. (These words stay out of the shadow styles, which
// every page that embeds a widget downloads.)
const CELL_CHARS = Array.from({ length: 8 }, (_, i) => `:has(> .grid [data-chars="${i + 7}"]) { --cell-chars: ${i + 7}; }`).join('\n');

// A number field grows with the number typed into it, from its width (a minimum, each
// element's own) up to the room it has, so a long number shows whole, in a form and in a cell
// alike. A field in a cell fills the cell, and its grid keeps its columns: each row lays its
// cells out in equal columns (1fr) and the grid stretches its rows to the widest, so every cell
// takes the width of the grid's widest field, never less than --cell, and the grid's box scrolls
// sideways where it no longer fits, as for a long number the grid shows.
const GROWING_FIELDS = `:where(.number-field, [type="number"], .cell > input) { field-sizing: content; max-inline-size: 100%; }
.grid:has(input) > .row { display: grid; grid-auto-flow: column; grid-auto-columns: 1fr; }
.grid:has(input) .cell { inline-size: auto; min-inline-size: var(--cell); }
.cell > input { inline-size: 100%; min-inline-size: 0; }`;

export const shadowCss = `
:host([hidden]) { display: none; }
/* A tap shows itself in the numbers it changes. The browser's grey tap flash would paint the
   page's layer (and lay out a layer for the flash) before the tap's click even reaches the
   widget, and again when it fades: most of a phone's wait before the widget can answer. */
:host { -webkit-tap-highlight-color: transparent; }
*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
/* Words for a screen reader alone: a live region that speaks what the screen already shows. */
.sr-only {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
}

:focus-visible {
  outline: 3px solid var(--pool-accent);
  outline-offset: 2px;
}
/* A cell clips what sticks out of it (a long number), so the ring of a control in a cell is
   drawn inside the control's edge, where it shows. */
.cell :focus-visible, .cell:focus-visible { outline-offset: -3px; }

.hint {
  margin: 0;
  color: var(--pool-muted);
  font-size: 0.9rem;
}

/* What the element says while its core loads (loading-state.js). */
.loading {
  margin: 0;
  color: var(--pool-muted);
}

/* Buttons and what looks like one: a touch target with the accent's border, filled when
   pressed. :where keeps these at no specificity, so any rule of an element's own wins. */
:where(button, .button) {
  min-height: 44px;
  border: 2px solid var(--pool-accent);
  background: transparent;
  color: var(--pool-text);
  font: inherit;
  cursor: pointer;
  touch-action: manipulation;
}
:where(button[aria-pressed="true"]) {
  background: var(--pool-accent);
  color: var(--pool-on-accent);
}

/* Empty, the alert keeps its place in the accessibility tree but takes no room. */
.alert:empty { display: contents; }
.alert:not(:empty) {
  margin: 0;
  padding: 0.75rem 1rem;
  border-radius: 0.5rem;
  background: var(--pool-error-surface);
  color: var(--pool-error-text);
  font-weight: 600;
}

.stage {
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 1rem 2rem;
}
.panel {
  margin: 0;
  display: grid;
  gap: 0.5rem;
  max-width: 100%;
}
.caption { font-weight: 600; }
.scroller {
  max-width: 100%;
  overflow-x: auto;
}
.grid {
  display: flex;
  flex-direction: column;
  gap: var(--gap);
  width: max-content;
}
.row { display: flex; gap: var(--gap); }
.cell {
  inline-size: var(--cell);
  block-size: var(--cell);
  /* Centred by flex rather than grid: both centre the number alike, and each number that
     changes lays its cell out again, which the flex algorithm does in less time. */
  display: flex;
  align-items: center;
  justify-content: center;
  border: 1px solid var(--pool-cell-border);
  border-radius: 0.375rem;
  background: var(--pool-cell);
  color: var(--pool-text);
  font-variant-numeric: tabular-nums;
  font-size: var(--cell-font);
  overflow: hidden;
  white-space: nowrap;
}
.long { font-size: var(--cell-font-long); }
/* A long number widens its grid's cells (CELL_CHARS). */
:has(> .grid [data-chars]) {
  font-size: 0.7rem;
  --cell-font: 1em;
  --cell-font-long: 1em;
  --cell-wide: calc(var(--cell-chars) * 1ch + 0.5rem);
}
${CELL_CHARS}
:has(> .grid [data-chars]) .cell { font-size: 1em; inline-size: max(var(--cell), var(--cell-wide)); }
${GROWING_FIELDS}
.cell.pad {
  background: repeating-linear-gradient(135deg, var(--pool-pad) 0 4px, transparent 4px 8px);
  border-style: dashed;
  color: var(--pool-muted);
}
/* The value scale (shadeCells): colour as well as the number, never instead of it. It changes
   at once, with its number: a colour transition would paint the page's layer again in every
   frame of it, after each tap. */
.cell.shaded,
.cell.out button.shaded {
  background: color-mix(in oklab, var(--pool-scale) calc(var(--shade, 0) * 100%), var(--pool-cell));
}
.cell.in-window {
  background: var(--pool-highlight);
  border-color: var(--pool-accent);
  outline: 2px solid var(--pool-accent);
  outline-offset: -2px;
}
.cell.argmax {
  font-weight: 700;
  text-decoration: underline;
  text-underline-offset: 0.2em;
}
`;
