// What the widget's three pictures share: SVG elements made with DOM calls, the markers of the
// four points (their shape and fill say the target: an open circle for 0, a filled square for
// 1, so neither colour nor shape alone carries it), and a straight line a·x + b·y + c = 0
// cut to the part of the plane a picture shows. The only arithmetic here is the picture's
// geometry.
const NS = 'http://www.w3.org/2000/svg';

/** An SVG element with these attributes and children. */
export function svg(tag, attributes = {}, children = []) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/** A point's marker for its target (0 or 1), centred on (0, 0): place it with moveMarker. */
export function pointMarker(target) {
  const shape = target === 1
    ? [svg('rect', { class: 'halo', x: -7, y: -7, width: 14, height: 14 }), svg('rect', { class: 'mark', x: -6, y: -6, width: 12, height: 12 })]
    : [svg('circle', { class: 'halo', r: 7 }), svg('circle', { class: 'mark', r: 6 })];
  return svg('g', { class: `marker target-${target}` }, shape);
}

/** Moves a marker to (x, y) in the picture's units, touching the DOM only if it moved. */
export function moveMarker(marker, x, y) {
  const transform = `translate(${x.toFixed(1)} ${y.toFixed(1)})`;
  if (marker.getAttribute('transform') !== transform) marker.setAttribute('transform', transform);
}

/**
 * Where the line a·x + b·y + c = 0 crosses the box [x0, x1] × [y0, y1]: its two ends, or null
 * when it misses the box (or a and b are both 0, or not finite).
 * @returns {[[number, number], [number, number]] | null}
 */
export function cutLine(a, b, c, [x0, x1], [y0, y1]) {
  if (![a, b, c].every(Number.isFinite) || (a === 0 && b === 0)) return null;
  const ends = [];
  const add = (x, y) => {
    const inside = x >= x0 - 1e-9 && x <= x1 + 1e-9 && y >= y0 - 1e-9 && y <= y1 + 1e-9;
    if (inside && !ends.some(([ex, ey]) => Math.abs(ex - x) < 1e-9 && Math.abs(ey - y) < 1e-9)) ends.push([x, y]);
  };
  if (b !== 0) {
    add(x0, -(a * x0 + c) / b);
    add(x1, -(a * x1 + c) / b);
  }
  if (a !== 0) {
    add(-(b * y0 + c) / a, y0);
    add(-(b * y1 + c) / a, y1);
  }
  return ends.length >= 2 ? [ends[0], ends[1]] : null;
}
