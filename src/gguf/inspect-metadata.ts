/**
 * Metadata values as small JSON for `edgecall inspect --json`: 64-bit integers become numbers
 * when exact (else decimal strings), f32 values their shortest decimal form, non-finite floats
 * strings, and arrays longer than {@link inlineArrayLimit} a summary with the first few elements.
 */

import {
  type GgufArray,
  type GgufValue,
  GgufValueType,
  ggufValueTypeName,
  isGgufArray,
} from "./reader-types.js";

/** A JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Arrays up to this length are written in full. */
export const inlineArrayLimit = 16;
/** How many elements a summarised array shows. */
export const summaryHeadLength = 8;

/** A summarised array in inspect output. */
export type ArraySummary = {
  type: "array";
  elementType: string;
  length: number;
  head: JsonValue[];
};

/** Every pair of `metadata` as JSON, keys in file order. */
export function metadataToJson(
  metadata: ReadonlyMap<string, GgufValue>,
  types: ReadonlyMap<string, GgufValueType>,
): Record<string, JsonValue> {
  return Object.fromEntries(
    [...metadata].map(([key, value]) => [key, valueToJson(value, types.get(key) ?? GgufValueType.STRING)]),
  );
}

/** One value as JSON; `type` is the value's GGUF type (for arrays, ARRAY). */
export function valueToJson(value: GgufValue, type: GgufValueType): JsonValue {
  if (isGgufArray(value)) return arrayToJson(value);
  if (typeof value === "bigint")
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return String(value);
    return type === GgufValueType.FLOAT32 ? shortestFloat32(value) : value;
  }
  return value;
}

function arrayToJson(array: GgufArray): JsonValue[] | ArraySummary {
  const convert = (element: GgufValue) => valueToJson(element, array.elementType);
  if (array.length <= inlineArrayLimit && array.values.length === array.length)
    return array.values.map(convert);
  return {
    type: "array",
    elementType: ggufValueTypeName(array.elementType),
    length: array.length,
    head: array.values.slice(0, summaryHeadLength).map(convert),
  };
}

/** The shortest decimal that reads back as the same f32 (1e-6 rather than 9.999999974752427e-7). */
export function shortestFloat32(value: number): number {
  for (let digits = 1; digits <= 9; digits++) {
    const candidate = Number(value.toPrecision(digits));
    if (Math.fround(candidate) === value) return candidate;
  }
  return value;
}
