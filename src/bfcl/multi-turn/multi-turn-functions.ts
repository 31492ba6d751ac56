/**
 * The function docs a multi-turn entry offers, as BFCL's `populate_test_cases_with_predefined_functions`
 * builds them: the docs of every involved class (multi_turn_func_doc/), in class order, without
 * the miss_func entry's held-back functions, which are offered from the turn that names them.
 */

import { join } from "node:path";
import { EdgecallError } from "../../errors.js";
import { readJsonlFile } from "../../text/jsonl-file.js";
import type { MultiTurnEntry } from "./multi-turn-dataset.js";

const docFiles: Readonly<Record<string, string>> = {
  GorillaFileSystem: "gorilla_file_system.json",
  MathAPI: "math_api.json",
  MessageAPI: "message_api.json",
  TwitterAPI: "posting_api.json",
  TicketAPI: "ticket_api.json",
  TradingBot: "trading_bot.json",
  TravelAPI: "travel_booking.json",
  VehicleControlAPI: "vehicle_control.json",
  MemoryAPI_kv: "memory_kv.json",
  MemoryAPI_vector: "memory_vector.json",
  MemoryAPI_rec_sum: "memory_rec_sum.json",
  WebSearchAPI: "web_search.json",
};

const cache = new Map<string, unknown[]>();

/** A class's function docs (plain JSON objects with `name`, `description`, `parameters`). */
export function classFunctionDocs(bfclDir: string, className: string): unknown[] {
  const file = Object.hasOwn(docFiles, className) ? docFiles[className] : undefined;
  if (file === undefined)
    throw new EdgecallError("invalid-argument", `no function docs for multi-turn class ${className}`, {
      subject: className,
    });
  const path = join(bfclDir, "multi_turn_func_doc", file);
  let docs = cache.get(path);
  if (docs === undefined) {
    docs = readJsonlFile(path).map((line) => line.value);
    cache.set(path, docs);
  }
  return docs;
}

/** The docs offered from the start, and the held-back docs by the turn that adds them. */
export interface OfferedFunctions {
  initial: unknown[];
  heldBack: Record<number, unknown[]>;
}

function docName(doc: unknown): string {
  return String((doc as { name?: unknown }).name);
}

/** BFCL's offered functions for `entry`. */
export function offeredFunctions(bfclDir: string, entry: MultiTurnEntry): OfferedFunctions {
  const initial = entry.involvedClasses.flatMap((className) => classFunctionDocs(bfclDir, className));
  const heldBack: Record<number, unknown[]> = {};
  for (const [turn, names] of Object.entries(entry.missedFunction)) {
    heldBack[Number(turn)] = [];
    for (const name of names) {
      const index = initial.findIndex((doc) => docName(doc) === name);
      if (index < 0) continue;
      heldBack[Number(turn)]?.push(initial[index]);
      initial.splice(index, 1);
    }
  }
  return { initial, heldBack };
}

/** BFCL's user message for a turn that adds functions (function-calling mode). */
export const addedFunctionsPromptFc =
  "I have updated some more functions you can choose from. What about now?";
