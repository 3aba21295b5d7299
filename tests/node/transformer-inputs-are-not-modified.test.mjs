// The transformer API never writes to what it is given (arrays, params, options) and returns
// fresh arrays every time, so a page may keep its inputs and its results side by side. Typed
// arrays of any type and plain arrays give the same results.
import { loadTransformer } from 'pooling-course/transformer';
import { testCallsLeaveTheirInputs } from './inputs-unchanged.mjs';

const transformer = await loadTransformer();

const f32 = (n, scale = 0.1) => Float32Array.from({ length: n }, (_, i) => scale * (((i * 7) % 11) - 5));
const d = 4;
const ff = 6;
const params = {
  inProjWeight: f32(3 * d * d), inProjBias: f32(3 * d), outProjWeight: f32(d * d), outProjBias: f32(d),
  linear1Weight: f32(ff * d), linear1Bias: f32(ff), linear2Weight: f32(d * ff), linear2Bias: f32(d),
  norm1Weight: f32(d, 0.05), norm1Bias: f32(d), norm2Weight: f32(d, 0.05), norm2Bias: f32(d),
};
const x = f32(3 * d, 0.4);

const calls = {
  encoderLayer: () => [[x, [3, d], params, { nhead: 2, activation: 'gelu' }], (...a) => transformer.encoderLayer(...a)],
  encoderLayerBackward: () => [[f32(3 * d, 0.3), x, [3, d], params, { nhead: 4, normFirst: true }],
    (...a) => transformer.encoderLayerBackward(...a)],
  positionalEncoding: () => [[5, 7], (...a) => transformer.positionalEncoding(...a)],
};

testCallsLeaveTheirInputs(calls);
