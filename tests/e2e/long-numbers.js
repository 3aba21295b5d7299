// Numbers as long as a widget writes them, for the specs that hold long numbers to their boxes
// (widgets-a-long-number-is-never-cut-off, widgets-keep-each-number-whole-...): a tiny fraction
// (11 characters), a large one, and a picture of 16 that mixes them with short ones.
export const TINY = '-0.00001234';
export const LARGE = '12345.678';
export const MIXED = `${TINY} -${LARGE} ${TINY} 1 2 3 4 5 ${TINY} ${LARGE} ${TINY} 1 2 3 4 -0.00003`;
