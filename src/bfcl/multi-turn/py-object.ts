/**
 * Live Python objects for the multi-turn API classes: the values their methods take, keep and
 * return, as JavaScript values. `None` is null, `bool` a boolean, `int` a bigint (exact), `float`
 * a number, `str` a string, `list` an array; dicts, sets and tuples are the classes below, and
 * other objects (files, directories, Decimals) implement {@link PyCustom}. Kinds stay apart where
 * Python's `type()` does (so `json.dumps` prints `7` for an int and `7.0` for a float).
 */
import type { PyValue } from "../py-value.js";

/** An object of a class other than the built-ins: its `==` and its `repr()`. */
export interface PyCustom {
  /** `type(self).__name__`. */
  readonly pyTypeName: string;
  pyEquals(other: PyObj): boolean;
  pyRepr(): string;
}

/** A live Python object. */
export type PyObj = null | boolean | bigint | number | string | PyObj[] | PyDict | PySet | PyTuple | PyCustom;

/** A Map key standing for a Python key: equal keys under Python's `==` (for hashable kinds) map alike. */
function keyOf(key: PyObj): unknown {
  if (typeof key === "string" || typeof key === "bigint" || key === null) return key;
  if (typeof key === "boolean") return key ? 1n : 0n;
  if (typeof key === "number") return Number.isInteger(key) ? BigInt(key) : key;
  if (key instanceof PyTuple) return `\u0000t${key.items.map((item) => String(keyOf(item))).join("\u0000")}`;
  throw pyError("TypeError", `unhashable type: '${pyTypeName(key)}'`);
}

/** A Python dict: insertion order, the first spelling of a key kept, keys equal under `==`. */
export class PyDict {
  /** Values by Map key (a str or int key is its own Map key). */
  private readonly slots = new Map<unknown, PyObj>();
  /** The Python key where it differs from its Map key (bools, integral floats, tuples). */
  private spellings: Map<unknown, PyObj> | undefined;

  constructor(entries: Iterable<readonly [PyObj, PyObj]> = []) {
    for (const [key, value] of entries) this.set(key, value);
  }

  get size(): number {
    return this.slots.size;
  }
  has(key: PyObj): boolean {
    return this.slots.has(typeof key === "string" ? key : keyOf(key));
  }
  get(key: PyObj): PyObj | undefined {
    return this.slots.get(typeof key === "string" ? key : keyOf(key));
  }
  set(key: PyObj, value: PyObj): void {
    const slotKey = typeof key === "string" ? key : keyOf(key);
    if (slotKey !== key && !this.slots.has(slotKey)) {
      this.spellings ??= new Map();
      this.spellings.set(slotKey, key);
    }
    this.slots.set(slotKey, value);
  }
  delete(key: PyObj): boolean {
    const slotKey = typeof key === "string" ? key : keyOf(key);
    this.spellings?.delete(slotKey);
    return this.slots.delete(slotKey);
  }
  private spelling(slotKey: unknown): PyObj {
    return this.spellings?.has(slotKey) ? (this.spellings.get(slotKey) as PyObj) : (slotKey as PyObj);
  }
  keys(): PyObj[] {
    const keys: PyObj[] = [];
    for (const slotKey of this.slots.keys()) keys.push(this.spelling(slotKey));
    return keys;
  }
  values(): PyObj[] {
    return [...this.slots.values()];
  }
  entries(): Array<[PyObj, PyObj]> {
    const entries: Array<[PyObj, PyObj]> = [];
    for (const [slotKey, value] of this.slots) entries.push([this.spelling(slotKey), value]);
    return entries;
  }
  /** `dict.copy()`: a shallow copy. */
  copy(): PyDict {
    return new PyDict(this.entries());
  }
}

/** A Python set (iteration in insertion order; only equality and membership are observed). */
export class PySet {
  private readonly slots = new Map<unknown, PyObj>();

  constructor(items: Iterable<PyObj> = []) {
    for (const item of items) this.add(item);
  }
  get size(): number {
    return this.slots.size;
  }
  has(item: PyObj): boolean {
    return this.slots.has(keyOf(item));
  }
  add(item: PyObj): void {
    const slotKey = keyOf(item);
    if (!this.slots.has(slotKey)) this.slots.set(slotKey, item);
  }
  items(): PyObj[] {
    return [...this.slots.values()];
  }
}

/** A Python tuple. */
export class PyTuple {
  constructor(readonly items: PyObj[]) {}
}

/** A Python exception raised by an API method: its type name and `str(exception)`. */
export class PyException extends Error {
  constructor(
    readonly pyType: string,
    message: string,
  ) {
    super(message);
    this.name = "PyException";
  }
}

/** A {@link PyException} to throw. */
export function pyError(pyType: string, message: string): PyException {
  return new PyException(pyType, message);
}

/** True for a custom object. */
export function isCustom(value: PyObj): value is PyCustom {
  return typeof value === "object" && value !== null && "pyRepr" in value;
}

/** `type(value).__name__`. */
export function pyTypeName(value: PyObj): string {
  if (value === null) return "NoneType";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "bigint") return "int";
  if (typeof value === "number") return "float";
  if (typeof value === "string") return "str";
  if (Array.isArray(value)) return "list";
  if (value instanceof PyDict) return "dict";
  if (value instanceof PySet) return "set";
  if (value instanceof PyTuple) return "tuple";
  return value.pyTypeName;
}

/** True for int, float and bool (Python's numbers for `==` and arithmetic). */
export function isNumber(value: PyObj): value is bigint | number | boolean {
  return typeof value === "bigint" || typeof value === "number" || typeof value === "boolean";
}

function numbersEqual(left: bigint | number | boolean, right: bigint | number | boolean): boolean {
  const a = typeof left === "boolean" ? BigInt(left) : left;
  const b = typeof right === "boolean" ? BigInt(right) : right;
  if (typeof a === "bigint" && typeof b === "bigint") return a === b;
  if (typeof a === "number" && typeof b === "number") return a === b;
  const float = (typeof a === "number" ? a : b) as number;
  const integer = (typeof a === "bigint" ? a : b) as bigint;
  return Number.isInteger(float) && BigInt(float) === integer;
}

function sequencesEqual(left: readonly PyObj[], right: readonly PyObj[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) {
    const a = left[index] as PyObj;
    const b = right[index] as PyObj;
    if (a !== b && !pyEquals(a, b)) return false;
  }
  return true;
}

/** Python's `left == right`. */
export function pyEquals(left: PyObj, right: PyObj): boolean {
  if (isNumber(left)) return isNumber(right) && numbersEqual(left, right);
  if (left === null || typeof left === "string") return left === right;
  if (Array.isArray(left)) return Array.isArray(right) && sequencesEqual(left, right);
  if (left instanceof PyTuple) return right instanceof PyTuple && sequencesEqual(left.items, right.items);
  if (left instanceof PyDict) {
    if (!(right instanceof PyDict) || left.size !== right.size) return false;
    for (const [key, value] of left.entries()) {
      if (!right.has(key)) return false;
      const other = right.get(key) as PyObj;
      if (value !== other && !pyEquals(value, other)) return false;
    }
    return true;
  }
  if (left instanceof PySet) {
    if (!(right instanceof PySet) || left.size !== right.size) return false;
    return left.items().every((item) => right.has(item));
  }
  if (isCustom(left)) return left.pyEquals(right);
  return false;
}

/** Python's `bool(value)`. */
export function pyTruthy(value: PyObj): boolean {
  if (value === null) return false;
  if (typeof value === "boolean") return value;
  if (typeof value === "bigint") return value !== 0n;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "string") return value.length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof PyDict || value instanceof PySet) return value.size > 0;
  if (value instanceof PyTuple) return value.items.length > 0;
  return true;
}

/** `value in container` for a str, list, tuple, dict or set container. */
export function pyContains(container: PyObj, value: PyObj): boolean {
  if (typeof container === "string") {
    if (typeof value !== "string")
      throw pyError("TypeError", `'in <string>' requires string as left operand, not ${pyTypeName(value)}`);
    return container.includes(value);
  }
  if (Array.isArray(container)) return container.some((item) => item === value || pyEquals(item, value));
  if (container instanceof PyTuple) return container.items.some((item) => pyEquals(item, value));
  if (container instanceof PyDict || container instanceof PySet) return container.has(value);
  throw pyError("TypeError", `argument of type '${pyTypeName(container)}' is not iterable`);
}

/** Converts a parsed JSON or Python literal value to a live object (fresh containers). */
export function fromPyValue(value: PyValue): PyObj {
  switch (value.kind) {
    case "none":
      return null;
    case "bool":
      return value.value;
    case "int":
      return value.value;
    case "float":
      return value.value;
    case "str":
      return value.value;
    case "list":
      return value.items.map(fromPyValue);
    case "tuple":
      return new PyTuple(value.items.map(fromPyValue));
    case "dict":
      return new PyDict(
        value.keys.map((key, index) => [fromPyValue(key), fromPyValue(value.values[index] as PyValue)]),
      );
    case "complex":
      return opaque("complex", `(${value.real}+${value.imag}j)`);
    case "bytes":
      return opaque("bytes", `b'${value.value}'`);
  }
}

/** An object compared by identity, printed as `text`. */
export function opaque(typeName: string, text: string): PyCustom {
  const object: PyCustom = {
    pyTypeName: typeName,
    pyEquals: (other) => other === object,
    pyRepr: () => text,
  };
  return object;
}

/** A deep copy (`copy.deepcopy`) of plain data; custom objects are shared. */
export function pyDeepCopy(value: PyObj): PyObj {
  if (Array.isArray(value)) return value.map(pyDeepCopy);
  if (value instanceof PyDict)
    return new PyDict(value.entries().map(([key, item]) => [key, pyDeepCopy(item)]));
  if (value instanceof PySet) return new PySet(value.items());
  if (value instanceof PyTuple) return new PyTuple(value.items.map(pyDeepCopy));
  return value;
}
