import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { describe, it } from "node:test";
import { sseEvents, startFixtureServer } from "../../backend/openai/fixture-server.test-support.js";
import { serveCommand } from "../../cli/commands/serve-command.js";
import type { EnergyMeter } from "../energy/energy-counters.js";
import { runServerBench } from "./run-server-bench.js";
import { parseServerBenchOptions } from "./server-bench-options.js";
import { formatServerBenchReport } from "./server-bench-table.js";

/** A meter that counts 1 J more at every read. */
function countingMeter(): EnergyMeter {
  let reads = 0;
  return {
    source: "rapl",
    label: "RAPL package-0",
    sample: () => {
      reads += 1;
      return { atMs: reads * 1000, values: [reads * 1e6] };
    },
    between: (before, after) => ({
      joules: ((after.values[0] ?? 0) - (before.values[0] ?? 0)) / 1e6,
      seconds: (after.atMs - before.atMs) / 1000,
    }),
  };
}

/** Runs `edgecall serve --model demo` on a free loopback port while `body` runs against its URL. */
async function withDemoServe<T>(body: (url: string) => Promise<T>): Promise<T> {
  const stop = new AbortController();
  let outcome: Promise<T> | undefined;
  const code = await serveCommand(
    { model: "demo", gpu: "off", host: "127.0.0.1", port: 0 },
    {
      stderr: new PassThrough(),
      stop: stop.signal,
      onListening: (url) => {
        outcome = body(url).finally(() => stop.abort());
      },
    },
  );
  assert.equal(code, 0);
  assert.ok(outcome);
  return outcome;
}

describe("bench against a server", () => {
  it("measures edgecall serve --model demo: prefill, decode and TTFT from the server's own timing", async () => {
    const report = await withDemoServe((url) =>
      runServerBench(
        parseServerBenchOptions({
          model: `openai:${url}/v1#demo`,
          promptTokens: "24",
          genTokens: 6,
          repeats: 2,
        }),
        { energy: { meter: countingMeter(), unavailable: [] } },
      ),
    );
    const json = JSON.parse(JSON.stringify(report));
    assert.equal(json.loadMs, null);
    assert.equal(json.peakRssBytes, null);
    assert.match(json.load.note, /not available/);
    assert.deepEqual(
      json.backend.server.models.map((model: { id: string }) => model.id),
      ["demo"],
    );
    assert.deepEqual(
      json.results.map((result: { test: string; timingSource: string }) => [
        result.test,
        result.timingSource,
      ]),
      [
        ["pp24", "server"],
        ["tg6", "server"],
      ],
    );
    const [pp, tg] = json.results;
    assert.equal(pp.runs.length, 2);
    for (const result of json.results) {
      assert.ok(result.tokensPerSecond.min > 0 && result.tokensPerSecond.min <= result.tokensPerSecond.max);
      for (const run of result.runs) {
        assert.ok(run.serverMs > 0 && run.serverMs <= run.ms, JSON.stringify(run));
        assert.ok(run.networkMs >= 0 && run.networkMs <= run.ms, JSON.stringify(run));
        assert.ok(Math.abs(run.tokensPerSecond / ((run.tokens * 1000) / run.serverMs) - 1) < 0.01);
      }
    }
    // The prompt was sized from the server's count: within a few tokens of 24, the same every run.
    assert.ok(Math.abs(pp.runs[0].tokens - 24) <= 3, `prompt tokens ${pp.runs[0].tokens}`);
    assert.equal(pp.runs[0].tokens, pp.runs[1].tokens);
    assert.ok(pp.firstTokenMs.median > 0);
    assert.equal(tg.runs[0].generated, 6);
    assert.ok(json.network.roundTripMs.median > 0);
    // Energy on this machine (the server is local): 1 J per read, read twice around each test.
    assert.equal(json.energy.source, "rapl");
    assert.equal(pp.energy.joules, 1);
    assert.equal(pp.energy.joulesPerToken, Number((1 / (pp.runs[0].tokens * 2)).toPrecision(4)));
    const table = formatServerBenchReport(report);
    assert.match(table, /\| demo +\| openai-compatible \| +pp24 \| +[\d.]+ ± [\d.]+ \| server +\|/);
    assert.match(table, /^energy \(RAPL package-0, whole machine, an upper bound\): pp24 [\d.]+ mJ\/token/m);
    assert.match(table, /^load, peak RSS: not available/m);
  });

  it("falls back to streamed tokens' arrival where the server sends no timings", async () => {
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const server = await startFixtureServer((received) => {
      if (received.url.endsWith("/models"))
        return { body: { object: "list", data: [{ id: "m\u001b[31m", owned_by: "x".repeat(400) }] } };
      if (received.url.endsWith("/props")) return { status: 404, body: { error: "no" } };
      const maxTokens = Number(received.body?.max_tokens ?? 1);
      const messages = (received.body?.messages ?? []) as { content: string }[];
      const words = String(messages[0]?.content).split(" ");
      const events = [
        ...Array.from({ length: maxTokens }, (_, index) => chunk({ content: `t${index} ` })),
        chunk({}, "length"),
        { choices: [], usage: { prompt_tokens: words.length + 5, completion_tokens: maxTokens } },
      ];
      return { sse: sseEvents(events), pieceBytes: 16 };
    });
    try {
      const report = await runServerBench(
        parseServerBenchOptions({
          model: `openai:${server.baseUrl}#m`,
          promptTokens: "20",
          genTokens: 5,
          repeats: 1,
        }),
        { energy: { meter: undefined, unavailable: ["RAPL: none"] } },
      );
      const [pp, tg] = report.results;
      assert.equal(pp?.timingSource, "stream");
      assert.equal(pp?.runs[0]?.tokens, 20);
      assert.ok(
        Math.abs((pp?.runs[0]?.tokensPerSecond ?? 0) - (20 * 1000) / (pp?.runs[0]?.firstTokenMs ?? 1)) < 1,
      );
      assert.equal(tg?.timingSource, "stream");
      assert.equal(tg?.runs[0]?.generated, 5);
      assert.equal(pp?.networkMs, undefined);
      assert.equal(report.energy.source, null);
      assert.match(report.notes.join("\n"), /stream timing: prefill = prompt tokens ÷ time to first token/);
      // Every prompt starts differently, so no server cache can reuse the last one.
      const firsts = server.requests
        .filter((request) => request.url.endsWith("/chat/completions"))
        .map(
          (request) => ((request.body?.messages ?? []) as { content: string }[])[0]?.content.split(" ")[0],
        );
      assert.equal(new Set(firsts).size, firsts.length);
      // The server's own text is shown escaped and cut.
      const table = formatServerBenchReport(report);
      assert.match(table, /models m\\e\[31m/);
      assert.doesNotMatch(table, /\u001b/);
    } finally {
      await server.close();
    }
  });

  it("says the local counters do not measure a server on another machine", async () => {
    const stream = sseEvents([
      { choices: [{ index: 0, delta: { content: "a" }, finish_reason: "length" }] },
      { choices: [], usage: { prompt_tokens: 40, completion_tokens: 1 } },
    ]);
    const answer = async (input: string | URL | Request): Promise<Response> =>
      String(input).endsWith("/models")
        ? Response.json({ data: [{ id: "m" }] })
        : String(input).endsWith("/props")
          ? new Response("not found", { status: 404 })
          : new Response(stream, { headers: { "content-type": "text/event-stream" } });
    const plan = parseServerBenchOptions({
      model: "openai:http://192.0.2.7:8080/v1#m",
      promptTokens: "32",
      genTokens: 0,
    });
    const report = await runServerBench(plan, { fetch: answer });
    assert.equal(report.energy.source, null);
    assert.match(
      report.energy.source === null ? report.energy.reason : "",
      /another machine \(192\.0\.2\.7\): this machine's counters do not measure it/,
    );
    assert.equal(report.results[0]?.energy.source, null);
  });
});
