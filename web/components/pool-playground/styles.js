// Styles of <pool-playground>. Colours are custom properties, so a page can retheme it; the
// dark set applies under prefers-color-scheme: dark unless color-scheme="light" pins the light
// one, and color-scheme="dark" pins the dark one. Every text colour is 4.5:1 or more on its
// background.

const light = `
  --pg-surface: #ffffff;
  --pg-text: #1a1c20;
  --pg-muted: #4a515e;
  --pg-cell: #eef1f5;
  --pg-border: #b9c1cd;
  --pg-accent: #1d4ed8;
  --pg-on-accent: #ffffff;
  --pg-highlight: #d6e4ff;
  --pg-pad: #f7f8fa;
  --pg-extra: #8a4b00;
  --pg-good: #135230;
  --pg-error-surface: #fdecec;
  --pg-error-text: #8a1c1c;
  color-scheme: light;
`;

const dark = `
  --pg-surface: #15171c;
  --pg-text: #e9ebf0;
  --pg-muted: #b3b9c5;
  --pg-cell: #252a34;
  --pg-border: #566072;
  --pg-accent: #8ab4ff;
  --pg-on-accent: #10131a;
  --pg-highlight: #24427a;
  --pg-pad: #1b1e25;
  --pg-extra: #ffc27a;
  --pg-good: #b5efcc;
  --pg-error-surface: #3b1719;
  --pg-error-text: #ffd0d0;
  color-scheme: dark;
`;

export const cssText = `
:host {
  ${light}
  display: block;
  container-type: inline-size;
  color: var(--pg-text);
  background: var(--pg-surface);
  border: 1px solid var(--pg-border);
  border-radius: 0.75rem;
  padding: 1rem;
  font: inherit;
  line-height: 1.45;
  box-sizing: border-box;
}
@media (prefers-color-scheme: dark) {
  :host(:not([color-scheme="light"])) { ${dark} }
}
:host([color-scheme="dark"]) { ${dark} }
:host([hidden]) { display: none; }

*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
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

.playground {
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1.25rem;
  /* One cell of a grid: as large as the room allows, from a touch target to 3rem. */
  --cell: clamp(2.25rem, 9cqi, 3rem);
  --gap: 0.2rem;
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
.hint, .share-hint, .credit, .legend {
  color: var(--pg-muted);
  font-size: 0.9rem;
}
.only {
  color: var(--pg-muted);
  font-size: 0.8rem;
  font-weight: 400;
}

button, input, select {
  font: inherit;
  color: inherit;
}
button, .file-label {
  min-height: 44px;
  padding: 0.45rem 0.9rem;
  border: 2px solid var(--pg-accent);
  border-radius: 0.5rem;
  background: transparent;
  color: var(--pg-text);
  cursor: pointer;
  touch-action: manipulation;
}
button:hover, .file-label:hover { background: var(--pg-highlight); }
button[aria-pressed="true"] {
  background: var(--pg-accent);
  color: var(--pg-on-accent);
}
:focus-visible, .file-label:focus-within {
  outline: 3px solid var(--pg-accent);
  outline-offset: 2px;
}

.note:empty, .alert:empty { display: none; }
.note {
  padding: 0.75rem 1rem;
  border-left: 4px solid var(--pg-extra);
  border-radius: 0 0.5rem 0.5rem 0;
  background: var(--pg-cell);
}
.alert {
  padding: 0.75rem 1rem;
  border-radius: 0.5rem;
  background: var(--pg-error-surface);
  color: var(--pg-error-text);
  font-weight: 600;
}
.loading { color: var(--pg-muted); }

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
  border-color: var(--pg-border);
}
.example-list button[aria-pressed="true"] { border-color: var(--pg-accent); }
.example-list .source {
  font-size: 0.8rem;
  color: var(--pg-muted);
}
.example-list button[aria-pressed="true"] .source { color: inherit; }
.comparison {
  padding: 0.75rem 1rem;
  display: grid;
  gap: 0.4rem;
  border-left: 4px solid var(--pg-accent);
  border-radius: 0 0.5rem 0.5rem 0;
  background: var(--pg-cell);
}
.comparison-title { margin: 0; font-size: 1rem; }
.pytorch { font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.verdict { font-weight: 600; color: var(--pg-good); }

/* Settings */
.controls {
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(13.5rem, 1fr));
  gap: 0.75rem;
  align-items: start;
}
.controls h3, .controls .input-size, .controls .share-hint, .controls .flags { grid-column: 1 / -1; }
fieldset {
  margin: 0;
  padding: 0.5rem 0.75rem 0.75rem;
  border: 1px solid var(--pg-border);
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
fieldset label {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem;
  min-height: 44px;
}
fieldset.pair label, .input-size > label {
  flex-direction: column;
  align-items: stretch;
  gap: 0.1rem;
  font-size: 0.9rem;
}
input[type="number"] {
  width: 5.5rem;
  min-height: 44px;
  padding: 0.3rem 0.5rem;
  border: 1px solid var(--pg-border);
  border-radius: 0.4rem;
  background: var(--pg-surface);
  font-variant-numeric: tabular-nums;
}
input[type="radio"], input[type="checkbox"] {
  width: 1.25rem;
  height: 1.25rem;
  accent-color: var(--pg-accent);
}
input[aria-invalid="true"] {
  outline: 3px solid var(--pg-error-text);
  outline-offset: 1px;
}
fieldset:disabled { opacity: 0.7; }
.avg-only.off { opacity: 0.7; }
.fills {
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  align-items: center;
  flex-basis: 100%;
}
.fills-title { font-size: 0.9rem; color: var(--pg-muted); margin-right: 0.25rem; }
.fills button { padding: 0.3rem 0.7rem; border-width: 1px; }
.share-hint { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; justify-content: space-between; }

/* Output size */
.formula dl { margin: 0; display: grid; gap: 0.5rem; }
.formula .side { display: grid; grid-template-columns: 4rem minmax(0, 1fr); gap: 0.5rem; }
.formula dt { font-weight: 600; }
.formula dd { margin: 0; display: grid; gap: 0.15rem; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.formula .dropped:empty { display: none; }
.formula .dropped {
  padding: 0.35rem 0.6rem;
  border-left: 3px solid var(--pg-extra);
  background: var(--pg-cell);
}

/* Grids */
.forward, .backward { display: grid; gap: 0.6rem; }
.stage {
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 1rem 2rem;
}
.panel {
  margin: 0;
  display: grid;
  gap: 0.4rem;
  max-width: 100%;
  justify-items: start;
}
.caption { font-weight: 600; font-size: 0.95rem; }
.scroller {
  max-width: 100%;
  overflow-x: auto;
  padding: 0.3rem;
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
  display: grid;
  place-items: center;
  border: 1px solid var(--pg-border);
  border-radius: 0.35rem;
  background: var(--pg-cell);
  font-variant-numeric: tabular-nums;
  font-size: 0.9rem;
  overflow: hidden;
  white-space: nowrap;
}
.cell.long, .long { font-size: 0.75rem; }
.cell.longer, .longer { font-size: 0.65rem; }
.cell.pad {
  background: repeating-linear-gradient(135deg, var(--pg-pad) 0 4px, transparent 4px 8px);
  border-style: dashed;
  color: var(--pg-muted);
  font-size: 0.75rem;
}
.cell input {
  inline-size: 100%;
  block-size: 100%;
  padding: 0;
  border: 0;
  background: transparent;
  text-align: center;
  font-variant-numeric: tabular-nums;
}
.cell.in-window {
  background: var(--pg-highlight);
  border: 2px solid var(--pg-accent);
}
.cell.pad.in-window { background: var(--pg-highlight); }
.cell.argmax { font-weight: 800; text-decoration: underline; text-underline-offset: 0.2em; }
.cell.argmax input { font-weight: 800; text-decoration: underline; }
.cell.out { border: 0; background: transparent; }
.cell.out button {
  inline-size: 100%;
  block-size: 100%;
  min-height: 0;
  padding: 0;
  display: grid;
  place-content: center;
  line-height: 1.1;
  border: 1px solid var(--pg-border);
  border-radius: 0.35rem;
  background: var(--pg-cell);
  font-variant-numeric: tabular-nums;
  font-size: 0.9rem;
}
.cell.out button.long { font-size: 0.75rem; }
.cell.out button.longer { font-size: 0.65rem; }
.cell.out button::after {
  content: attr(data-divisor);
  font-size: 0.65rem;
  color: var(--pg-muted);
}
.cell.out button[aria-pressed="true"] {
  background: var(--pg-accent);
  color: var(--pg-on-accent);
  border-color: var(--pg-accent);
}
.cell.out button[aria-pressed="true"]::after { color: inherit; }
.cell.out.extra button { border: 2px dashed var(--pg-extra); }
.legend { border-left: 3px dashed var(--pg-extra); padding-left: 0.5rem; }
.detail, .backward-detail {
  padding: 0.6rem 0.9rem;
  border-left: 4px solid var(--pg-accent);
  border-radius: 0 0.5rem 0.5rem 0;
  background: var(--pg-cell);
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
}
.backward-detail:empty { display: none; }
.ones { justify-self: start; }

/* Picture */
.picture { display: grid; gap: 0.6rem; }
.picture-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.file-label { display: inline-flex; align-items: center; gap: 0.5rem; }
.file-label input { width: 0.1px; height: 0.1px; opacity: 0; position: absolute; }
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
  border: 1px solid var(--pg-border);
  border-radius: 0.35rem;
  background: var(--pg-cell);
}
canvas.pixelated { image-rendering: pixelated; }
.canvas-panel figcaption { font-size: 0.9rem; color: var(--pg-muted); }

@container (max-width: 30rem) {
  .formula .side { grid-template-columns: minmax(0, 1fr); }
  .example-list { gap: 0.35rem; }
  .example-list button { padding: 0.3rem 0.6rem; font-size: 0.9rem; }
}
`;

let sheet = null;

/** One constructable stylesheet shared by every playground on the page. */
export function styleSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
  }
  return sheet;
}
