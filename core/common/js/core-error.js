// The base class of every error the core's JS APIs throw for a bad argument. Each family
// throws its own subclass (PoolError, ...), so a caller can catch one family's errors or all
// of them: `error instanceof CoreError`. One module for every family, so that there is one
// CoreError class however many families a page loads.
export class CoreError extends Error {
  /**
   * @param {string} parameter The camelCase name of the offending parameter, e.g. "padding".
   * @param {string} message Names the parameter and its value, e.g. "padding 3 is more than
   *   half of kernelSize 2".
   */
  constructor(parameter, message) {
    super(message);
    // Set by hand, not from the class, whose name a minifier may change.
    this.name = 'CoreError';
    this.parameter = parameter;
  }
}
