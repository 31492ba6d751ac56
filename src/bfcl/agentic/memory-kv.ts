/**
 * BFCL's key-value memory (`MemoryAPI_kv`): a core memory of at most 7 entries of 300 characters,
 * always shown in the system prompt, and an archival memory of at most 50 entries of 2,000
 * characters; snake_case keys; key searches ranked by BM25+ ({@link bm25PlusRanked}). Results and
 * error texts are BFCL's. Snapshots (what a prerequisite conversation leaves behind) are plain
 * objects, loaded into a fresh instance for the next conversation or question.
 */
import { type ApiMethod, type MultiTurnApi, methodTable, params } from "../multi-turn/api-class.js";
import { PyDict, type PyObj, PyTuple, pyError, pyTypeName } from "../multi-turn/py-object.js";
import { jsonDumps, pyStrOf } from "../multi-turn/py-render.js";
import { pyLen, strSelf } from "../multi-turn/py-str.js";
import { bm25PlusRanked } from "./bm25-plus.js";
import type { MemorySnapshot } from "./memory-snapshot.js";

const maxCoreSize = 7;
const maxCoreEntryLength = 300;
const maxArchivalSize = 50;
const maxArchivalEntryLength = 2000;

const error = (text: string): PyDict => new PyDict([["error", text]]);
const status = (text: string): PyDict => new PyDict([["status", text]]);

/** `re.match(r"^[a-z]+(_[a-z0-9]+)*$", s)` (Python's `$` also matches before a final newline). */
const keyPattern = /^[a-z]+(_[a-z0-9]+)*\n?$/;

function asIndex(value: PyObj): number {
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  throw pyError("TypeError", "slice indices must be integers or None or have an __index__ method");
}

/** BFCL's `_similarity_search`: `{"ranked_results": [(score, text), ...]}`. */
export function similaritySearch(query: PyObj, corpus: string[], k: PyObj): PyDict {
  const text = strSelf(query, "replace");
  const count = asIndex(k);
  const ranked = bm25PlusRanked(corpus, text, count);
  return new PyDict([["ranked_results", ranked.map(([score, key]) => new PyTuple([score, key]))]]);
}

/** One of the two stores: its limits and its entries. */
class KeyValueStore {
  constructor(
    public entries: PyDict,
    private readonly maxSize: number,
    private readonly maxEntryLength: number,
    private readonly fullMessage: string,
    private readonly added: string,
  ) {}

  add(keyValue: PyObj, valueValue: PyObj): PyDict {
    const key = pyStrOf(keyValue);
    const value = pyStrOf(valueValue);
    if (this.entries.size >= this.maxSize) return error(this.fullMessage);
    if (pyLen(value) > this.maxEntryLength)
      return error(
        `Entry is too long. Please shorten the entry to less than ${this.maxEntryLength} characters.`,
      );
    if (!keyPattern.test(key)) return error("Key must be in snake_case format and cannot contain spaces.");
    if (this.entries.has(key)) return error("Key name must be unique.");
    this.entries.set(key, value);
    return status(this.added);
  }

  remove(key: PyObj): PyDict {
    if (this.entries.has(key)) {
      this.entries.delete(key);
      return status("Key removed.");
    }
    return error("Key not found.");
  }

  replace(keyValue: PyObj, valueValue: PyObj): PyDict {
    const key = pyStrOf(keyValue);
    const value = pyStrOf(valueValue);
    if (!this.entries.has(key)) return error("Key not found.");
    if (pyLen(value) > this.maxEntryLength)
      return error(
        `Entry is too long. Please shorten the entry to less than ${this.maxEntryLength} characters.`,
      );
    this.entries.set(key, value);
    return status("Key replaced.");
  }

  retrieve(key: PyObj): PyDict {
    if (!this.entries.has(key)) return error("Key not found.");
    return new PyDict([["value", this.entries.get(key) as PyObj]]);
  }

  keys(): string[] {
    return this.entries.keys().map((key) => pyStrOf(key));
  }
}

function storeFrom(snapshot: Record<string, string> | undefined): PyDict {
  return new PyDict(Object.entries(snapshot ?? {}));
}

function plain(dict: PyDict): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of dict.entries()) out[pyStrOf(key)] = pyStrOf(value);
  return out;
}

/** The key-value memory. */
export class MemoryKv implements MultiTurnApi {
  readonly className = "MemoryAPI_kv";
  private readonly core = new KeyValueStore(
    new PyDict(),
    maxCoreSize,
    maxCoreEntryLength,
    "Core memory is full. Please clear some entries.",
    "Key-value pair added.",
  );
  private readonly archival = new KeyValueStore(
    new PyDict(),
    maxArchivalSize,
    maxArchivalEntryLength,
    "Long term memory is full. Please clear some entries.",
    "Key added.",
  );

  private static readonly table = methodTable<MemoryKv>([
    ["core_memory_add", params("key", "value"), (self, [key, value]) => self.core.add(key!, value!)],
    ["core_memory_remove", params("key"), (self, [key]) => self.core.remove(key!)],
    ["core_memory_replace", params("key", "value"), (self, [key, value]) => self.core.replace(key!, value!)],
    [
      "core_memory_clear",
      params(),
      (self) => {
        self.core.entries = new PyDict();
        return status("Short term memory cleared.");
      },
    ],
    ["core_memory_retrieve", params("key"), (self, [key]) => self.core.retrieve(key!)],
    ["core_memory_list_keys", params(), (self) => new PyDict([["keys", self.core.keys()]])],
    [
      "core_memory_key_search",
      params("query", ["k", 5n]),
      (self, [query, k]) => similaritySearch(query!, self.core.keys(), k!),
    ],
    ["core_memory_retrieve_all", params(), (self) => self.core.entries],
    ["archival_memory_add", params("key", "value"), (self, [key, value]) => self.archival.add(key!, value!)],
    ["archival_memory_remove", params("key"), (self, [key]) => self.archival.remove(key!)],
    [
      "archival_memory_replace",
      params("key", "value"),
      (self, [key, value]) => self.archival.replace(key!, value!),
    ],
    [
      "archival_memory_clear",
      params(),
      (self) => {
        self.archival.entries = new PyDict();
        return status("Long term memory cleared.");
      },
    ],
    ["archival_memory_retrieve", params("key"), (self, [key]) => self.archival.retrieve(key!)],
    ["archival_memory_list_keys", params(), (self) => new PyDict([["keys", self.archival.keys()]])],
    [
      "archival_memory_key_search",
      params("query", ["k", 5n]),
      (self, [query, k]) => similaritySearch(query!, self.archival.keys(), k!),
    ],
  ]);

  get methods(): ReadonlyMap<string, ApiMethod<MemoryKv>> {
    return MemoryKv.table;
  }

  loadScenario(): void {}

  /** Loads a snapshot (a deep copy: the snapshot stays as it was). */
  load(snapshot: MemorySnapshot | undefined): void {
    if (snapshot?.kind !== "kv") return;
    this.core.entries = storeFrom(snapshot.coreMemory);
    this.archival.entries = storeFrom(snapshot.archivalMemory);
  }

  /** The state to hand to the next conversation. */
  snapshot(): MemorySnapshot {
    return { kind: "kv", coreMemory: plain(this.core.entries), archivalMemory: plain(this.archival.entries) };
  }

  /** BFCL's `_dump_core_memory_to_context`: `json.dumps(core_memory, indent=4)`. */
  coreMemoryForContext(): string {
    if (this.core.entries.size === 0) return "There is no content in the core memory at this point.";
    return indentedJson(this.core.entries);
  }

  state(): Array<[string, PyObj]> {
    return [
      ["core_memory", this.core.entries],
      ["archival_memory", this.archival.entries],
    ];
  }
}

/** `json.dumps(dict_of_str, indent=4)` for a flat dict of strings (what core memories hold). */
export function indentedJson(dict: PyDict): string {
  const lines = dict.entries().map(([key, value]) => {
    if (typeof value !== "string" && typeof value !== "bigint" && typeof value !== "number")
      throw pyError("TypeError", `Object of type ${pyTypeName(value)} is not JSON serializable`);
    return `    ${jsonDumps(pyStrOf(key))}: ${jsonDumps(value)}`;
  });
  return `{\n${lines.join(",\n")}\n}`;
}
