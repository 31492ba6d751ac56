/**
 * BFCL's recursive-summary memory (`MemoryAPI_rec_sum`): one text of at most 10,000 characters,
 * shown whole in the system prompt, which the model appends to, rewrites or edits. Results and
 * error texts are BFCL's.
 */
import { type ApiMethod, type MultiTurnApi, methodTable, params } from "../multi-turn/api-class.js";
import { PyDict, type PyObj } from "../multi-turn/py-object.js";
import { pyStrOf } from "../multi-turn/py-render.js";
import { pyLen } from "../multi-turn/py-str.js";
import type { MemorySnapshot } from "./memory-snapshot.js";

const maxLength = 10_000;
const error = (text: string): PyDict => new PyDict([["error", text]]);
const status = (text: string): PyDict => new PyDict([["status", text]]);

/** The recursive-summary memory. */
export class MemoryRecSum implements MultiTurnApi {
  readonly className = "MemoryAPI_rec_sum";
  private memory = "";

  private static readonly table = methodTable<MemoryRecSum>([
    [
      "memory_append",
      params("text"),
      (self, [text]) => {
        const combined = self.memory + pyStrOf(text!);
        if (pyLen(combined) > maxLength)
          return error(
            `Entry will be too long after appending. Please shorten the entry to less than ${maxLength} characters.`,
          );
        self.memory = combined;
        return status("Memory appended.");
      },
    ],
    [
      "memory_update",
      params("text"),
      (self, [text]) => {
        const value = pyStrOf(text!);
        if (pyLen(value) > maxLength)
          return error(
            `Entry will be too long after updating. Please shorten the entry to less than ${maxLength} characters.`,
          );
        self.memory = value;
        return status("Memory updated.");
      },
    ],
    [
      "memory_clear",
      params(),
      (self) => {
        self.memory = "";
        return status("Short term memory cleared.");
      },
    ],
    [
      "memory_replace",
      params("old_text", "new_text"),
      (self, [oldValue, newValue]) => {
        const oldText = pyStrOf(oldValue!);
        const newText = pyStrOf(newValue!);
        if (!self.memory.includes(oldText)) return error(`Text '${oldText}' not found in memory.`);
        if (pyLen(newText) > maxLength)
          return error(
            `Entry will be too long after replacing. Please shorten the entry to less than ${maxLength} characters.`,
          );
        self.memory = replaceAll(self.memory, oldText, newText);
        return status("Memory updated.");
      },
    ],
    [
      "memory_retrieve",
      params(),
      (self) =>
        self.memory === "" ? error("Memory is empty.") : new PyDict([["memory_content", self.memory]]),
    ],
  ]);

  get methods(): ReadonlyMap<string, ApiMethod<MemoryRecSum>> {
    return MemoryRecSum.table;
  }

  loadScenario(): void {}

  /** Loads a snapshot. */
  load(snapshot: MemorySnapshot | undefined): void {
    if (snapshot?.kind === "rec_sum") this.memory = snapshot.memory;
  }

  /** The state to hand to the next conversation. */
  snapshot(): MemorySnapshot {
    return { kind: "rec_sum", memory: this.memory };
  }

  /** BFCL's `_dump_core_memory_to_context`. */
  coreMemoryForContext(): string {
    return this.memory === "" ? "There is no content in the memory at this point." : this.memory;
  }

  state(): Array<[string, PyObj]> {
    return [["memory", this.memory]];
  }
}

/** Python's `str.replace(old, new)` (an empty `old` inserts `new` between every character). */
export function replaceAll(text: string, oldText: string, newText: string): string {
  if (oldText !== "") return text.split(oldText).join(newText);
  return newText + [...text].join(newText) + (text === "" ? "" : newText);
}
