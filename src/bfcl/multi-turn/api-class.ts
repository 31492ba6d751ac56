/**
 * The shape every multi-turn API class takes: a Python class name, `_load_scenario(config,
 * long_context)`, its public methods with their Python signatures (parameter names in order and
 * defaults), and its public attributes in `vars()` order (what BFCL's state check compares).
 */
import type { PyDict, PyObj } from "./py-object.js";

/** A parameter: its name and, when optional, its default value. */
export interface ApiParam {
  readonly name: string;
  /** The default (one object for every call, as Python keeps it); absent when required. */
  readonly default?: PyObj;
  readonly hasDefault: boolean;
}

/** A public method: its parameters after `self` and its body (one table per class). */
export interface ApiMethod<Self = never> {
  readonly params: readonly ApiParam[];
  call(self: Self, args: readonly PyObj[]): PyObj;
}

/** Objects shared by every instance in one check (Python's mutable default arguments). */
export class ApiContext {
  private readonly shared = new Map<string, PyObj>();

  /** The one object a mutable default names, made on first use. */
  sharedDefault(key: string, make: () => PyObj): PyObj {
    if (!this.shared.has(key)) this.shared.set(key, make());
    return this.shared.get(key) as PyObj;
  }
}

/** A multi-turn API class instance. */
export interface MultiTurnApi {
  /** The Python class name (`GorillaFileSystem`, `TwitterAPI`, ...). */
  readonly className: string;
  /** `_load_scenario(copy.deepcopy(config), long_context=...)`. */
  loadScenario(scenario: PyDict, longContext: boolean): void;
  /** Public methods by name (the names BFCL maps calls to); `call` takes this instance. */
  // biome-ignore lint/suspicious/noExplicitAny: each class's table takes that class; the executor passes the instance it came from.
  readonly methods: ReadonlyMap<string, ApiMethod<any>>;
  /** Public attributes (`vars()` without `_` names) in order. */
  state(): Array<[string, PyObj]>;
}

/** A parameter list from `"name"` (required) and `["name", default]` (optional) items. */
export function params(...items: Array<string | readonly [string, PyObj]>): ApiParam[] {
  return items.map((item) =>
    typeof item === "string"
      ? { name: item, hasDefault: false }
      : { name: item[0], default: item[1], hasDefault: true },
  );
}

/** Builds a class's method table. */
export function methodTable<Self>(
  entries: Array<[string, ApiParam[], (self: Self, args: readonly PyObj[]) => PyObj]>,
): Map<string, ApiMethod<Self>> {
  return new Map(entries.map(([name, parameters, call]) => [name, { params: parameters, call }]));
}
