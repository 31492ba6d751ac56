/**
 * Which JSON Schema dialect a schema from outside is written in. `$schema` decides: draft-07 (and
 * draft-06, which it extends), 2019-09 and 2020-12 are accepted, with or without a trailing `#`,
 * over http or https. Without `$schema` a schema is draft-07 (what OpenAI's tools, BFCL and
 * zod-to-json-schema write) unless it uses a keyword only the newer drafts define (`prefixItems`,
 * `unevaluatedProperties`, `$dynamicRef`, ...): then 2020-12 (or 2019-09 for `$recursiveRef`), so
 * that e.g. zod 4's tuples (`prefixItems` with `items: false`) keep their meaning. Anything else
 * (draft-04, draft-03, an unknown meta-schema) is refused with a message saying what is accepted.
 */

/** The dialects edgecall compiles. */
export type SchemaDraft = "draft-06" | "draft-07" | "2019-09" | "2020-12";

/** The draft of a schema, or why it is refused. */
export type SchemaDraftResult = { ok: true; draft: SchemaDraft } | { ok: false; message: string };

/** Said in refusals: what a schema may declare. */
export const acceptedDrafts = "draft-07 (the default), 2019-09 or 2020-12 (draft-06 also works)";

const draftByUri: Readonly<Record<string, SchemaDraft>> = {
  "json-schema.org/draft-06/schema": "draft-06",
  "json-schema.org/draft-07/schema": "draft-07",
  "json-schema.org/draft/2019-09/schema": "2019-09",
  "json-schema.org/draft/2020-12/schema": "2020-12",
};

const refusedUris: Readonly<Record<string, string>> = {
  "json-schema.org/draft-04/schema": "draft-04",
  "json-schema.org/draft-03/schema": "draft-03",
  "json-schema.org/schema": "the unversioned 'latest' meta-schema",
};

/** Keywords only 2019-09/2020-12 define, with the draft they imply when `$schema` is absent. */
const newerKeywords: Readonly<Record<string, SchemaDraft>> = {
  prefixItems: "2020-12",
  $dynamicRef: "2020-12",
  $dynamicAnchor: "2020-12",
  unevaluatedProperties: "2020-12",
  unevaluatedItems: "2020-12",
  dependentRequired: "2020-12",
  dependentSchemas: "2020-12",
  $recursiveRef: "2019-09",
  $recursiveAnchor: "2019-09",
};

/** `http(s)://host/path#` → `host/path`, for comparing meta-schema URIs. */
function normalisedUri(uri: string): string {
  return uri
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/#$/, "")
    .replace(/\/$/, "");
}

/** The newer draft a schema without `$schema` implies by its keywords (iterative walk). */
function impliedDraft(schema: unknown): SchemaDraft {
  let implied: SchemaDraft = "draft-07";
  const pending: unknown[] = [schema];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next === null || typeof next !== "object") continue;
    if (Array.isArray(next)) {
      pending.push(...next);
      continue;
    }
    for (const [key, value] of Object.entries(next)) {
      const draft = newerKeywords[key];
      if (draft === "2019-09") return "2019-09";
      if (draft !== undefined) implied = draft;
      if (value !== null && typeof value === "object") pending.push(value);
    }
  }
  return implied;
}

/** The draft `schema` is written in (see the module comment), or why it is refused. */
export function detectSchemaDraft(schema: unknown): SchemaDraftResult {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
    return { ok: true, draft: "draft-07" };
  }
  const declared = (schema as { $schema?: unknown }).$schema;
  if (declared === undefined) return { ok: true, draft: impliedDraft(schema) };
  if (typeof declared !== "string") {
    return { ok: false, message: `$schema must be a string naming ${acceptedDrafts}` };
  }
  const uri = normalisedUri(declared);
  const draft = draftByUri[uri];
  if (draft !== undefined) return { ok: true, draft };
  const refused = refusedUris[uri];
  const what = refused === undefined ? `the meta-schema "${declared}"` : `JSON Schema ${refused}`;
  return {
    ok: false,
    message: `${what} is not supported ($schema); declare ${acceptedDrafts}`,
  };
}
