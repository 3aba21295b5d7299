// Whether a change keeps the widget's nodes: a spec tags the nodes it names (data-probe) before
// the change and, after it, reads which of the nodes then there are still tagged. A node the
// change made anew is untagged; a node it kept is the same node, its tag with it.

/** Tags every node of `widget`'s shadow tree (a page object's) that matches `selector`; returns how many. */
export function tagNodes(widget, selector) {
  return widget.root.evaluate((host, css) => {
    const nodes = host.shadowRoot.querySelectorAll(css);
    for (const node of nodes) node.dataset.probe = 'kept';
    return nodes.length;
  }, selector);
}

/** For each node now matching `selector`, in document order: whether it was tagged before. */
export function keptNodes(widget, selector) {
  return widget.root.evaluate((host, css) => [...host.shadowRoot.querySelectorAll(css)]
    .map((node) => node.dataset.probe === 'kept'), selector);
}

/**
 * What keptNodes reads for a grid [rows, columns], row-major, grown or shrunk from [oldRows,
 * oldColumns]: true for a place both shapes have, false for a new one.
 */
export function keptPlaces(rows, columns, oldRows, oldColumns) {
  return Array.from({ length: rows * columns }, (_, i) => Math.floor(i / columns) < oldRows && i % columns < oldColumns);
}

/** `count` nodes, all kept. */
export const allKept = (count) => Array(count).fill(true);
