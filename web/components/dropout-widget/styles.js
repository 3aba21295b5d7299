// The shadow root's styles: the layer widgets' shared layout, then the controls, the slider
// (44 px tall for a thumb), and the mask's marks (a dropped element's row is muted and marked ✗,
// a kept one ✓, so they differ by more than colour).
import { layerCss, narrowestFieldRule, narrowFieldCss } from '../shared/layer-styles.js';

export const cssText = `${layerCss}${narrowFieldCss}
.controls { display: flex; flex-wrap: wrap; gap: 0.75rem 1.25rem; align-items: end; }
.p, .seed { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; }
.slider { inline-size: min(14rem, 70vw); min-height: 44px; accent-color: var(--pool-accent); }
.mask { white-space: nowrap; }
/* A dropped output is muted, not struck through: a struck 0 reads as θ. Its ✗ and word say it. */
tr.dropped td.number.out { color: var(--pool-muted); }
tr.dropped .mask { color: var(--pool-muted); }
tr.kept .mask { color: var(--pool-good); font-weight: 600; }
.mean { color: var(--pool-accent); }
.mean[hidden] { display: none; }
.scale { font-weight: 600; }
.average[aria-pressed="true"] { border-color: var(--pool-accent); }
@media (max-width: 30rem) {
  ${narrowestFieldRule}
  th, td { padding: 0.15rem 0.2rem; }
  .mask .word { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
}
`;
