// Styles of <pool-playground>, on top of the rules and palette it shares with <pool-widget>
// (../shared/shadow-styles.js, ../shared/palette.js). Colours are the --pool-* custom
// properties, so a page can retheme the playground.
import { paletteCss } from '../shared/palette.js';
import { shadowCss } from '../shared/shadow-styles.js';

export const cssText = `${paletteCss}${shadowCss}
:host {
  display: block;
  container-type: inline-size;
  color: var(--pool-text);
  background: var(--pool-surface);
  border: 1px solid var(--pool-cell-border);
  border-radius: 0.75rem;
  padding: 1rem;
  font: inherit;
  line-height: 1.45;
  box-sizing: border-box;
}

.playground {
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1.25rem;
  /* One cell of a grid: as large as the room allows, from a touch target to 3rem. */
  --cell: clamp(2.25rem, 9cqi, 3rem);
  --gap: 0.2rem;
  --cell-font: 0.9rem;
  --cell-font-long: 0.75rem;
}
h3 {
  margin: 0 0 0.4rem;
  font-size: 1.1rem;
}
p { margin: 0; }
code {
  font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace;
  font-size: 0.92em;
}
.share-hint, .credit, .legend {
  color: var(--pool-muted);
  font-size: 0.9rem;
}
.only {
  color: var(--pool-muted);
  font-size: 0.8rem;
  font-weight: 400;
}

input, select {
  font: inherit;
  color: inherit;
}
button {
  padding: 0.45rem 0.9rem;
  border-radius: 0.5rem;
}
@media (hover: hover) { button:hover { background: var(--pool-highlight); } }
button[aria-pressed="true"] { background: var(--pool-accent); }

.note:empty { display: none; }
.note {
  padding: 0.75rem 1rem;
  border-left: 4px solid var(--pool-extra);
  border-radius: 0 0.5rem 0.5rem 0;
  background: var(--pool-cell);
}

/* Worked examples */
.example-list {
  list-style: none;
  margin: 0.6rem 0 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  gap: 0.5rem;
}
.example-list button {
  width: 100%;
  height: 100%;
  text-align: left;
  display: grid;
  gap: 0.1rem;
  border-width: 1px;
  border-color: var(--pool-cell-border);
}
.example-list button[aria-pressed="true"] { border-color: var(--pool-accent); }
.example-list .source {
  font-size: 0.8rem;
  color: var(--pool-muted);
}
.example-list button[aria-pressed="true"] .source { color: inherit; }
.comparison {
  padding: 0.75rem 1rem;
  display: grid;
  gap: 0.4rem;
  border-left: 4px solid var(--pool-accent);
  border-radius: 0 0.5rem 0.5rem 0;
  background: var(--pool-cell);
}
.comparison-title { margin: 0; font-size: 1rem; }
.pytorch { font-variant-numeric: tabular-nums; overflow-wrap: break-word; }
.verdict { font-weight: 600; color: var(--pool-good); }

/* Controls beside the grids they change: a column of settings next to the results in a wide
   playground, a compact block right above them in a narrow one, so a control and its result
   are on screen together. */
.alert-home:has(> .alert:empty) { display: none; }
.workbench, .results {
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;
  align-items: start;
}
@container (min-width: 44rem) {
  .workbench { grid-template-columns: minmax(15rem, 19rem) minmax(0, 1fr); }
  .controls { grid-template-columns: minmax(0, 1fr); }
}
/* A message about a control stands inside its fieldset, under the fields. */
fieldset > .alert { flex-basis: 100%; margin: 0; }

/* Settings */
.controls {
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  gap: 0.5rem;
  align-items: start;
}
.controls h3 { margin: 0; }
.controls h3, .controls .flags, .controls .op { grid-column: 1 / -1; }
.input-controls { display: grid; gap: 0.5rem; }
fieldset {
  margin: 0;
  padding: 0.25rem 0.6rem 0.5rem;
  border: 1px solid var(--pool-cell-border);
  border-radius: 0.5rem;
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;
  align-items: end;
  min-width: 0;
}
legend {
  padding: 0 0.3rem;
  font-weight: 600;
}
/* A label may be narrower than its field's number (the field grows with it, shadow-styles.js):
   the field then stops at the label's width rather than push it out of the form. */
fieldset label {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem;
  min-width: 0;
  min-height: 44px;
}
/* "height [2] width [2]" on one line: a size takes one row of the form. */
fieldset.pair label, .input-size > label {
  gap: 0.3rem;
  font-size: 0.9rem;
}
input[type="number"] {
  min-inline-size: 4rem;
  min-height: 44px;
  padding: 0.3rem 0.5rem;
  border: 1px solid var(--pool-cell-border);
  border-radius: 0.4rem;
  background: var(--pool-surface);
  font-variant-numeric: tabular-nums;
}
/* Room for its placeholder, "None", beside the spin buttons. */
input[name="divisorOverride"] { min-inline-size: 5.5rem; }
input[type="radio"], input[type="checkbox"] {
  width: 1.25rem;
  height: 1.25rem;
  accent-color: var(--pool-accent);
}
input[aria-invalid="true"] {
  outline: 3px solid var(--pool-error-text);
  outline-offset: 1px;
}
fieldset:disabled { opacity: 0.7; }
.avg-only.off { opacity: 0.7; }
/* What an operation switch dims is a stacking context already (isolation paints nothing), so the
   dimming is a change of paint alone: an opacity below 1 gives a box a layer of its own, and a box
   that gains or loses one is laid out again, its fields and labels with it, at every switch. */
fieldset, .avg-only { isolation: isolate; }
.fills {
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  align-items: center;
  flex-basis: 100%;
}
.fills-title { font-size: 0.9rem; color: var(--pool-muted); margin-right: 0.25rem; }
.fills button { padding: 0.3rem 0.7rem; border-width: 1px; }
.share-hint { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; justify-content: space-between; }

/* Output size */
.formula dl { margin: 0; display: grid; gap: 0.5rem; }
.formula .side { display: grid; grid-template-columns: 4rem minmax(0, 1fr); gap: 0.5rem; }
.formula dt { font-weight: 600; }
.formula dd { margin: 0; display: grid; gap: 0.15rem; font-variant-numeric: tabular-nums; overflow-wrap: break-word; }
.formula .dropped:empty { display: none; }
.formula .dropped {
  padding: 0.35rem 0.6rem;
  border-left: 3px solid var(--pool-extra);
  background: var(--pool-cell);
}

/* Grids */
.forward, .backward { display: grid; gap: 0.6rem; }
/* The results below the first grids are laid out and painted only near the screen
   (content-visibility: auto). A change of the settings rewrites numbers in every part, and on a
   phone's slow CPU laying out the parts far below the tapped control made the layout that
   follows a tap about twice as long. The placeholder heights (each part's usual height on a
   phone) stand in until a part is first seen, then the browser keeps its real one; the parts
   stay in the tree, so keys, find in page and screen readers reach them. */
.formula, .comparison, .input-controls, .backward { content-visibility: auto; }
.formula { contain-intrinsic-size: auto 16rem; }
.comparison { contain-intrinsic-size: auto 30rem; }
.input-controls { contain-intrinsic-size: auto 23rem; }
.backward { contain-intrinsic-size: auto 35rem; }
/* That clips painting to the box: room for the focus ring of a control at its edge, with the
   content kept where it was. */
.input-controls, .backward { margin: -0.375rem; padding: 0.375rem; }
.panel { justify-items: start; }
.caption { font-size: 0.95rem; }
.scroller { padding: 0.3rem; }
.cell.pad { font-size: 0.75rem; }
/* Room beside the number for the focus ring, drawn inside the field's edge (shadow-styles.js):
   a long number widens the field to itself, and the ring would cover its first and last digit. */
.cell input {
  block-size: 100%;
  padding: 0 0.2rem;
  border: 0;
  background: transparent;
  text-align: center;
  font-variant-numeric: tabular-nums;
}
/* A window's cells keep their border: the shared outline frames them (shadow-styles.js) and takes
   no room, where a wider border would lay the window's cells out again at every tap. */
.cell.argmax input { font-weight: 700; text-decoration: underline; }
/* An output cell holds one button that fills it and centres its own number: a plain block, not
   the shared .cell's grid container, whose grid algorithm would run again for each number that
   changes. */
.cell.out { display: block; border: 0; background: transparent; }
.cell.out button {
  inline-size: 100%;
  block-size: 100%;
  min-height: 0;
  padding: 0;
  display: grid;
  place-content: center;
  line-height: 1.1;
  border: 1px solid var(--pool-cell-border);
  border-radius: 0.35rem;
  background: var(--pool-cell);
  font-variant-numeric: tabular-nums;
  font-size: var(--cell-font);
}
.cell.out button.long { font-size: var(--cell-font-long); }
.cell.out button::after {
  content: attr(data-divisor);
  font-size: 0.65rem;
  color: var(--pool-muted);
}
.cell.out button[aria-pressed="true"] {
  background: var(--pool-accent);
  color: var(--pool-on-accent);
  border-color: var(--pool-accent);
}
.cell.out button[aria-pressed="true"]::after { color: inherit; }
.cell.out.extra button { border: 2px dashed var(--pool-extra); }
.legend { border-left: 3px dashed var(--pool-extra); padding-left: 0.5rem; }
.detail, .backward-detail {
  padding: 0.6rem 0.9rem;
  border-left: 4px solid var(--pool-accent);
  border-radius: 0 0.5rem 0.5rem 0;
  background: var(--pool-cell);
  font-variant-numeric: tabular-nums;
  overflow-wrap: break-word;
}
.backward-detail:empty { display: none; }
.ones { justify-self: start; }

/* Picture */
.picture { display: grid; gap: 0.6rem; }
.picture-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.progress { width: min(20rem, 100%); }
.picture-status:empty { display: none; }
.picture-status { font-size: 0.95rem; }
.figures {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(14rem, 100%), 1fr));
  gap: 1rem;
}
.canvas-panel { margin: 0; display: grid; gap: 0.3rem; align-content: start; }
.canvas-panel canvas {
  width: 100%;
  height: auto;
  border: 1px solid var(--pool-cell-border);
  border-radius: 0.35rem;
  background: var(--pool-cell);
}
canvas.pixelated { image-rendering: pixelated; }
.canvas-panel figcaption { font-size: 0.9rem; color: var(--pool-muted); }

@container (max-width: 30rem) {
  .formula .side { grid-template-columns: minmax(0, 1fr); }
  .example-list { gap: 0.35rem; }
  .example-list button { padding: 0.3rem 0.6rem; font-size: 0.9rem; }
}
`;
