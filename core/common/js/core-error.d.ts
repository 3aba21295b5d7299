/** Every bad argument to any family of the core; each family throws a subclass of it. */
export class CoreError extends Error {
  /** `message` names the parameter and its value. */
  constructor(parameter: string, message: string);
  /** "CoreError", or the family's subclass name, e.g. "PoolError". */
  name: string;
  /** The camelCase name of the offending parameter, e.g. "padding". */
  parameter: string;
}
