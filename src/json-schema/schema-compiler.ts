/**
 * Compiles a JSON Schema that came from outside (a tools file, a request to `serve`, an MCP
 * server, a `response_format`) into a validator, the one way edgecall does so. The draft comes
 * from `$schema` (schema-draft.ts); each draft has its Ajv with ajv-formats (ajv-for-draft.ts);
 * `pattern`s run on RE2, in linear time (linear-regexp.ts). Bounded: a schema nested deeper than
 * {@link maxSchemaDepth} or longer than {@link maxSchemaCharacters} is refused before Ajv sees it.
 *
 * Never throws: the result is a validator or a failure whose message says what is wrong (the
 * caller names where the schema came from). Each distinct schema (by its canonical JSON) is
 * compiled once per process, failures included; at most {@link maxCachedSchemas} results and
 * {@link maxCachedCharacters} characters of schema are kept, the least recently used going first.
 */
import { canonicalJson } from "../canonical-json.js";
import { errorMessage } from "../error-message.js";
import { exceedsNestingDepth } from "../formats/nesting-depth.js";
import { sha256Hex } from "../sha256.js";
import { type AnyAjv, ajvForDraft } from "./ajv-for-draft.js";
import { schemaPatternEngine, UnsafePatternError } from "./linear-regexp.js";
import { detectSchemaDraft, type SchemaDraft } from "./schema-draft.js";

/** Deepest nesting of objects and arrays accepted in a schema: far beyond real tools. */
export const maxSchemaDepth = 64;
/** Longest schema accepted, in characters of its canonical JSON (1 Mi). */
export const maxSchemaCharacters = 1024 * 1024;
/** Most compile results kept per process. */
export const maxCachedSchemas = 1024;
/** Most characters of schema text behind the kept results (16 Mi). */
export const maxCachedCharacters = 16 * 1024 * 1024;

/** A compiled schema. */
export interface CompiledJsonSchema {
  /** The dialect it was compiled as. */
  readonly draft: SchemaDraft;
  /** The engine its `pattern`s run on: always the linear-time one. */
  readonly patternEngine: typeof schemaPatternEngine;
  /**
   * Undefined when `value` fits, else Ajv's account of what does not, with `dataVar` naming the
   * value (`arguments/to must be array`).
   */
  problems(value: unknown, dataVar?: string): string | undefined;
}

/** Why a schema was refused. */
export type SchemaFailureKind = "draft" | "too-large" | "invalid" | "pattern" | "compile";

/** The outcome of {@link compileJsonSchema}. */
export type JsonSchemaCompileResult =
  | { ok: true; compiled: CompiledJsonSchema }
  | { ok: false; kind: SchemaFailureKind; message: string };

/** Options of {@link compileJsonSchema}. */
export interface CompileOptions {
  /** Report every failure rather than the first (default true). */
  allErrors?: boolean;
}

interface CacheEntry {
  result: JsonSchemaCompileResult;
  characters: number;
}

const cache = new Map<string, CacheEntry>();
let cachedCharacters = 0;

function remember(key: string, entry: CacheEntry): void {
  cache.set(key, entry);
  cachedCharacters += entry.characters;
  for (const [oldest, old] of cache) {
    if (cache.size <= maxCachedSchemas && cachedCharacters <= maxCachedCharacters) break;
    if (oldest === key) break;
    cache.delete(oldest);
    cachedCharacters -= old.characters;
  }
}

function failure(kind: SchemaFailureKind, message: string): JsonSchemaCompileResult {
  return { ok: false, kind, message };
}

function wrap(ajv: AnyAjv, draft: SchemaDraft, validate: (value: unknown) => boolean): CompiledJsonSchema {
  const withErrors = validate as ((value: unknown) => boolean) & { errors?: unknown };
  return {
    draft,
    patternEngine: schemaPatternEngine,
    problems(value, dataVar = "data") {
      if (validate(value)) return undefined;
      return ajv.errorsText(withErrors.errors as Parameters<AnyAjv["errorsText"]>[0], { dataVar });
    },
  };
}

function compileFresh(schema: object | boolean, allErrors: boolean): JsonSchemaCompileResult {
  const detected = detectSchemaDraft(schema);
  if (!detected.ok) return failure("draft", detected.message);
  const { draft } = detected;
  const ajv = ajvForDraft(draft, allErrors);
  try {
    if (!(ajv.validateSchema(schema) as boolean)) {
      const why = ajv.errorsText(ajv.errors, { dataVar: "schema" });
      return failure("invalid", `not a valid JSON Schema (${draft}): ${why}`);
    }
    return { ok: true, compiled: wrap(ajv, draft, ajv.compile(schema)) };
  } catch (error) {
    if (error instanceof UnsafePatternError) return failure("pattern", error.message);
    return failure("compile", `does not compile as JSON Schema ${draft}: ${errorMessage(error)}`);
  } finally {
    // Ajv keeps every schema it compiled (and its `$id`); the validator needs none of that.
    try {
      if (typeof schema === "object") ajv.removeSchema(schema);
    } catch {
      // A schema that did not compile may not be registered.
    }
  }
}

/**
 * Compiles a schema from outside. Never throws: a schema that is not an object or boolean, too
 * deep or long, of a refused draft, invalid against its meta-schema, with a pattern RE2 cannot
 * run, or otherwise uncompilable (e.g. a `$ref` that does not resolve) gives `{ok: false}` with
 * a message saying which.
 */
export function compileJsonSchema(schema: unknown, options: CompileOptions = {}): JsonSchemaCompileResult {
  if (
    typeof schema !== "boolean" &&
    (schema === null || typeof schema !== "object" || Array.isArray(schema))
  ) {
    return failure("invalid", "a JSON Schema must be an object or a boolean");
  }
  if (exceedsNestingDepth(schema, maxSchemaDepth)) {
    return failure("too-large", `the schema nests deeper than ${maxSchemaDepth} levels`);
  }
  const text = canonicalJson(schema);
  if (text.length > maxSchemaCharacters) {
    return failure("too-large", `the schema is longer than ${maxSchemaCharacters} characters`);
  }
  const allErrors = options.allErrors ?? true;
  const key = `${allErrors ? "all" : "first"}:${sha256Hex(text)}`;
  const known = cache.get(key);
  if (known !== undefined) {
    cache.delete(key);
    cache.set(key, known);
    return known.result;
  }
  const result = compileFresh(schema as object | boolean, allErrors);
  remember(key, { result, characters: text.length });
  return result;
}

/** How many compile results are cached now (for tests and diagnostics). */
export function cachedSchemaCount(): number {
  return cache.size;
}
