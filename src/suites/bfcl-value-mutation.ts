/**
 * A wrong value of the right type, for BFCL counterfeits: an int one more, a float 1.5 more, a
 * string with a word added, a bool flipped, a list or dict with its first member changed so. The
 * counterfeit generators (single-turn and multi-turn) use it on the reference solution's values.
 */
import { type PyValue, pyEquals } from "../bfcl/py-value.js";

/** What BFCL's string comparison ignores (case, spaces and most punctuation), to tell two strings apart as it does. */
export function looseString(text: string): string {
  return text.toLowerCase().replace(/[\s,./\-_*^()'"]/g, "");
}

/** `value` changed to another value of its type; undefined for None and empty containers. */
export function mutateValue(value: PyValue): PyValue | undefined {
  switch (value.kind) {
    case "int":
      return { kind: "int", value: value.value + 1n };
    case "float":
      return { kind: "float", value: value.value + 1.5 };
    case "str":
      return { kind: "str", value: value.value === "" ? "counterfeit" : `${value.value} counterfeit` };
    case "bool":
      return { kind: "bool", value: !value.value };
    case "list":
    case "tuple": {
      const [first, ...rest] = value.items;
      const changed = first === undefined ? undefined : mutateValue(first);
      return changed === undefined ? undefined : { ...value, items: [changed, ...rest] };
    }
    case "dict": {
      const first = value.values[0];
      const changed = first === undefined ? undefined : mutateValue(first);
      return changed === undefined ? undefined : { ...value, values: [changed, ...value.values.slice(1)] };
    }
    default:
      return undefined;
  }
}

/** True when `value` equals one of `options` (strings compared as BFCL's checker loosely does). */
export function amongOptions(value: PyValue, options: readonly PyValue[]): boolean {
  return options.some(
    (option) =>
      pyEquals(option, value) ||
      (option.kind === "str" &&
        value.kind === "str" &&
        looseString(option.value) === looseString(value.value)),
  );
}
