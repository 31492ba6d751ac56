/**
 * Near-miss argument values for counterfeit calls: a value that looks like the right one and is
 * not (the next id, a minute later, one more, the other boolean, another choice of an enum, a list
 * missing its last item). Counterfeit generators of call suites use them for their `wrong-value`
 * kind; each generator checks the result against what its sample accepts.
 */

/** The schema facts a mutation may use: the values an enum allows. */
export interface ValueSchema {
  enum?: readonly unknown[];
}

/** `text` with its last digit changed (9 becomes 8, any other digit goes up by one). */
function bumpLastDigit(text: string): string {
  const at = text.search(/\d(?!.*\d)/);
  const digit = Number(text[at]);
  return `${text.slice(0, at)}${digit === 9 ? 8 : digit + 1}${text.slice(at + 1)}`;
}

/**
 * A value near `value` but different from it, or undefined when none is made for its type.
 * Strings holding digits get their last digit changed (`evt-0031` → `evt-0032`, `10:45` →
 * `10:46`); other strings take another enum choice when the schema has one, else lose their last
 * word (or, one word long, gain an "s"); numbers go up by one (a fraction by a tenth); booleans
 * flip; lists of several items lose the last, a one-item list has its item changed.
 */
export function nearMiss(value: unknown, schema: ValueSchema = {}): unknown {
  if (typeof value === "boolean") return !value;
  if (typeof value === "number")
    return Number.isInteger(value) ? value + 1 : Math.round((value + 0.1) * 100) / 100;
  if (typeof value === "string") {
    const other = schema.enum?.find((choice) => choice !== value);
    if (other !== undefined) return other;
    if (/\d/.test(value)) return bumpLastDigit(value);
    const words = value.trim().split(/\s+/);
    if (words.length > 1) return words.slice(0, -1).join(" ");
    return value === "" ? undefined : `${value}s`;
  }
  if (Array.isArray(value)) {
    if (value.length > 1) return value.slice(0, -1);
    if (value.length === 1) {
      const item = nearMiss(value[0]);
      return item === undefined ? undefined : [item];
    }
  }
  return undefined;
}
