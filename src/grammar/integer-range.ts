/**
 * Decimal integers in a closed range [minimum, maximum] as a set of digit patterns, the way a
 * numeric range is turned into a regular expression: split by digit count, then by leading digit.
 * The patterns render to GBNF (for constrained decoding) and to a RegExp (for tests and checks).
 * Only canonical JSON integers match: no leading zeros, no `+`, no `-0`.
 */

/** One run of digit positions that each accept a digit in [from, to]. */
export interface DigitClass {
  from: number;
  to: number;
  count: number;
}

/** One alternative: an optional minus sign, then runs of digit classes. */
export interface IntegerPattern {
  negative: boolean;
  digits: DigitClass[];
}

/** Digits allowed for an integer bound left open, when nothing else sets the length. */
export const defaultMaxDigits = 16;

/**
 * Patterns matching exactly the canonical decimal integers in [minimum, maximum]. An undefined
 * bound is open; it is capped at `maxDigits` digits (or the other bound's length, if longer).
 * Returns an empty list when the range is empty.
 */
export function integerRangePatterns(
  minimum: bigint | undefined,
  maximum: bigint | undefined,
  maxDigits = defaultMaxDigits,
): IntegerPattern[] {
  const longestBound = Math.max(
    minimum === undefined ? 0 : magnitude(minimum).toString().length,
    maximum === undefined ? 0 : magnitude(maximum).toString().length,
  );
  const cap = 10n ** BigInt(Math.max(maxDigits, longestBound)) - 1n;
  const low = minimum ?? -cap;
  const high = maximum ?? cap;
  if (low > high) return [];
  const patterns: IntegerPattern[] = [];
  if (low < 0n) {
    const smallest = high < 0n ? -high : 1n;
    for (const digits of nonNegativeRange(smallest, -low)) patterns.push({ negative: true, digits });
  }
  if (high >= 0n) {
    for (const digits of nonNegativeRange(low < 0n ? 0n : low, high))
      patterns.push({ negative: false, digits });
  }
  return patterns;
}

/** GBNF for the patterns as one parenthesised alternation (an empty range has no GBNF: throws). */
export function integerPatternsToGbnf(patterns: readonly IntegerPattern[]): string {
  if (patterns.length === 0) throw new Error("empty integer range has no grammar");
  const alternatives = patterns.map((pattern) => {
    const items: string[] = pattern.negative ? ['"-"'] : [];
    let literal = "";
    for (const run of pattern.digits) {
      if (run.from === run.to) {
        literal += String(run.from).repeat(run.count);
        continue;
      }
      if (literal !== "") items.push(`"${literal}"`);
      literal = "";
      const digitClass = `[${run.from}-${run.to}]`;
      items.push(run.count === 1 ? digitClass : `${digitClass}{${run.count}}`);
    }
    if (literal !== "") items.push(`"${literal}"`);
    return items.join(" ");
  });
  return `(${alternatives.join(" | ")})`;
}

/** A RegExp source (without anchors) for the patterns; `(?!)` for an empty range. */
export function integerPatternsToRegExpSource(patterns: readonly IntegerPattern[]): string {
  if (patterns.length === 0) return "(?!)";
  const alternatives = patterns.map(
    (pattern) =>
      (pattern.negative ? "-" : "") +
      pattern.digits
        .map((run) => {
          const digit = run.from === run.to ? String(run.from) : `[${run.from}-${run.to}]`;
          return run.count === 1 ? digit : `${digit}{${run.count}}`;
        })
        .join(""),
  );
  return `(?:${alternatives.join("|")})`;
}

function magnitude(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/** Patterns (without sign) for [low, high], both non-negative. */
function nonNegativeRange(low: bigint, high: bigint): DigitClass[][] {
  const out: DigitClass[][] = [];
  const lowLength = low.toString().length;
  const highLength = high.toString().length;
  for (let length = lowLength; length <= highLength; length++) {
    const from = length === lowLength ? low : 10n ** BigInt(length - 1);
    const to = length === highLength ? high : 10n ** BigInt(length) - 1n;
    out.push(...sameLengthRange(from.toString(), to.toString()));
  }
  return out;
}

/** Patterns for the digit strings of equal length from `low` to `high` inclusive (low ≤ high). */
function sameLengthRange(low: string, high: string): DigitClass[][] {
  if (low.length === 0) return [[]];
  const lowFirst = Number(low[0]);
  const highFirst = Number(high[0]);
  const lowRest = low.slice(1);
  const highRest = high.slice(1);
  const restLength = lowRest.length;
  if (lowFirst === highFirst) {
    return sameLengthRange(lowRest, highRest).map((rest) => prepend(lowFirst, lowFirst, rest));
  }
  const out: DigitClass[][] = [];
  const lowRestIsFloor = /^0*$/.test(lowRest);
  const highRestIsCeiling = /^9*$/.test(highRest);
  if (!lowRestIsFloor) {
    for (const rest of sameLengthRange(lowRest, "9".repeat(restLength)))
      out.push(prepend(lowFirst, lowFirst, rest));
  }
  const middleFrom = lowRestIsFloor ? lowFirst : lowFirst + 1;
  const middleTo = highRestIsCeiling ? highFirst : highFirst - 1;
  if (middleFrom <= middleTo) {
    out.push(prepend(middleFrom, middleTo, restLength === 0 ? [] : [{ from: 0, to: 9, count: restLength }]));
  }
  if (!highRestIsCeiling) {
    for (const rest of sameLengthRange("0".repeat(restLength), highRest))
      out.push(prepend(highFirst, highFirst, rest));
  }
  return out;
}

/** Puts one digit class in front of `rest`, merging it into the first run when they are equal. */
function prepend(from: number, to: number, rest: DigitClass[]): DigitClass[] {
  const first = rest[0];
  if (first !== undefined && first.from === from && first.to === to) {
    return [{ from, to, count: first.count + 1 }, ...rest.slice(1)];
  }
  return [{ from, to, count: 1 }, ...rest];
}
