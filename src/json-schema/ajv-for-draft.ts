/**
 * One Ajv instance per draft (and per `allErrors` setting), made on first use and kept for the
 * process: building one compiles its meta-schemas, most of the cost of a first schema. Every
 * instance has ajv-formats, `strict: false` (schemas from outside carry keywords of their own,
 * e.g. OpenAI's `strict` or MCP's annotations) and the linear-time pattern engine
 * (linear-regexp.ts). Nothing is loaded from the network: a `$ref` to another document fails to
 * compile.
 */
import { createRequire } from "node:module";
import { Ajv, type Options } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { linearRegExpEngine } from "./linear-regexp.js";
import type { SchemaDraft } from "./schema-draft.js";

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

const require = createRequire(import.meta.url);

/** The Ajv API the compiler uses, common to the three classes. */
export type AnyAjv = Ajv | Ajv2019 | Ajv2020;

const instances = new Map<string, AnyAjv>();

function create(draft: SchemaDraft, allErrors: boolean): AnyAjv {
  const options: Options = {
    strict: false,
    allErrors,
    validateFormats: true,
    code: { regExp: linearRegExpEngine },
  };
  let ajv: AnyAjv;
  if (draft === "2020-12") ajv = new Ajv2020(options);
  else if (draft === "2019-09") ajv = new Ajv2019(options);
  else {
    ajv = new Ajv(options);
    ajv.addMetaSchema(require("ajv/dist/refs/json-schema-draft-06.json") as object);
  }
  addFormats(ajv as Ajv);
  return ajv;
}

/** The shared Ajv for `draft`; `allErrors` collects every failure instead of the first. */
export function ajvForDraft(draft: SchemaDraft, allErrors: boolean): AnyAjv {
  const key = `${draft === "draft-06" ? "draft-07" : draft}/${allErrors}`;
  let ajv = instances.get(key);
  if (ajv === undefined) {
    ajv = create(draft, allErrors);
    instances.set(key, ajv);
  }
  return ajv;
}
