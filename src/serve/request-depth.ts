/**
 * A bound on how deeply a request's JSON nests. `JSON.parse` reads 100,000 levels without
 * trouble, but much of what runs later recurses (zod, templates, `JSON.stringify` of a response
 * that echoes a field): such a request used to end in a 500 "Maximum call stack size exceeded"
 * after the model had already generated. Bodies, and the call arguments they carry as JSON
 * strings, are measured before anything else reads them, without recursion and stopping at the
 * limit, and refused with a 400 naming the field.
 */
import { InvalidChatRequest } from "./invalid-request.js";

/** The most levels of nesting a request body may have (a body whose tools nest 64 levels has about 70). */
export const maxRequestDepth = 128;

/** A container being walked: its keys (null for an array) and the next one to visit. */
interface Frame {
  value: object;
  keys: string[] | null;
  next: number;
  key: string | number;
}

function isContainer(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

function frame(value: object, key: string | number): Frame {
  return { value, keys: Array.isArray(value) ? null : Object.keys(value), next: 0, key };
}

/**
 * The path (keys and indexes from the root) of the first array or object nested deeper than
 * `limit` levels in `value` (the root being level 1), or undefined when none is. Walks with an
 * explicit stack no taller than `limit`.
 */
export function tooDeepAt(value: unknown, limit: number): (string | number)[] | undefined {
  if (!isContainer(value)) return undefined;
  const stack: Frame[] = [frame(value, "")];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    const size = top.keys === null ? (top.value as unknown[]).length : top.keys.length;
    if (top.next >= size) {
      stack.pop();
      continue;
    }
    const key = top.keys === null ? top.next : (top.keys[top.next] as string);
    top.next++;
    const child = (top.value as Record<string | number, unknown>)[key];
    if (!isContainer(child)) continue;
    if (stack.length >= limit) return [...stack.slice(1).map((entry) => entry.key), key];
    stack.push(frame(child, key));
  }
  return undefined;
}

/** `messages[0].content`: keys joined with dots, indexes in brackets. */
function pathText(path: readonly (string | number)[]): string {
  let text = "";
  for (const key of path) text += typeof key === "number" ? `[${key}]` : text === "" ? key : `.${key}`;
  return text;
}

/**
 * Throws {@link InvalidChatRequest} when `value` nests deeper than {@link maxRequestDepth}. The
 * field named is `at` when given (a JSON string's own field, e.g. a call's `arguments`), else the
 * path into `value`, cut to its first five steps without trailing indexes (`metadata.k`, not
 * `metadata.k[0][0][0]`).
 */
export function assertRequestDepth(value: unknown, at?: string): void {
  const path = tooDeepAt(value, maxRequestDepth);
  if (path === undefined) return;
  let field = at;
  if (field === undefined) {
    const shown = path.slice(0, 5);
    while (shown.length > 1 && typeof shown[shown.length - 1] === "number") shown.pop();
    field = pathText(shown);
  }
  throw new InvalidChatRequest(
    `${field}: JSON nested deeper than ${maxRequestDepth} levels (the limit on request nesting)`,
    field,
  );
}
