/**
 * A suite run over a fleet of two OpenAI-compatible servers (`openai:URL1,URL2#MODEL`), one of them
 * killed midway: no sample is lost, none ends in a harness error, and run.json counts per server.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { startFakeOpenAIServer } from "../src/backend/fleet/fake-openai-server.test-support.js";
import type { ServerStats } from "../src/backend/model-backend.js";
import { runEvalSession } from "../src/eval/eval-session.js";
import { defaultSuiteCatalog } from "../src/suites/default-catalog.js";

describe("eval over a fleet", () => {
  it("loses no sample when one of two servers is killed midway", async () => {
    const steady = await startFakeOpenAIServer({ delayMs: 15 });
    const doomed = await startFakeOpenAIServer({ delayMs: 15 });
    const scratch = mkdtempSync(join(tmpdir(), "edgecall-fleet-"));
    // Kill the second server once it has answered a few calls, with more of its calls in flight.
    const killer = setInterval(() => {
      if (doomed.answered >= 3) {
        clearInterval(killer);
        void doomed.kill();
      }
    }, 2);
    try {
      const outcome = await runEvalSession({
        catalog: defaultSuiteCatalog(),
        model: `openai:${steady.baseUrl},${doomed.baseUrl}#fake`,
        suites: "assistant:single",
        limit: 16,
        concurrency: 4,
        progress: false,
        cache: false,
        out: join(scratch, "runs"),
        idleTimeoutMs: 5_000,
      });
      assert.equal(outcome.results.length, outcome.summary.planned);
      assert.ok(outcome.results.length >= 16, `planned ${outcome.results.length}`);
      const errors = outcome.results.filter((result) => result.error !== null);
      assert.deepEqual(
        errors.map((result) => `${result.id}: ${result.error?.message}`),
        [],
        "no harness errors",
      );
      const record = JSON.parse(readFileSync(join(outcome.runDirectory, "run.json"), "utf8")) as {
        sessions: { backend?: { servers?: ServerStats[] } }[];
        model: { identity: string };
      };
      assert.equal(record.model.identity, `openai:${steady.baseUrl},${doomed.baseUrl}#fake`);
      const servers = record.sessions.at(-1)?.backend?.servers ?? [];
      assert.deepEqual(
        servers.map((server) => server.url),
        [steady.baseUrl, doomed.baseUrl],
      );
      const [first, second] = servers;
      assert.ok(first !== undefined && second !== undefined);
      assert.ok(second.succeeded >= 3, "the second server served calls before it died");
      assert.ok(second.failed >= 1, "calls failed on the killed server");
      assert.equal(second.removed, 1);
      assert.equal(second.inRotation, false);
      assert.equal(first.failed, 0);
      // Every model call was answered once by one of them: the failed ones went to the first.
      assert.equal(first.succeeded + second.succeeded, first.requests + second.requests - second.failed);
      assert.equal(first.succeeded, steady.answered);
    } finally {
      clearInterval(killer);
      await steady.close();
      await doomed.close();
    }
  });
});
