// The shadow root's styles: the course palette and shared rules, the bars (../shared/bars.js),
// the widgets' common fields (../shared/widget-styles.js), then the softmax widget's layout.
import { barsCss } from '../shared/bars.js';
import { paletteCss } from '../shared/palette.js';
import { shadowCss } from '../shared/shadow-styles.js';
import { widgetCss } from '../shared/widget-styles.js';

export const cssText = `${paletteCss}${shadowCss}${widgetCss}${barsCss}
.slider-control { flex: 1 1 14rem; }
.ends { display: flex; justify-content: space-between; font-weight: 400; color: var(--pool-muted); font-size: 0.85rem; }
.scores, .probabilities, .backward { min-width: 0; max-width: 100%; }
.scores { flex: 1 1 16rem; }
.probabilities { flex: 2 1 18rem; }
`;
