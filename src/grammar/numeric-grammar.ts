/**
 * GBNF for JSON Schema `integer` and `number` values with their bounds. Integer bounds
 * (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`) are enforced exactly; number bounds
 * are enforced on the integer part after rounding them inwards, so every number the grammar allows
 * is in range (a few in-range numbers with fractions near a non-integer bound are not allowed).
 */
import { EdgecallError } from "../errors.js";
import { defaultMaxDigits, integerPatternsToGbnf, integerRangePatterns } from "./integer-range.js";

/** Fraction digits allowed in a generated number. */
const maxFractionDigits = 15;

/** Inclusive integer bounds implied by a schema's numeric keywords (undefined: open). */
export interface IntegerBounds {
  minimum: bigint | undefined;
  maximum: bigint | undefined;
}

function finiteNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function larger(a: bigint | undefined, b: bigint | undefined): bigint | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a > b ? a : b;
}

function smaller(a: bigint | undefined, b: bigint | undefined): bigint | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a < b ? a : b;
}

/**
 * The tightest integer bounds that keep every integer within the schema's bounds. Handles the
 * draft-4 boolean `exclusiveMinimum`/`exclusiveMaximum` as well as the numeric form.
 */
export function integerBounds(schema: Record<string, unknown>): IntegerBounds {
  const minimum = finiteNumber(schema.minimum);
  const maximum = finiteNumber(schema.maximum);
  const exclusiveMinimum = finiteNumber(schema.exclusiveMinimum);
  const exclusiveMaximum = finiteNumber(schema.exclusiveMaximum);
  let low: bigint | undefined;
  let high: bigint | undefined;
  if (minimum !== undefined) {
    low = schema.exclusiveMinimum === true ? BigInt(Math.floor(minimum)) + 1n : BigInt(Math.ceil(minimum));
  }
  if (maximum !== undefined) {
    high = schema.exclusiveMaximum === true ? BigInt(Math.ceil(maximum)) - 1n : BigInt(Math.floor(maximum));
  }
  if (exclusiveMinimum !== undefined) low = larger(low, BigInt(Math.floor(exclusiveMinimum)) + 1n);
  if (exclusiveMaximum !== undefined) high = smaller(high, BigInt(Math.ceil(exclusiveMaximum)) - 1n);
  return { minimum: low, maximum: high };
}

function emptyRange(path: string): EdgecallError {
  return new EdgecallError("unsupported", `schema at ${path} allows no value: its numeric bounds are empty`, {
    subject: path,
  });
}

/** GBNF expression for an integer schema (bounds enforced exactly). */
export function integerGbnf(schema: Record<string, unknown>, path: string): string {
  const { minimum, maximum } = integerBounds(schema);
  const patterns = integerRangePatterns(minimum, maximum);
  if (patterns.length === 0) throw emptyRange(path);
  return integerPatternsToGbnf(patterns);
}

const fraction = `("." [0-9]{1,${maxFractionDigits}})`;

/** GBNF expression for a number schema: unbounded JSON numbers, or bounded on the integer part. */
export function numberGbnf(schema: Record<string, unknown>, path: string): string {
  const { minimum, maximum } = integerBounds(schema);
  if (minimum === undefined && maximum === undefined) {
    return `("-"? ([0-9] | [1-9] [0-9]{1,${defaultMaxDigits - 1}}) ${fraction}?)`;
  }
  if (minimum !== undefined && maximum !== undefined && minimum > maximum) {
    // No integer in range: both bounds lie in one unit interval. Stay in it; ajv checks the rest.
    const base = BigInt(
      Math.floor(finiteNumber(schema.minimum) ?? finiteNumber(schema.exclusiveMinimum) ?? 0),
    );
    if (maximum + 1n !== minimum) throw emptyRange(path);
    return base < 0n
      ? `("-" ${integerPatternsToGbnf(integerRangePatterns(-base - 1n, -base - 1n))} ${fraction})`
      : `(${integerPatternsToGbnf(integerRangePatterns(base, base))} ${fraction})`;
  }
  const alternatives: string[] = [];
  // Non-negative values: magnitude in [max(minimum, 0), maximum].
  if (maximum === undefined || maximum >= 0n) {
    const low = minimum === undefined || minimum < 0n ? 0n : minimum;
    alternatives.push(magnitudeGbnf(low, maximum));
  }
  // Negative values: magnitude in [max(-maximum, 0), -minimum].
  if (minimum === undefined || minimum < 0n) {
    const low = maximum === undefined || maximum >= 0n ? 0n : -maximum;
    const high = minimum === undefined ? undefined : -minimum;
    alternatives.push(`"-" ${magnitudeGbnf(low, high)}`);
  }
  return `(${alternatives.join(" | ")})`;
}

/** Non-negative numbers in [low, high]: integer part below `high` with any fraction, or `high` itself. */
function magnitudeGbnf(low: bigint, high: bigint | undefined): string {
  if (high === undefined)
    return `(${integerPatternsToGbnf(integerRangePatterns(low, undefined))} ${fraction}?)`;
  const exact = integerPatternsToGbnf(integerRangePatterns(high, high));
  if (high === low) return exact;
  const below = integerPatternsToGbnf(integerRangePatterns(low, high - 1n));
  return `(${below} ${fraction}? | ${exact})`;
}
