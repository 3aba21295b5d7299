// The loss widget's two figures in viewBox units: the plot draws in them (plot.js) and the
// iframe's size estimate scales them to the frame (frame-size.js).

/** The width of the strip and of the curve. */
export const PLOT_WIDTH = 360;
/** The strip: its top margin, one lane per point, and the room for its axis below the lanes. */
export const STRIP = Object.freeze({ top: 4, lane: 48, axis: 30 });
/** The height of the curve of one point's loss. */
export const CURVE_HEIGHT = 220;

/** The strip's height for `points` lanes. */
export const stripHeight = (points) => STRIP.top + points * STRIP.lane + STRIP.axis;
