// Where <xor-widget>'s hidden space puts its points' names (placeNames, shared/label-places.js):
// four names of the size the picture draws them, for four points on one place, at each corner,
// edge and the middle of the picture, stay inside it, off each other and off every marker; a name
// goes to the right of its point when that is free, and where nothing is free, to the place that
// leaves the picture least.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { placeNames, placesAround } from '../../web/components/shared/label-places.js';

const SIZE = 300;
const BOUNDS = { left: 2, top: 2, width: SIZE - 4, height: SIZE - 4 };
// "(0, 0)" at the largest size the picture draws its labels (15 units: plot-text.js, 240 px wide).
const NAME = { width: 41, height: 18 };
const REACH = 7;

const meet = (a, b) => a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
const inside = (box) => box.left >= BOUNDS.left && box.top >= BOUNDS.top
  && box.left + box.width <= BOUNDS.left + BOUNDS.width && box.top + box.height <= BOUNDS.top + BOUNDS.height;
const markerBox = ({ x, y }) => ({ left: x - REACH, top: y - REACH, width: 2 * REACH, height: 2 * REACH });
const show = (box) => `[${box.left.toFixed(1)}, ${box.top.toFixed(1)}, ${box.width} × ${box.height}]`;

describe('the points\' names in the hidden space', () => {
  const spots = [9, SIZE / 2, SIZE - 9];
  for (const x of spots) {
    for (const y of spots) {
      it(`four points on one place at (${x}, ${y}): every name inside, apart, and off the markers`, () => {
        const points = Array.from({ length: 4 }, () => ({ x, y }));
        const markers = points.map(markerBox);
        const boxes = placeNames(points.map((point) => ({ ...point, ...NAME })), markers, BOUNDS);
        boxes.forEach((box, k) => {
          assert.ok(inside(box), `name ${k} at ${show(box)} leaves the picture`);
          markers.forEach((marker, m) => assert.ok(!meet(box, marker), `name ${k} at ${show(box)} covers marker ${m}`));
          boxes.slice(k + 1).forEach((other, j) => assert.ok(!meet(box, other), `names ${k} and ${k + 1 + j} meet at ${show(box)}`));
        });
      });
    }
  }

  it('a name stands right of its point when nothing is there', () => {
    const [box] = placeNames([{ x: 100, y: 100, ...NAME }], [], BOUNDS);
    assert.deepEqual(box, placesAround(100, 100, NAME.width, NAME.height)[0]);
    assert.ok(box.left > 100 + REACH && box.top < 100 && box.top + box.height > 100, `right of the point, level with it: ${show(box)}`);
  });

  it('a name keeps off a label drawn before it', () => {
    const label = { left: 105, top: 90, width: 30, height: 20 };
    const [box] = placeNames([{ x: 100, y: 100, ...NAME }], [label], BOUNDS);
    assert.ok(!meet(box, label), `the name at ${show(box)} covers the label at ${show(label)}`);
  });

  it('where no place is free, a name leaves the picture as little as it can', () => {
    const tiny = { left: 0, top: 0, width: 30, height: 30 };
    const [box] = placeNames([{ x: 15, y: 15, ...NAME }], [], tiny);
    const sticking = (b) => b.width * b.height
      - Math.max(0, Math.min(b.left + b.width, 30) - Math.max(b.left, 0)) * Math.max(0, Math.min(b.top + b.height, 30) - Math.max(b.top, 0));
    const least = Math.min(...placesAround(15, 15, NAME.width, NAME.height).map(sticking));
    assert.equal(sticking(box), least);
  });
});
