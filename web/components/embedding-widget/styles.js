// The shadow root's styles: the layer widgets' shared layout, then the sentence's chips and
// word buttons, and the marks that tie an output row to its table row (a row the sentence uses
// has an accent bar and bold name; the padding word's gradient is struck through, so the marks
// differ by more than colour).
import { layerCss, narrowestFieldRule, narrowFieldCss } from '../shared/layer-styles.js';

export const cssText = `${layerCss}${narrowFieldCss}
.chips { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0 0 0.5rem; padding: 0; list-style: none; }
.chip { font-weight: 600; }
.chip .index, th .index { color: var(--pool-muted); font-weight: 400; font-size: 0.85em; }
.words { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.5rem 0; }
.group-label { font-weight: 600; font-size: 0.9rem; margin-inline-end: 0.25rem; }
.table, .output { flex: 1 1 18rem; }
tr.used > th { box-shadow: inset 4px 0 0 var(--pool-accent); font-weight: 700; }
tr.padding > th { color: var(--pool-muted); }
.backward tr.padding td.number { text-decoration: line-through; color: var(--pool-muted); }
.used-at, .note-cell { font-size: 0.85rem; color: var(--pool-muted); }
/* On a phone the table keeps its four fields and lets "used at" go (the output and the
   gradient say which positions read a row). */
.table { container-type: inline-size; }
@container (max-width: 25rem) {
  .used-at { display: none; }
  /* and its four fields a little narrower, so the last one is not cut at the edge */
  ${narrowestFieldRule}
}
tbody th { white-space: nowrap; }
tr.lit > * { background: var(--pool-cell); }
.chip.lit { border-color: var(--pool-accent); }
`;
