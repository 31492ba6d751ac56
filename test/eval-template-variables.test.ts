/**
 * `--thinking` and `--date-string` through eval: sent to an `openai:` server as
 * `chat_template_kwargs`, recorded in run.json's settings, reused by a resume, and a resume with
 * other values is refused.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type FixtureServer, startFixtureServer } from "../src/backend/openai/fixture-server.test-support.js";
import { isEdgecallError } from "../src/errors.js";
import { runEvalSession } from "../src/eval/eval-session.js";
import { defaultSuiteCatalog } from "../src/suites/default-catalog.js";

const textStream = [
  'data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":"No."},"finish_reason":null}]}',
  "",
  'data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}',
  "",
  "data: [DONE]",
  "",
  "",
].join("\n");

describe("eval: template variables", () => {
  let server: FixtureServer;
  before(async () => {
    server = await startFixtureServer(() => ({ sse: textStream }));
  });
  after(() => server.close());

  it("sends them, records them in run.json and keeps them on resume", async () => {
    const common = {
      catalog: defaultSuiteCatalog(),
      progress: false as const,
      cache: false,
      out: mkdtempSync(join(tmpdir(), "edgecall-template-vars-")),
    };
    // The first call fails (a harness error), so that a resume has a sample to run again.
    server.enqueue({ status: 400, body: { error: { message: "try later" } } });
    const run = await runEvalSession({
      ...common,
      model: `openai:${server.baseUrl}#m`,
      suites: "assistant:irrelevance",
      limit: 2,
      enableThinking: false,
      dateString: "01 Jan 2030",
    });
    assert.equal(run.results.length, 2);
    for (const request of server.requests.slice(1)) {
      assert.deepEqual(request.body?.chat_template_kwargs, {
        enable_thinking: false,
        date_string: "01 Jan 2030",
      });
      assert.equal(request.body?.stream, true, "eval streams");
      assert.equal(request.body?.temperature, 0);
    }
    const record = JSON.parse(readFileSync(join(run.runDirectory, "run.json"), "utf8")) as {
      settings: { enableThinking: boolean | null; dateString: string | null };
    };
    assert.deepEqual([record.settings.enableThinking, record.settings.dateString], [false, "01 Jan 2030"]);

    const sent = server.requests.length;
    assert.equal(run.results.filter((result) => result.error !== null).length, 1);
    // A resume that names neither reuses the original values, for the model and for the record.
    const resumed = await runEvalSession({ ...common, resume: run.runDirectory, retryErrors: true });
    assert.equal(resumed.results.filter((result) => result.error !== null).length, 0);
    const retry = server.requests.at(-1);
    assert.ok(server.requests.length > sent, "the failed sample ran again");
    assert.deepEqual(retry?.body?.chat_template_kwargs, {
      enable_thinking: false,
      date_string: "01 Jan 2030",
    });
    const afterResume = server.requests.length;
    await assert.rejects(
      runEvalSession({ ...common, resume: run.runDirectory, enableThinking: true }),
      (error: unknown) =>
        isEdgecallError(error, "usage") && /enableThinking: was false, now true/.test(error.message),
    );
    assert.equal(server.requests.length, afterResume, "a refused resume sends nothing");
  });
});
