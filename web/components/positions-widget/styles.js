// The shadow root's styles: the course palette, the shared rules and the steppers, then the
// positions widget's: the steppers in a row that wraps (a number field between 44 px buttons),
// the heat map (small cells that shrink as the table grows, in a box that scrolls sideways where
// it is wider than the room; a diverging scale from −1 to 1 on the cell's colour, its hue the
// sign), the selected row framed solid and the compared one dashed, the clocks (the selected
// hand solid in the accent, the compared one dashed in a second colour) and the rows' table.
import { fieldCss } from '../shared/field-styles.js';
import { paletteCss } from '../shared/palette.js';
import { shadowCss } from '../shared/shadow-styles.js';
import { stepperCss } from '../shared/stepper.js';

/** The steps of the heat map's scale on each side of 0: a cell's shade is its number's size, in steps. */
export const SHADE_STEPS = 100;

// A rule per step and sign, which the cells share: a cell's shade is a class (n37 is −0.37), not
// a style of its own, so a change of every shade restyles the cells from rules already resolved.
const shadeRules = Array.from({ length: SHADE_STEPS + 1 }, (_, step) => ['n', 'p'].map((sign) => `.map-cell.${sign}${step} { background-color: color-mix(in oklab, var(${sign === 'n' ? '--negative' : '--positive'}) ${(step * 100) / SHADE_STEPS}%, var(--pool-cell)); }`).join('\n')).join('\n');

export const cssText = `${paletteCss}${shadowCss}${fieldCss}${stepperCss}
.body {
  /* The scale's ends: a blue for −1 and an orange for 1, deep enough on the light cell and
     bright enough on the dark one to stand apart from it at 0.3. */
  --negative: light-dark(#1f5fbf, #6fa8ff);
  --positive: light-dark(#c2410c, #ff9a5c);
  --compare: var(--pool-extra);
  display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; min-width: 0;
}
.controls { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; align-items: end; }
/* The buttons and the field between them in a grid, not the shared flex row: there a long number
   typed into the field would set the row's least width, and the row would stick out of a phone. */
.stepper-buttons { display: grid; grid-auto-flow: column; justify-content: start; }
.stepper .number-field { min-inline-size: 3.75em; text-align: center; }
.part { min-width: 0; display: grid; gap: 0.5rem; }
h3 { margin: 0; font-size: 1.05rem; }
.hint, .status, .readout { margin: 0; color: var(--pool-muted); font-size: 0.9rem; }
.readout { color: var(--pool-text); font-variant-numeric: tabular-nums; min-height: 1.45em; }

.scale { display: flex; align-items: center; gap: 0.5rem; font-size: 0.85rem; font-variant-numeric: tabular-nums; }
.scale-bar {
  inline-size: 10rem; block-size: 0.75rem; border-radius: 0.25rem; border: 1px solid var(--pool-cell-border);
  background: linear-gradient(to right, var(--negative), var(--pool-cell), var(--positive));
}
.map-box { padding: 4px; }
.map { display: flex; flex-direction: column; gap: 1px; inline-size: max-content; }
.map-row { display: flex; gap: 1px; border-radius: 2px; }
.map-row.head { align-items: end; }
/* The heads' type is the smallest cell's side (0.75rem), so a head's line fits its row or column
   at every size. */
.corner, .row-head { inline-size: 2rem; flex: none; font-size: 0.75rem; color: var(--pool-muted); font-variant-numeric: tabular-nums; }
.corner { align-self: end; }
.row-head { block-size: var(--row); display: grid; place-items: center end; padding-inline-end: 0.3rem; line-height: 1; }
.column-head {
  /* Physical sizes: in vertical writing the inline size is the height. */
  width: var(--col); flex: none; writing-mode: vertical-rl; transform: rotate(180deg);
  font-size: 0.75rem; line-height: 1; color: var(--pool-muted); white-space: nowrap; display: grid; place-items: center;
  padding-block: 0.15rem;
}
.map-cell {
  inline-size: var(--col); block-size: var(--row); flex: none; cursor: pointer;
  background: var(--pool-cell);
}
${shadeRules}
.map-cell:focus-visible { outline: 3px solid var(--pool-text); outline-offset: 1px; position: relative; z-index: 1; }
/* The selected row framed solid, the compared one dashed, each around its whole row. */
.map-row.selected { outline: 2px solid var(--pool-accent); outline-offset: 1px; }
.map-row.compare { outline: 2px dashed var(--compare); outline-offset: 1px; }
.map-row.selected .row-head { color: var(--pool-accent); font-weight: 700; }
.map-row.compare .row-head { color: var(--compare); font-weight: 700; }

.hand-keys { display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; margin: 0; font-size: 0.9rem; }
.key-item { display: inline-flex; align-items: center; gap: 0.4rem; }
.hand-key { inline-size: 1.75rem; block-size: 0.5rem; overflow: visible; }
.hand-key .hand { stroke-width: 2.5; }
.clock-list { display: flex; flex-wrap: wrap; gap: 0.75rem 0.5rem; }
.clock-figure { display: grid; justify-items: center; gap: 0.15rem; inline-size: 5rem; }
.clock { inline-size: 4.5rem; block-size: 4.5rem; overflow: visible; }
.face { fill: var(--pool-cell); stroke: var(--pool-cell-border); stroke-width: 0.05; }
.noon { stroke: var(--pool-muted); stroke-width: 0.06; }
.pin { fill: var(--pool-text); }
.hand { stroke-linecap: round; fill: none; }
.clock .hand { stroke-width: 0.1; }
.hand.selected { stroke: var(--pool-accent); }
.hand.compare { stroke: var(--compare); stroke-dasharray: 0.16 0.1; }
.clock .hand.compare { stroke-width: 0.08; }
.hand-key .hand.compare { stroke-dasharray: 5 3; }
.tip.selected { fill: var(--pool-accent); }
.tip.compare { fill: var(--compare); }
.clock-caption { display: grid; justify-items: center; font-size: 0.8rem; line-height: 1.3; font-variant-numeric: tabular-nums; }
.clock-name { font-weight: 600; }

table.rows { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 0.9rem; }
table.rows th, table.rows td { padding: 0.2rem 0.6rem; white-space: nowrap; border-bottom: 1px solid var(--pool-cell-border); text-align: start; }
table.rows td.number { text-align: end; }
table.rows thead th:nth-child(3) { color: var(--pool-accent); }
table.rows thead th:nth-child(4) { color: var(--compare); }
`;
