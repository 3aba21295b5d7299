// A family's API as its load function returns it. The check costs a call a few nanoseconds,
// under 1% of pooling's quickest, the lesson's 4 x 4 (tests/bench, workload A).

/**
 * `functions`, frozen, each refusing a call with more arguments than it takes (`lstm takes at
 * most 4 arguments, got 5`, a FamilyError naming the parameter `arguments`), which would
 * otherwise be dropped without a word: options given to a function that takes none, or one
 * argument too many. What a function takes is its `length`, the parameters before the first
 * with a default, so an API function gives none a default and reads an undefined argument
 * itself. An undefined argument past them counts as left out, as an undefined option does. Each
 * function keeps its name and length.
 * @template {Record<string, Function>} T
 * @param {new (parameter: string, message: string) => Error} FamilyError
 * @param {T} functions
 * @returns {Readonly<T>}
 */
export function refusingExtraArguments(FamilyError, functions) {
  const api = {};
  for (const [name, fn] of Object.entries(functions)) {
    const takes = fn.length;
    const checked = (...args) => {
      let given = args.length;
      while (given > takes && args[given - 1] === undefined) given--;
      if (given > takes) {
        throw new FamilyError('arguments', `${name} takes at most ${takes} argument${takes === 1 ? '' : 's'}, got ${given}`);
      }
      return fn(...args);
    };
    Object.defineProperty(checked, 'name', { value: name });
    Object.defineProperty(checked, 'length', { value: takes });
    api[name] = checked;
  }
  return Object.freeze(api);
}
