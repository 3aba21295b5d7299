// The shadow root's styles: the course palette and shared rules, the widgets' common fields
// (../shared/widget-styles.js), the bars (../shared/bars.js), then this widget's layout.
import { barsCss } from '../shared/bars.js';
import { paletteCss } from '../shared/palette.js';
import { shadowCss } from '../shared/shadow-styles.js';
import { widgetCss } from '../shared/widget-styles.js';

export const cssText = `${paletteCss}${shadowCss}${widgetCss}${barsCss}
.slider-control { flex: 1 1 12rem; }
.scores, .bar-section { min-width: 0; max-width: 100%; flex: 1 1 16rem; }
.result { font-weight: 700; }
`;
