// Reads the playground's attributes into settings (see settings.js). The attributes are the
// playground's starting point: what Reset returns to and what a broken link falls back to.
import { MAX_SIDE, countFrom, defaultSettings, readNumber } from './settings.js';

export class AttributeError extends Error {
  name = 'AttributeError';
}

/** @param {Element} host */
export function settingsFromAttributes(host) {
  const settings = defaultSettings();
  const text = (name) => {
    const value = host.getAttribute(name);
    return value === null || value.trim() === '' ? null : value.trim();
  };

  const op = text('op') ?? 'avg';
  if (op !== 'avg' && op !== 'max') throw new AttributeError(`op must be "avg" or "max", not "${op}".`);
  settings.op = op;

  settings.height = side(text('input-height'), 'input-height', 4);
  settings.width = side(text('input-width'), 'input-width', 4);
  const count = settings.height * settings.width;
  settings.input = text('input') === null ? countFrom(0, count) : numbers(text('input'), 'input');
  if (settings.input.length !== count) {
    throw new AttributeError(`input has ${settings.input.length} numbers, but a ${settings.height} by ${settings.width} grid needs ${count}.`);
  }

  settings.kernelSize = size(text('kernel-size'), 'kernel-size', [2, 2]);
  settings.stride = size(text('stride'), 'stride', settings.kernelSize);
  settings.padding = size(text('padding'), 'padding', [0, 0]);
  settings.dilation = size(text('dilation'), 'dilation', [1, 1]);
  // HTML-style, as <pool-widget> reads it: present (or "true") is on, "false" is off, and
  // anything else is a mistake to report, not a silent "on".
  const ceilMode = host.hasAttribute('ceil-mode') ? (text('ceil-mode') ?? 'true') : 'false';
  if (ceilMode !== 'true' && ceilMode !== 'false') {
    throw new AttributeError(`ceil-mode must be present, "true" or "false", not "${ceilMode}".`);
  }
  settings.ceilMode = ceilMode === 'true';
  const countIncludePad = text('count-include-pad') ?? 'true';
  if (countIncludePad !== 'true' && countIncludePad !== 'false') {
    throw new AttributeError(`count-include-pad must be "true" or "false", not "${countIncludePad}".`);
  }
  settings.countIncludePad = countIncludePad === 'true';
  const divisor = text('divisor-override');
  if (divisor !== null && divisor !== 'none') {
    if (!/^-?\d+$/.test(divisor)) throw new AttributeError(`divisor-override must be a whole number, not "${divisor}".`);
    settings.divisorOverride = Number(divisor);
  }
  const grad = text('grad-output');
  settings.gradOutput = grad === null || grad === 'ones' ? 'ones' : numbers(grad, 'grad-output');
  return settings;
}

function side(value, name, fallback) {
  if (value === null) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_SIDE) {
    throw new AttributeError(`${name} must be a whole number from 1 to ${MAX_SIDE}, not "${value}".`);
  }
  return n;
}

function size(value, name, fallback) {
  if (value === null) return [...fallback];
  const parts = value.split(/[\s,]+/).filter(Boolean);
  const values = parts.map(Number);
  if (parts.length < 1 || parts.length > 2 || !values.every(Number.isInteger)) {
    throw new AttributeError(`${name} must be one whole number or two (height and width), not "${value}".`);
  }
  return values.length === 1 ? [values[0], values[0]] : values;
}

function numbers(value, name) {
  return value.split(/[\s,]+/).filter(Boolean).map((token) => {
    const n = readNumber(token);
    if (n === null) throw new AttributeError(`${name}: "${token}" is not a number.`);
    return n;
  });
}
