/**
 * One case of the backend conformance suite (src/backend/backend-conformance.test-support.ts): its
 * name (what node:test reports, and what a suite call's `skip` names), what the backend must offer
 * for it to apply, and the check itself, run on what the suite hands it.
 */
import type { GenerateRequest, ModelBackend } from "../model-backend.js";
import type { ConformanceHarness, ScriptedReply } from "./conformance-harness.test-support.js";

/**
 * What a case needs beyond `generate`: `script`, a harness that scripts the output; `stream`, a
 * backend with `stream()`. A case whose need is missing fails unless the suite call excuses it.
 */
export type CaseNeed = "script" | "stream";

/** What a case runs on: a harness (fresh, or shared by all cases), its backend and a request. */
export interface CaseContext {
  harness: ConformanceHarness;
  backend: ModelBackend;
  /** The suite's request: a system and a user message offering the weather tool, plus the harness's `request`. */
  request: GenerateRequest;
  /** The harness's `script`, keeping the backend it returns for closing. */
  script: (replies: ScriptedReply[]) => Promise<ModelBackend>;
  /** The per-case timeout, in milliseconds. */
  timeoutMs: number;
}

/** One conformance case. */
export interface ConformanceCase {
  readonly name: string;
  readonly needs?: readonly CaseNeed[];
  run(context: CaseContext): Promise<void>;
}

/** The backend's `stream`, bound; the runner has checked that a `stream` case's backend has one. */
export function streamOf(backend: ModelBackend): NonNullable<ModelBackend["stream"]> {
  const stream = backend.stream;
  if (stream === undefined) throw new Error(`${backend.info.backend} has no stream()`);
  return stream.bind(backend);
}
