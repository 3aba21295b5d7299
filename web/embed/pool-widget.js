// The one-tag embed. The production build turns this file into dist/embed/pool-widget.js, a
// single ES module at a stable address that defines <pool-widget> and loads the WASM core from
// beside itself (wherever the page that embeds it is served from):
//
//   <script type="module" src="https://COURSE-HOST/embed/pool-widget.js"></script>
//   <pool-widget kernel-size="3" stride="1" padding="1"></pool-widget>
//
// The element's contract (attributes, methods, events) is the doc comment of PoolWidget.
export { PoolWidget } from '../components/pool-widget/define.js';
