/**
 * What a backend is run through the conformance suite with (src/backend/backend-conformance.test-support.ts):
 * its harness, the suite's options with the cases it is excused from, and the tool the suite offers.
 */

import type { ToolCall, ToolDefinition } from "../../messages.js";
import type { GenerateRequest, ModelBackend } from "../model-backend.js";

/** A reply a scriptable harness makes its backend produce, in the backend's own way. */
export interface ScriptedReply {
  /** Visible text of the reply. */
  text?: string;
  /** Calls the reply holds, after the text. */
  toolCalls?: ToolCall[];
  /** The reply must take at least this long (the abort checks use it to catch a call in flight). */
  delayMs?: number;
}

/** What a backend under test is run with. */
export interface ConformanceHarness {
  backend: ModelBackend;
  /**
   * Makes the next calls answer with `replies`, in order, and returns the backend to call: the same
   * one, or a fresh one for backends that read their script when created (the suite closes both).
   * Leave out when the backend's exact output cannot be scripted.
   */
  script?: (replies: ScriptedReply[]) => Promise<ModelBackend>;
  /** Merged into every request the suite sends (e.g. a small `maxTokens` for a real model). */
  request?: Partial<GenerateRequest>;
  /** Frees what the harness made (servers, files); called after the backends are closed. */
  dispose?: () => Promise<void>;
}

/** Suite options. */
export interface ConformanceOptions {
  /** Per-check timeout. Default 30000. */
  timeoutMs?: number;
  /**
   * Make one harness for all checks (for backends slow to load, such as a GGUF model) instead of one
   * per check; everything is closed after the last check, which is the `close()` check.
   */
  shareHarness?: boolean;
  /**
   * Cases this backend is excused from, by case name, each with its reason (hono's `runTest({skip})`
   * shape): node:test reports them skipped with the reason. A name that is no case of the suite, or
   * an empty reason, makes the suite call throw, so an exception cannot outlive the case it excused.
   */
  skip?: Readonly<Record<string, string>>;
}

/** The tool the suite offers. */
export const conformanceWeatherTool: ToolDefinition = {
  name: "get_weather",
  description: "Current weather for a city.",
  parameters: {
    type: "object",
    properties: { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } },
    required: ["city"],
  },
};
