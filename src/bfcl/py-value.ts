/**
 * Python values as the BFCL checker sees them: JSON read with `json.loads` and model output read
 * with `ast.parse`. Kinds stay apart exactly where Python's `type()` tells them apart (an `int` is
 * not a `float`, a `bool` is neither, a `tuple` is not a `list`), while {@link pyEquals} follows
 * Python's `==` (`1 == 1.0 == True`, `[1] == [1.0]`, dicts compared without order).
 */

/** A Python value. Ints are exact (`bigint`); a dict keeps insertion order with unique keys. */
export type PyValue =
  | { readonly kind: "int"; readonly value: bigint }
  | { readonly kind: "float"; readonly value: number }
  | { readonly kind: "complex"; readonly real: number; readonly imag: number }
  | { readonly kind: "str"; readonly value: string }
  | { readonly kind: "bytes"; readonly value: string }
  | { readonly kind: "bool"; readonly value: boolean }
  | { readonly kind: "none" }
  | { readonly kind: "list"; readonly items: PyValue[] }
  | { readonly kind: "tuple"; readonly items: PyValue[] }
  | PyDict;

/** A Python dict: parallel key and value arrays in insertion order, keys unique under `==`. */
export interface PyDict {
  readonly kind: "dict";
  readonly keys: PyValue[];
  readonly values: PyValue[];
}

/** Python's name for a value's type, as `type(value).__name__` prints it. */
export type PyTypeName =
  | "int"
  | "float"
  | "complex"
  | "str"
  | "bytes"
  | "bool"
  | "NoneType"
  | "list"
  | "tuple"
  | "dict";

const typeNames: Record<PyValue["kind"], PyTypeName> = {
  int: "int",
  float: "float",
  complex: "complex",
  str: "str",
  bytes: "bytes",
  bool: "bool",
  none: "NoneType",
  list: "list",
  tuple: "tuple",
  dict: "dict",
};

/** `type(value).__name__`. */
export function pyTypeName(value: PyValue): PyTypeName {
  return typeNames[value.kind];
}

/** The shared `None`, `True` and `False`. */
export const pyNone: PyValue = { kind: "none" };
export const pyTrue: PyValue = { kind: "bool", value: true };
export const pyFalse: PyValue = { kind: "bool", value: false };

/** A `str`. */
export function pyStr(value: string): PyValue {
  return { kind: "str", value };
}

/** An `int`. */
export function pyInt(value: bigint | number): PyValue {
  return { kind: "int", value: typeof value === "bigint" ? value : BigInt(value) };
}

/** A `float`. */
export function pyFloat(value: number): PyValue {
  return { kind: "float", value };
}

/** A `list`. */
export function pyList(items: PyValue[]): PyValue {
  return { kind: "list", items };
}

/** An empty dict to fill with {@link dictSet}. */
export function emptyDict(): PyDict {
  return { kind: "dict", keys: [], values: [] };
}

/** A dict from string keys (later duplicates overwrite earlier ones in place, as Python does). */
export function pyDict(entries: Iterable<readonly [string | PyValue, PyValue]>): PyDict {
  const dict = emptyDict();
  for (const [key, value] of entries) dictSet(dict, typeof key === "string" ? pyStr(key) : key, value);
  return dict;
}

/** Index of `key` in `dict` under Python equality, or -1. */
export function dictIndex(dict: PyDict, key: PyValue): number {
  const keys = dict.keys;
  if (key.kind === "str") {
    const text = key.value;
    for (let index = 0; index < keys.length; index += 1) {
      const candidate = keys[index] as PyValue;
      if (candidate.kind === "str" && candidate.value === text) return index;
    }
    return -1;
  }
  for (let index = 0; index < keys.length; index += 1) {
    if (pyEquals(keys[index] as PyValue, key)) return index;
  }
  return -1;
}

/** `dict[key]`, or undefined when absent. */
export function dictGet(dict: PyDict, key: PyValue | string): PyValue | undefined {
  const index = dictIndex(dict, typeof key === "string" ? pyStr(key) : key);
  return index < 0 ? undefined : dict.values[index];
}

/** `dict[key] = value`: an existing key keeps its position and its first spelling, as in Python. */
export function dictSet(dict: PyDict, key: PyValue, value: PyValue): void {
  const index = dictIndex(dict, key);
  if (index < 0) {
    dict.keys.push(key);
    dict.values.push(value);
  } else {
    dict.values[index] = value;
  }
}

/** Numeric view of an int, float or bool for comparisons; undefined for other kinds. */
function numericKind(value: PyValue): "int" | "float" | "complex" | undefined {
  if (value.kind === "int" || value.kind === "bool") return "int";
  if (value.kind === "float") return "float";
  if (value.kind === "complex") return "complex";
  return undefined;
}

function intOf(value: PyValue): bigint {
  if (value.kind === "int") return value.value;
  if (value.kind === "bool") return value.value ? 1n : 0n;
  return 0n;
}

/** Python's exact comparison of an int with a float (no rounding of the int). */
function intEqualsFloat(integer: bigint, float: number): boolean {
  if (!Number.isFinite(float) || !Number.isInteger(float)) return false;
  return BigInt(float) === integer;
}

function numbersEqual(left: PyValue, right: PyValue): boolean {
  const leftKind = numericKind(left);
  const rightKind = numericKind(right);
  if (leftKind === "complex" || rightKind === "complex") {
    const [leftReal, leftImag] = complexParts(left);
    const [rightReal, rightImag] = complexParts(right);
    if (leftImag !== rightImag) return false;
    if (leftKind === "int") return intEqualsFloat(intOf(left), rightReal);
    if (rightKind === "int") return intEqualsFloat(intOf(right), leftReal);
    return leftReal === rightReal;
  }
  if (leftKind === "int" && rightKind === "int") return intOf(left) === intOf(right);
  if (leftKind === "int") return intEqualsFloat(intOf(left), (right as { value: number }).value);
  if (rightKind === "int") return intEqualsFloat(intOf(right), (left as { value: number }).value);
  return (left as { value: number }).value === (right as { value: number }).value;
}

function complexParts(value: PyValue): [number, number] {
  if (value.kind === "complex") return [value.real, value.imag];
  if (value.kind === "float") return [value.value, 0];
  return [Number(intOf(value)), 0];
}

/** Python's `left == right` for the values the checker meets. */
export function pyEquals(left: PyValue, right: PyValue): boolean {
  if (left === right) return left.kind !== "float" || !Number.isNaN(left.value);
  if (numericKind(left) !== undefined) return numericKind(right) !== undefined && numbersEqual(left, right);
  switch (left.kind) {
    case "str":
    case "bytes":
      return right.kind === left.kind && right.value === left.value;
    case "none":
      return right.kind === "none";
    case "list":
    case "tuple":
      return right.kind === left.kind && sequencesEqual(left.items, right.items);
    case "dict":
      return right.kind === "dict" && dictsEqual(left, right);
    default:
      return false;
  }
}

function sequencesEqual(left: readonly PyValue[], right: readonly PyValue[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) {
    const leftItem = left[index] as PyValue;
    const rightItem = right[index] as PyValue;
    // Python compares items by identity first, then ==.
    if (leftItem !== rightItem && !pyEquals(leftItem, rightItem)) return false;
  }
  return true;
}

function dictsEqual(left: PyDict, right: PyDict): boolean {
  if (left.keys.length !== right.keys.length) return false;
  for (let index = 0; index < left.keys.length; index += 1) {
    const other = dictIndex(right, left.keys[index] as PyValue);
    if (other < 0) return false;
    const leftValue = left.values[index] as PyValue;
    const rightValue = right.values[other] as PyValue;
    if (leftValue !== rightValue && !pyEquals(leftValue, rightValue)) return false;
  }
  return true;
}

/** Python's `needle in haystack` for a list or tuple haystack. */
export function pyIn(needle: PyValue, haystack: readonly PyValue[]): boolean {
  for (const item of haystack) if (item === needle || pyEquals(needle, item)) return true;
  return false;
}

/** True for the empty string, the marker of an optional parameter in possible answers. */
export function isEmptyString(value: PyValue): boolean {
  return value.kind === "str" && value.value === "";
}

/** True when a value can be a dict key (Python: hashable). */
export function isHashable(value: PyValue): boolean {
  if (value.kind === "list" || value.kind === "dict") return false;
  if (value.kind === "tuple") return value.items.every(isHashable);
  return true;
}
