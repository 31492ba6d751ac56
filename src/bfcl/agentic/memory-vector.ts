/**
 * BFCL's vector memory (`MemoryAPI_vector`) with one substitution: BFCL embeds entries with the
 * all-MiniLM-L6-v2 sentence encoder and ranks by cosine similarity in FAISS; that model cannot be
 * downloaded here, so edgecall ranks the same entries by BM25+ and reports that score as
 * `similarity_score`. Everything else (ids, limits, result and error texts) is BFCL's. Figures
 * from this backend are labelled "not comparable with BFCL".
 */
import { type ApiMethod, type MultiTurnApi, methodTable, params } from "../multi-turn/api-class.js";
import { PyDict, type PyObj, pyError, pyTypeName } from "../multi-turn/py-object.js";
import { jsonDumps } from "../multi-turn/py-render.js";
import { pyLen, strSelf } from "../multi-turn/py-str.js";
import { bm25PlusScores, memoryTokens } from "./bm25-plus.js";
import type { MemorySnapshot } from "./memory-snapshot.js";

const error = (text: string): PyDict => new PyDict([["error", text]]);
const status = (text: string): PyDict => new PyDict([["status", text]]);

function idOf(value: PyObj): number | undefined {
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number" && Number.isInteger(value)) return value;
  return undefined;
}

function idText(value: PyObj): string {
  return typeof value === "bigint" ? value.toString() : String(value);
}

/** One vector store (core or archival). */
class VectorStore {
  nextId = 0;
  store = new Map<number, string>();

  constructor(
    private readonly maxSize: number,
    private readonly maxEntryLength: number,
  ) {}

  add(textValue: PyObj): PyDict {
    const text = strSelf(textValue, "__len__");
    if (pyLen(text) > this.maxEntryLength)
      return error(`Entry length exceeds maximum length of ${this.maxEntryLength} characters.`);
    if (this.store.size >= this.maxSize)
      return error(`Memory size exceeds maximum size of ${this.maxSize} entries.`);
    const id = this.nextId;
    this.nextId += 1;
    this.store.set(id, text);
    return new PyDict([["id", BigInt(id)]]);
  }

  remove(idValue: PyObj): PyDict {
    const id = idOf(idValue);
    if (id === undefined || !this.store.has(id)) return error(`ID ${idText(idValue)} not present in store.`);
    this.store.delete(id);
    return status(`ID ${id} removed from store.`);
  }

  update(idValue: PyObj, textValue: PyObj): PyDict {
    const id = idOf(idValue);
    if (id === undefined || !this.store.has(id)) return error(`ID ${idText(idValue)} not present in store.`);
    const text = strSelf(textValue, "__len__");
    if (pyLen(text) > this.maxEntryLength)
      return error(`Entry length exceeds maximum length of ${this.maxEntryLength} characters.`);
    this.store.set(id, text);
    return status(`ID ${id} updated.`);
  }

  clear(): PyDict {
    this.store.clear();
    this.nextId = 0;
    return status("Memory cleared.");
  }

  retrieve(queryValue: PyObj, topKValue: PyObj): PyObj {
    if (this.store.size === 0) return [];
    const query = strSelf(queryValue, "lower");
    if (typeof topKValue !== "bigint")
      throw pyError(
        "TypeError",
        `'<' not supported between instances of 'int' and '${pyTypeName(topKValue)}'`,
      );
    const ids = [...this.store.keys()].sort((left, right) => left - right);
    const texts = ids.map((id) => this.store.get(id) as string);
    const scores = bm25PlusScores(texts.map(memoryTokens), memoryTokens(query));
    const order = ids.map((id, index) => ({
      id,
      score: scores[index] as number,
      text: texts[index] as string,
    }));
    order.sort((left, right) => right.score - left.score);
    const count = Math.max(0, Math.min(Number(topKValue), this.store.size));
    return order.slice(0, count).map(
      (hit) =>
        new PyDict([
          ["id", BigInt(hit.id)],
          ["similarity_score", hit.score],
          ["text", hit.text],
        ]),
    );
  }

  retrieveAll(): PyObj {
    return [...this.store].map(
      ([id, text]) =>
        new PyDict([
          ["id", BigInt(id)],
          ["text", text],
        ]),
    );
  }

  export(): { nextId: number; store: Array<[number, string]> } {
    return { nextId: this.nextId, store: [...this.store] };
  }

  load(data: { nextId: number; store: Array<[number, string]> }): void {
    this.nextId = data.nextId;
    this.store = new Map(data.store);
  }
}

const result = (value: PyObj): PyDict => new PyDict([["result", value]]);

/** The vector memory, ranked by BM25+ in place of embeddings. */
export class MemoryVector implements MultiTurnApi {
  readonly className = "MemoryAPI_vector";
  private readonly core = new VectorStore(7, 300);
  private readonly archival = new VectorStore(50, 2000);

  private static readonly table = methodTable<MemoryVector>([
    ["core_memory_add", params("text"), (self, [text]) => self.core.add(text!)],
    ["core_memory_remove", params("vec_id"), (self, [id]) => self.core.remove(id!)],
    ["core_memory_update", params("vec_id", "new_text"), (self, [id, text]) => self.core.update(id!, text!)],
    ["core_memory_clear", params(), (self) => self.core.clear()],
    [
      "core_memory_retrieve",
      params("query", ["top_k", 5n]),
      (self, [query, k]) => result(self.core.retrieve(query!, k!)),
    ],
    ["core_memory_retrieve_all", params(), (self) => result(self.core.retrieveAll())],
    ["archival_memory_add", params("text"), (self, [text]) => self.archival.add(text!)],
    ["archival_memory_remove", params("vec_id"), (self, [id]) => self.archival.remove(id!)],
    [
      "archival_memory_update",
      params("vec_id", "new_text"),
      (self, [id, text]) => self.archival.update(id!, text!),
    ],
    ["archival_memory_clear", params(), (self) => self.archival.clear()],
    [
      "archival_memory_retrieve",
      params("query", ["top_k", 5n]),
      (self, [query, k]) => result(self.archival.retrieve(query!, k!)),
    ],
    ["archival_memory_retrieve_all", params(), (self) => result(self.archival.retrieveAll())],
  ]);

  get methods(): ReadonlyMap<string, ApiMethod<MemoryVector>> {
    return MemoryVector.table;
  }

  loadScenario(): void {}

  /** Loads a snapshot. */
  load(snapshot: MemorySnapshot | undefined): void {
    if (snapshot?.kind !== "vector") return;
    this.core.load(snapshot.coreMemory);
    this.archival.load(snapshot.archivalMemory);
  }

  /** The state to hand to the next conversation. */
  snapshot(): MemorySnapshot {
    return { kind: "vector", coreMemory: this.core.export(), archivalMemory: this.archival.export() };
  }

  /** BFCL's `_dump_core_memory_to_context`: `json.dumps(store, indent=4)` (ids as string keys). */
  coreMemoryForContext(): string {
    if (this.core.store.size === 0) return "{}";
    const lines = [...this.core.store].map(([id, text]) => `    "${id}": ${jsonDumps(text)}`);
    return `{\n${lines.join(",\n")}\n}`;
  }

  state(): Array<[string, PyObj]> {
    return [
      ["core_memory", result(this.core.retrieveAll())],
      ["archival_memory", result(this.archival.retrieveAll())],
    ];
  }
}
