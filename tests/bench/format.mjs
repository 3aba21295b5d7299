// Text formatting for the report: units, ratios and aligned tables.

export function formatTime(seconds) {
  if (!Number.isFinite(seconds)) return '-';
  const [scale, unit] = seconds < 1e-6 ? [1e9, 'ns'] : seconds < 1e-3 ? [1e6, 'µs'] : seconds < 1 ? [1e3, 'ms'] : [1, 's'];
  return `${(seconds * scale).toPrecision(3)} ${unit}`;
}

export const formatRatio = (ratio) => (Number.isFinite(ratio) ? `${ratio.toFixed(ratio < 10 ? 2 : 1)}x` : '-');
export const formatGBs = (bytesPerSecond) => `${(bytesPerSecond / 1e9).toFixed(2)} GB/s`;
export const formatPercent = (share) => `${(share * 100).toFixed(0)}%`;
export const formatKB = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatRelative(difference) {
  if (difference === 0) return '0';
  return difference.toExponential(1);
}

export const verdict = (met) => (met ? 'PASS' : 'MISS');

/** rows: arrays of cells; the first `leftColumns` columns align left, the rest right. */
export function formatTable(header, rows, leftColumns = 2) {
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => String(row[column] ?? '').length)));
  const line = (row) => row.map((cell, column) => {
    const text = String(cell ?? '');
    return column < leftColumns ? text.padEnd(widths[column]) : text.padStart(widths[column]);
  }).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
