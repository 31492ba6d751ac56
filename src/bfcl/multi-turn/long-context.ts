/**
 * The long-context extensions BFCL's API classes add in the `long_context` category (padding for
 * files, extra cards, bookings, stock lists, weather, ...), read from
 * data/bfcl-multi-turn/long-context.json: the constants of BFCL's `long_context.py` at gorilla
 * 6ea57973 written with `json.dumps` (its one `...` as `{"$ellipsis": true}`). The official classes
 * mutate some of these module constants; each {@link ApiContext} gets its own copy.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { EdgecallError } from "../../errors.js";
import { parseLosslessJson } from "../lossless-json.js";
import type { ApiContext } from "./api-class.js";
import { fromPyValue, opaque, PyDict, type PyObj, pyDeepCopy } from "./py-object.js";
import { freezeForRendering } from "./py-render.js";

let parsed: PyDict | undefined;
const shared = new Map<string, PyObj>();
/** The constants the classes mutate (card balances, bookings, the weather dict): one copy per context. */
const mutable = new Set(["CREDIT_CARD_EXTENSION", "BOOKING_RECORD_EXTENSION", "LONG_WEATHER_EXTENSION"]);
function dataFile(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(folder, "data", "bfcl-multi-turn", "long-context.json");
    if (existsSync(candidate)) return candidate;
    const parent = dirname(folder);
    if (parent === folder)
      throw new EdgecallError("file-not-found", "cannot find data/bfcl-multi-turn/long-context.json", {
        subject: "data/bfcl-multi-turn",
      });
    folder = parent;
  }
}

const ellipsis = opaque("ellipsis", "Ellipsis");

function withEllipsis(value: PyObj): PyObj {
  if (Array.isArray(value)) return value.map(withEllipsis);
  if (value instanceof PyDict) {
    if (value.size === 1 && value.get("$ellipsis") === true) return ellipsis;
    return new PyDict(value.entries().map(([key, item]) => [key, withEllipsis(item)]));
  }
  return value;
}

function constants(): PyDict {
  parsed ??= fromPyValue(parseLosslessJson(readFileSync(dataFile(), "utf8"))) as PyDict;
  return parsed;
}

/** One long-context constant: shared when the classes only read it, per context when they mutate it. */
export function longContextValue(context: ApiContext, name: string): PyObj {
  if (mutable.has(name))
    return context.sharedDefault(`long_context.${name}`, () =>
      withEllipsis(pyDeepCopy(constants().get(name) as PyObj)),
    );
  let value = shared.get(name);
  if (value === undefined) {
    value = withEllipsis(constants().get(name) as PyObj);
    freezeForRendering(value);
    shared.set(name, value);
  }
  return value;
}
