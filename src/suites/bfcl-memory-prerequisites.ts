/**
 * The memory-writing phase of BFCL's memory categories: before any question of a scenario, the
 * model holds the scenario's prerequisite conversations in order, each turn by BFCL's loop, with
 * the memory backend's instructions (and its core memory) in the system prompt; each conversation
 * starts from the memory the previous one left, and the last one's memory is what every question
 * of the scenario starts from. Run once per (model, category, scenario, mode, repeat, settings) in
 * a process and shared by the scenario's samples (concurrent samples wait for the same run); its
 * model calls go through the first sample's backend (so the response cache answers them on a
 * rerun) but are not part of any sample's transcript.
 */
import type { ModelBackend } from "../backend/model-backend.js";
import { type AgenticCategory, memoryBackendOf } from "../bfcl/agentic/agentic-categories.js";
import { agenticDatasetFor } from "../bfcl/agentic/agentic-dataset.js";
import { type MemoryScenario, memoryInstruction } from "../bfcl/agentic/agentic-prompts.js";
import { createMemoryInstance, memoryClassName } from "../bfcl/agentic/memory-backend.js";
import { type MemorySnapshot, snapshotCharacters } from "../bfcl/agentic/memory-snapshot.js";
import { withBfclSystemPrompt } from "../bfcl/bfcl-prompt.js";
import { executeCalls, instanceName, instanceSet } from "../bfcl/multi-turn/execute-calls.js";
import { classFunctionDocs } from "../bfcl/multi-turn/multi-turn-functions.js";
import { bfclToolDefinitions } from "../bfcl/tool-schema.js";
import { errorMessage } from "../error-message.js";
import { type RequestSettings, requestFields } from "../eval/request-settings.js";
import type { ChatMessage } from "../messages.js";
import { runBfclTurn } from "./bfcl-turn-steps.js";

/** What the prerequisite phase did and left. */
export interface PrerequisiteOutcome {
  snapshot: MemorySnapshot;
  conversations: number;
  modelCalls: number;
  toolCalls: number;
  /** Conversations BFCL's step limit cut short. */
  forceQuits: number;
  /** Characters the memory holds at the end. */
  memoryCharacters: number;
  /**
   * Conversations that ended in a harness error (a prompt past the context, a backend failure):
   * as in BFCL, their memory is not kept and the next one starts from the memory before them.
   */
  failed: Array<{ id: string; error: string }>;
}

/** What one prerequisite phase needs. */
export interface PrerequisiteInput {
  backend: ModelBackend;
  settings: RequestSettings;
  repeat: number;
  signal?: AbortSignal;
  bfclDir: string;
  category: AgenticCategory;
  scenario: MemoryScenario;
  mode: "fc" | "prompt";
}

const runs = new WeakMap<object, Map<string, Promise<PrerequisiteOutcome>>>();

/** BFCL's id of a prerequisite conversation in a category (`memory_kv_prereq_0-customer-0`). */
export function prerequisiteId(originalId: string, category: AgenticCategory): string {
  return originalId.replace("memory", category);
}

async function run(input: PrerequisiteInput): Promise<PrerequisiteOutcome> {
  const backendName = memoryBackendOf(input.category);
  if (backendName === undefined) throw new Error(`${input.category} is not a memory category`);
  const className = memoryClassName(backendName);
  const docs = classFunctionDocs(input.bfclDir, className);
  const tools = input.mode === "fc" ? bfclToolDefinitions(docs, { category: "multiple" }) : [];
  const promptFunctions = bfclToolDefinitions(docs, { category: "multiple", fcNames: false });
  let snapshot: MemorySnapshot | undefined;
  const outcome = { conversations: 0, modelCalls: 0, toolCalls: 0, forceQuits: 0 };
  const failed: PrerequisiteOutcome["failed"] = [];
  for (const conversation of agenticDatasetFor(input.bfclDir).prerequisitesOf(input.scenario)) {
    const id = prerequisiteId(conversation.id, input.category);
    const instance = createMemoryInstance(backendName, snapshot);
    const instances = instanceSet([[instanceName("edgecall", id, className), instance]]);
    const system: ChatMessage = {
      role: "system",
      content: memoryInstruction(backendName, input.scenario, instance.coreMemoryForContext()),
    };
    const messages: ChatMessage[] =
      input.mode === "fc" ? [system] : withBfclSystemPrompt([system], promptFunctions);
    outcome.conversations += 1;
    try {
      for (const [turn, turnMessages] of conversation.turns.entries()) {
        for (const message of turnMessages) messages.push({ ...message });
        const result = await runBfclTurn({
          backend: input.backend,
          requestFields: requestFields(input.settings, id, input.repeat),
          ...(input.signal === undefined ? {} : { signal: input.signal }),
          mode: input.mode,
          tools,
          messages,
          execute: (calls) => executeCalls(calls, instances),
          turn,
        });
        outcome.modelCalls += result.steps;
        outcome.toolCalls += result.toolCalls;
        if (result.forceQuit) {
          outcome.forceQuits += 1;
          break;
        }
      }
    } catch (error) {
      if (input.signal?.aborted) throw error;
      failed.push({ id, error: errorMessage(error) });
      continue;
    }
    snapshot = instance.snapshot();
  }
  const final = snapshot ?? createMemoryInstance(backendName, undefined).snapshot();
  return { ...outcome, failed, snapshot: final, memoryCharacters: snapshotCharacters(final) };
}

/**
 * The memory a scenario's questions start from, running the prerequisite conversations on first
 * use. `key` identifies the model (the run's backend info object, shared by its samples).
 */
export function prerequisiteMemory(key: object, input: PrerequisiteInput): Promise<PrerequisiteOutcome> {
  let byRun = runs.get(key);
  if (byRun === undefined) {
    byRun = new Map();
    runs.set(key, byRun);
  }
  const id = JSON.stringify([
    input.bfclDir,
    input.category,
    input.scenario,
    input.mode,
    input.repeat,
    input.settings,
  ]);
  let pending = byRun.get(id);
  if (pending === undefined) {
    pending = run(input);
    const started = pending;
    byRun.set(id, started);
    started.catch(() => {
      if (input.signal?.aborted && byRun.get(id) === started) byRun.delete(id);
    });
  }
  return pending;
}
