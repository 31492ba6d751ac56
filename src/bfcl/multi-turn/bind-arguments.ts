/**
 * Python's binding of call arguments to a method's parameters, with CPython 3.11's TypeError
 * messages (the counts include `self`, the name is the method's qualified name): an unexpected
 * or repeated keyword first, then too many positional arguments, then missing ones.
 */
import type { ApiParam } from "./api-class.js";
import { type PyObj, pyError } from "./py-object.js";

function quotedList(names: readonly string[]): string {
  const quoted = names.map((name) => `'${name}'`);
  if (quoted.length === 1) return quoted[0] as string;
  if (quoted.length === 2) return `${quoted[0]} and ${quoted[1]}`;
  return `${quoted.slice(0, -1).join(", ")}, and ${quoted.at(-1)}`;
}

/** The argument list in parameter order; throws a TypeError PyException as Python raises. */
export function bindArguments(
  qualname: string,
  parameters: readonly ApiParam[],
  positional: readonly PyObj[],
  keywords: ReadonlyArray<readonly [string, PyObj]>,
): PyObj[] {
  const slots: Array<PyObj | undefined> = parameters.map(() => undefined);
  const filled = parameters.map(() => false);
  const count = Math.min(positional.length, parameters.length);
  for (let index = 0; index < count; index += 1) {
    slots[index] = positional[index] as PyObj;
    filled[index] = true;
  }
  for (const [name, value] of keywords) {
    const index = parameters.findIndex((parameter) => parameter.name === name);
    if (index < 0) throw pyError("TypeError", `${qualname}() got an unexpected keyword argument '${name}'`);
    if (filled[index]) throw pyError("TypeError", `${qualname}() got multiple values for argument '${name}'`);
    slots[index] = value;
    filled[index] = true;
  }
  if (positional.length > parameters.length) {
    const total = parameters.length + 1;
    const defaults = parameters.filter((parameter) => parameter.hasDefault).length;
    const given = positional.length + 1;
    const signature = defaults > 0 ? `from ${total - defaults} to ${total}` : `${total}`;
    const plural = defaults > 0 || total !== 1 ? "s" : "";
    throw pyError(
      "TypeError",
      `${qualname}() takes ${signature} positional argument${plural} but ${given} ${given === 1 ? "was" : "were"} given`,
    );
  }
  const missing = parameters.filter((parameter, index) => !filled[index] && !parameter.hasDefault);
  if (missing.length > 0) {
    throw pyError(
      "TypeError",
      `${qualname}() missing ${missing.length} required positional argument${missing.length === 1 ? "" : "s"}: ${quotedList(missing.map((parameter) => parameter.name))}`,
    );
  }
  return parameters.map((parameter, index) =>
    filled[index] ? (slots[index] as PyObj) : (parameter.default as PyObj),
  );
}
