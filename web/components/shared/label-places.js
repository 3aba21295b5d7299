// Where a picture's names of points go. Each name stands by its point, at the first of the places
// around it, nearest first, that keeps inside the picture and clear of what is drawn there
// already (the axes' labels, the markers, the names placed before it); where none does, at the
// place that leaves the picture least and covers least. Points can share a place (training moves
// XOR's points onto one; the loss curve draws points with one gap at one place), and their names
// then stand around it, or stacked where it is in a corner. Boxes are { left, top, width, height }
// in the picture's units; nothing here touches the DOM.

// From a point to a name beside it (past its marker, which reaches 7 from its centre), and to a
// name above or below it.
const SIDE = 10;
const OVER = 9;
// The least room kept between two boxes.
const CLEAR = 1;
// How many lines out from a point its name may stand: enough for the names of four points on one
// place in a corner of the picture, stacked.
const RINGS = 4;

/**
 * The places for a box width × height around the point (x, y), nearest first: right and left of
 * it, then above and below it (centred on it, from it rightwards, from it leftwards), then the
 * same a line further out, and so on for RINGS lines, so that names of points on one place stack
 * up where the picture has room.
 */
export function placesAround(x, y, width, height) {
  // A line, with room between two; above and below the point, clear of a name beside it.
  const line = height + 2 * CLEAR;
  const over = Math.max(OVER, height / 2 + 2 * CLEAR);
  const right = x + SIDE;
  const left = x - SIDE - width;
  const middle = y - height / 2;
  const places = [];
  for (let ring = 0; ring < RINGS; ring++) {
    const beside = ring === 0 ? [middle] : [middle - ring * line, middle + ring * line];
    for (const top of beside) places.push([right, top], [left, top]);
    for (const top of [y - over - height - ring * line, y + over + ring * line]) places.push([x - width / 2, top], [x, top], [x - width, top]);
  }
  return places.map(([boxLeft, top]) => ({ left: boxLeft, top, width, height }));
}

/** The area two boxes share, with CLEAR kept around the first. */
function overlap(a, b) {
  const across = Math.min(a.left + a.width + CLEAR, b.left + b.width) - Math.max(a.left - CLEAR, b.left);
  const down = Math.min(a.top + a.height + CLEAR, b.top + b.height) - Math.max(a.top - CLEAR, b.top);
  return across > 0 && down > 0 ? across * down : 0;
}

/** The area of a box outside the box `bounds`. */
function outside(box, bounds) {
  const across = Math.max(0, Math.min(box.left + box.width, bounds.left + bounds.width) - Math.max(box.left, bounds.left));
  const down = Math.max(0, Math.min(box.top + box.height, bounds.top + bounds.height) - Math.max(box.top, bounds.top));
  return box.width * box.height - across * down;
}

/**
 * The boxes of the names, in order: `names` are the points { x, y } with their names' sizes
 * { width, height }, `taken` the boxes already drawn, `bounds` the box the names stay in (the
 * picture, less a margin). A name that cannot help leaving the picture leaves it least, before it covers
 * anything.
 * @returns {{ left: number, top: number, width: number, height: number }[]}
 */
export function placeNames(names, taken, bounds) {
  const drawn = [...taken];
  return names.map(({ x, y, width, height }) => {
    let best = null;
    let bestCost = Infinity;
    for (const box of placesAround(x, y, width, height)) {
      const cost = outside(box, bounds) * 1e6 + drawn.reduce((sum, other) => sum + overlap(box, other), 0);
      if (cost < bestCost) [best, bestCost] = [box, cost];
      if (cost === 0) break;
    }
    drawn.push(best);
    return best;
  });
}
