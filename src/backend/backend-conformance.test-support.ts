/**
 * The shared ModelBackend conformance suite. Every backend runs the same cases from its own
 * `*-conformance.test.ts`, stating the cases it is excused from, each with its reason:
 *
 * ```ts
 * runBackendConformance("replay", async () => ({ backend, script: async (replies) => ..., dispose }));
 * runBackendConformance("llama-server", makeHarness, { skip: { ...unscriptable("why"), ...unstreamable("why") } });
 * ```
 *
 * `makeHarness` is called once per case, so each case starts from a fresh backend (or once in all,
 * with `shareHarness`). The cases live by topic in src/backend/conformance/; a case that needs a
 * harness that scripts the output, or a backend with `stream()`, fails when that is missing unless
 * the suite call excuses it, so every case either runs or is reported skipped with why.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import type { CaseContext } from "./conformance/conformance-case.test-support.js";
import { conformanceCases } from "./conformance/conformance-cases.test-support.js";
import {
  type ConformanceHarness,
  type ConformanceOptions,
  conformanceWeatherTool,
  type ScriptedReply,
} from "./conformance/conformance-harness.test-support.js";
import type { GenerateRequest, ModelBackend } from "./model-backend.js";

export type { CaseNeed } from "./conformance/conformance-case.test-support.js";
export {
  caseNamesNeeding,
  conformanceCases,
  unscriptable,
  unstreamable,
} from "./conformance/conformance-cases.test-support.js";
export {
  type ConformanceHarness,
  type ConformanceOptions,
  conformanceWeatherTool,
  type ScriptedReply,
} from "./conformance/conformance-harness.test-support.js";
export { assertWellFormedResult, collectStream } from "./conformance/result-checks.test-support.js";

/** Throws when `skip` names no case of the suite or gives no reason. */
export function checkExceptions(skip: Readonly<Record<string, string>>): void {
  const names = new Set(conformanceCases.map((item) => item.name));
  const unknown = Object.keys(skip).filter((name) => !names.has(name));
  if (unknown.length > 0)
    throw new Error(
      `skip names no case of the conformance suite: ${unknown.map((n) => `"${n}"`).join(", ")}`,
    );
  const unexplained = Object.entries(skip).filter(([, reason]) => reason.trim() === "");
  if (unexplained.length > 0)
    throw new Error(`skip gives no reason for: ${unexplained.map(([n]) => `"${n}"`).join(", ")}`);
}

interface Session {
  harness: ConformanceHarness;
  opened: Set<ModelBackend>;
}

/** Registers the conformance cases for one backend as a node:test `describe` block. */
export function runBackendConformance(
  name: string,
  makeHarness: () => Promise<ConformanceHarness>,
  options: ConformanceOptions = {},
): void {
  const skip = options.skip ?? {};
  checkExceptions(skip);
  const timeoutMs = options.timeoutMs ?? 30_000;
  let shared: Promise<Session> | undefined;

  async function openSession(): Promise<Session> {
    const harness = await makeHarness();
    return { harness, opened: new Set<ModelBackend>([harness.backend]) };
  }

  async function closeSession(session: Session): Promise<void> {
    for (const backend of session.opened) await backend.close();
    await session.harness.dispose?.();
  }

  /** Runs `body` with a harness (fresh per case unless shared), closing what it opened. */
  async function withHarness(body: (context: CaseContext) => Promise<void>): Promise<void> {
    if (options.shareHarness) shared ??= openSession();
    const session = options.shareHarness ? await shared! : await openSession();
    const { harness } = session;
    const request: GenerateRequest = {
      messages: [
        { role: "system", content: "You are a helpful assistant." },
        { role: "user", content: "What is the weather in Paris?" },
      ],
      tools: [conformanceWeatherTool],
      sampleId: "conformance",
      ...harness.request,
    };
    const script = async (replies: ScriptedReply[]): Promise<ModelBackend> => {
      assert.ok(harness.script !== undefined, "harness cannot script output");
      const backend = await harness.script(replies);
      session.opened.add(backend);
      return backend;
    };
    try {
      await body({ harness, backend: harness.backend, request, script, timeoutMs });
    } finally {
      if (!options.shareHarness) await closeSession(session);
    }
  }

  describe(`${name}: ModelBackend conformance`, () => {
    after(async () => {
      if (shared !== undefined) await closeSession(await shared);
    });
    for (const item of conformanceCases) {
      const reason = skip[item.name];
      it(item.name, { timeout: timeoutMs, ...(reason === undefined ? {} : { skip: reason }) }, () =>
        withHarness(async (context) => {
          const excuse = "state the exception in the suite call's skip, with a reason";
          if (item.needs?.includes("script"))
            assert.ok(
              context.harness.script !== undefined,
              `this backend's output cannot be scripted: ${excuse}`,
            );
          if (item.needs?.includes("stream"))
            assert.ok(context.backend.stream !== undefined, `this backend has no stream(): ${excuse}`);
          await item.run(context);
        }),
      );
    }
  });
}
