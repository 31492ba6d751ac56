/**
 * Where a sub-schema sits (for error messages and rule names) and how `$ref`, `allOf` and boolean
 * schemas are resolved before a grammar is built for it.
 */
import { EdgecallError } from "../errors.js";

/** A JSON Schema object after resolution. */
export type SchemaObject = Record<string, unknown>;

/** A sub-schema's place: the root (for `$ref`), a readable path, a rule-name hint, refs being expanded. */
export class SchemaPosition {
  constructor(
    readonly root: unknown,
    readonly path: string,
    readonly hint: string,
    readonly refStack: readonly string[] = [],
  ) {}

  /** The position of a child reached through `segment` (e.g. `properties/city`). */
  child(segment: string): SchemaPosition {
    const last = segment.split("/").pop() ?? segment;
    return new SchemaPosition(this.root, `${this.path}/${segment}`, `${this.hint}-${last}`, this.refStack);
  }

  /** The position inside the target of `ref`. */
  enter(ref: string): SchemaPosition {
    return new SchemaPosition(this.root, this.path, this.hint, [...this.refStack, ref]);
  }
}

function unsupported(position: SchemaPosition, why: string): EdgecallError {
  return new EdgecallError("unsupported", `schema at ${position.path}: ${why}`, { subject: position.path });
}

function isObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function lookupPointer(root: unknown, ref: string, position: SchemaPosition): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) throw unsupported(position, `only local $ref is supported, got "${ref}"`);
  let current: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(current) || !(key in current))
      throw unsupported(position, `$ref "${ref}" does not resolve`);
    current = current[key];
  }
  return current;
}

function mergeAll(parts: readonly SchemaObject[]): SchemaObject {
  const merged: SchemaObject = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === "properties" && isObject(value) && isObject(merged.properties)) {
        merged.properties = { ...merged.properties, ...value };
      } else if (key === "required" && Array.isArray(value) && Array.isArray(merged.required)) {
        merged.required = [...new Set([...merged.required, ...value])];
      } else {
        merged[key] = value;
      }
    }
  }
  return merged;
}

/**
 * Resolves boolean schemas, local `$ref` (siblings merged over the target) and `allOf` (merged),
 * until an object schema without either is left. Recursive references throw "unsupported".
 */
export function resolveSchema(
  schema: unknown,
  position: SchemaPosition,
): { schema: SchemaObject; position: SchemaPosition } {
  let current = schema;
  let where = position;
  for (;;) {
    if (current === true) return { schema: {}, position: where };
    if (current === false) throw unsupported(where, "the schema `false` allows no value");
    if (!isObject(current)) throw unsupported(where, "a schema must be an object or a boolean");
    if (typeof current.$ref === "string") {
      const ref = current.$ref;
      if (where.refStack.includes(ref)) {
        throw unsupported(where, `recursive $ref "${ref}" cannot be turned into a grammar`);
      }
      const target = lookupPointer(where.root, ref, where);
      const { $ref: _ref, ...siblings } = current;
      where = where.enter(ref);
      if (Object.keys(siblings).length === 0) current = target;
      else {
        const resolvedTarget = resolveSchema(target, where).schema;
        current = mergeAll([resolvedTarget, siblings]);
      }
      continue;
    }
    if (Array.isArray(current.allOf)) {
      const { allOf, ...rest } = current;
      const parts = allOf.map((part, index) => resolveSchema(part, where.child(`allOf/${index}`)).schema);
      current = mergeAll([...parts, rest]);
      continue;
    }
    return { schema: current, position: where };
  }
}
