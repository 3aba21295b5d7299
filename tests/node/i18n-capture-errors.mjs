// Preloaded (node --import) by i18n-core-errors-read-in-chinese.test.mjs into the rejection
// tests: every error a test expects to be thrown (assert.throws / assert.rejects) is appended,
// one JSON line { name, message }, to the file I18N_CAPTURE names. The tests run unchanged.
import assert from 'node:assert';
import { appendFileSync } from 'node:fs';

const file = process.env.I18N_CAPTURE;
const record = (error) => {
  if (file && error instanceof Error) appendFileSync(file, `${JSON.stringify({ name: error.name, message: error.message })}\n`);
};

const throws = assert.throws;
const rejects = assert.rejects;
const patched = {
  throws(fn, ...rest) {
    return throws(() => {
      try {
        fn();
      } catch (error) {
        record(error);
        throw error;
      }
    }, ...rest);
  },
  async rejects(promiseOrFn, ...rest) {
    const run = typeof promiseOrFn === 'function' ? promiseOrFn : () => promiseOrFn;
    return rejects(async () => {
      try {
        await run();
      } catch (error) {
        record(error);
        throw error;
      }
    }, ...rest);
  },
};
// node:assert and node:assert/strict share these functions; patch both objects.
for (const target of [assert, assert.strict]) Object.assign(target, patched);
