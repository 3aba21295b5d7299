// Where a row of weights peaks, for a sentence that names what a query or a head attends to.

/** The index of the largest number of `values` (the first of equals); 0 for an empty row. */
export function firstLargest(values) {
  let most = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[most]) most = i;
  return most;
}
