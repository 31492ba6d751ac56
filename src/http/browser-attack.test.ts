/**
 * The web attack on edgecall's servers, for real: headless Chromium (Debian's `chromium`, driven by
 * playwright-core) opens a page served from another loopback port, which tries cross-site
 * requests against `serve` (with `--record` on) and `mcp serve --http`: a `no-cors` `text/plain`
 * POST (sent without a preflight), a JSON POST (needs a preflight) and a read of the model list.
 * Then a page under a name that resolves to loopback (Chromium's resolver rules stand in for
 * DNS rebinding) reads and posts same-origin. Neither server acts: no model call, no trace line,
 * no MCP session or tool call. Without chromium the test fails in CI (CI=true) and is skipped
 * elsewhere.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type Browser, chromium, type Page } from "playwright-core";
import type { ModelBackend } from "../backend/model-backend.js";
import { createReplayBackend } from "../backend/replay-backend.js";
import { stubToolCallFormat } from "../backend/replay-stub-format.test-support.js";
import { type RunningToolsHttpServer, startToolsHttpServer } from "../mcp/mcp-http-server.js";
import { headlessChromiumArguments } from "../report/headless-chromium.test-support.js";
import { createOpenAIServerApp, type RunningServer, startOpenAIServer } from "../serve/openai-server.js";
import { traceRecordingBackend } from "../serve/trace-recorder.js";
import type { Tool } from "../tools/tool.js";
import { ToolRegistry } from "../tools/tool-registry.js";

const chromiumPath = process.env.EDGECALL_CHROMIUM ?? "/usr/bin/chromium";
const available = existsSync(chromiumPath);
/** A name Chromium resolves to 127.0.0.1 by its own rules: a hostile DNS name after rebinding. */
const rebound = "rebound.test";

if (!available && process.env.CI === "true") {
  it("chromium is installed for the browser tests", () => {
    assert.fail(`chromium not found at ${chromiumPath}: apt-get install -y chromium`);
  });
}

/** The page's script: each attempt's outcome as the page sees it, then `attackDone`. */
function attackScript(attempts: string): string {
  return `<!doctype html><meta charset="utf-8"><title>attack</title><script>
const results = {};
async function attempt(name, run) {
  try {
    const response = await run();
    results[name] = { type: response.type, status: response.status, text: response.type === "opaque" ? "" : await response.text() };
  } catch (error) {
    results[name] = { error: String(error) };
  }
}
const chat = JSON.stringify({ model: "tiny", messages: [{ role: "user", content: "planted by a web page" }] });
const initialize = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "page", version: "0" } } });
const call = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "ping", arguments: {} } });
const mcpAccept = "application/json, text/event-stream";
(async () => {
${attempts}
  window.attackResults = results;
  window.attackDone = true;
})();
</script>`;
}

/** Outcomes the page saw, by attempt. */
type Outcomes = Record<string, { type?: string; status?: number; text?: string; error?: string }>;

describe("a web page against serve and mcp serve --http, in headless Chromium", {
  skip: available ? false : `chromium not found at ${chromiumPath}`,
  timeout: 120_000,
}, () => {
  let scratch = "";
  let trace = "";
  let modelCalls = 0;
  let toolCalls = 0;
  const served: string[] = [];
  let serve: RunningServer;
  let mcp: RunningToolsHttpServer;
  let attacker: Server;
  let attackerUrl = "";
  let browser: Browser;
  /** Every response Chromium got from the two servers: URL, status, whether it named a session. */
  const responses: { url: string; status: number; session: boolean }[] = [];

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "edgecall-browser-attack-"));
    const script = join(scratch, "model.jsonl");
    writeFileSync(
      script,
      `${Array.from({ length: 8 }, () => JSON.stringify({ output: "hello" })).join("\n")}\n`,
    );
    const replay = createReplayBackend({ path: script, format: stubToolCallFormat });
    const counted: ModelBackend = {
      info: replay.info,
      capabilities: replay.capabilities,
      generate: (request, options) => {
        modelCalls += 1;
        return replay.generate(request, options);
      },
      close: () => replay.close(),
    };
    trace = join(scratch, "trace.jsonl");
    const app = createOpenAIServerApp({
      backend: traceRecordingBackend(counted, trace, "tiny"),
      modelName: "tiny",
      log: (line) => served.push(line),
    });
    serve = await startOpenAIServer(app, "127.0.0.1", 0);
    const ping: Tool = {
      definition: { name: "ping", description: "Ping", parameters: { type: "object", properties: {} } },
      sideEffect: "read",
      async execute() {
        toolCalls += 1;
        return { pong: true };
      },
    };
    mcp = await startToolsHttpServer({ registry: new ToolRegistry().register(ping), port: 0 });
    const mcpUrl = mcp.url;
    const page = attackScript(`
  const S = ${JSON.stringify(serve.url)}, M = ${JSON.stringify(mcpUrl)};
  await attempt("serve no-cors text/plain", () => fetch(S + "/v1/chat/completions", { method: "POST", mode: "no-cors", headers: { "Content-Type": "text/plain" }, body: chat }));
  await attempt("serve JSON", () => fetch(S + "/v1/chat/completions", { method: "POST", headers: { "Content-Type": "application/json" }, body: chat }));
  await attempt("serve models", () => fetch(S + "/v1/models"));
  await attempt("mcp no-cors initialize", () => fetch(M, { method: "POST", mode: "no-cors", headers: { "Content-Type": "text/plain", Accept: mcpAccept }, body: initialize }));
  await attempt("mcp no-cors call", () => fetch(M, { method: "POST", mode: "no-cors", headers: { "Content-Type": "text/plain", Accept: mcpAccept }, body: call }));
  await attempt("mcp JSON initialize", () => fetch(M, { method: "POST", headers: { "Content-Type": "application/json", Accept: mcpAccept }, body: initialize }));`);
    attacker = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(page);
    });
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", () => resolve()));
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/attack.html`;
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: [
        ...headlessChromiumArguments,
        `--host-resolver-rules=MAP ${rebound} 127.0.0.1`,
        // Chromium's Local Network Access checks stop a page from a public name reaching loopback;
        // other browsers have none, so they are off here and the servers must refuse on their own.
        "--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests",
      ],
    });
  });

  after(async () => {
    await browser?.close();
    await serve?.close(1000);
    await mcp?.close();
    await new Promise<void>((resolve) => (attacker ? attacker.close(() => resolve()) : resolve()));
    if (scratch !== "") rmSync(scratch, { recursive: true, force: true });
  });

  /** Opens `url` in a fresh page (`html` fulfils it without a server), waits for the attack, returns what it saw. */
  async function attack(url: string, html?: string): Promise<Outcomes> {
    const page: Page = await browser.newPage();
    try {
      page.setDefaultTimeout(20_000);
      const ports = [new URL(serve.url).port, new URL(mcp.url).port];
      page.on("response", (response) => {
        const target = new URL(response.url());
        if (ports.includes(target.port) && response.url() !== url) {
          responses.push({
            url: response.url(),
            status: response.status(),
            session: response.headers()["mcp-session-id"] !== undefined,
          });
        }
      });
      if (html !== undefined)
        await page.route(url, (route) => route.fulfill({ contentType: "text/html", body: html }));
      await page.goto(url);
      await page.waitForFunction("window.attackDone === true");
      return (await page.evaluate("window.attackResults")) as Outcomes;
    } finally {
      await page.close();
    }
  }

  function nothingHappened(): void {
    assert.equal(modelCalls, 0, "the model was called");
    assert.equal(statSync(trace).size, 0, "a trace line was recorded");
    assert.equal(toolCalls, 0, "an MCP tool ran");
    assert.deepEqual(
      responses.filter((response) => response.session || response.status < 400),
      [],
      "a response started a session or succeeded",
    );
  }

  it("a page on another loopback port cannot use the model, plant trace lines, or start an MCP session", async () => {
    const outcomes = await attack(attackerUrl);
    // The no-cors POSTs were sent (their replies are opaque to the page) and refused by the servers.
    assert.equal(outcomes["serve no-cors text/plain"]?.type, "opaque", JSON.stringify(outcomes));
    assert.equal(outcomes["mcp no-cors initialize"]?.type, "opaque", JSON.stringify(outcomes));
    for (const name of ["serve JSON", "serve models", "mcp JSON initialize"]) {
      assert.match(String(outcomes[name]?.error), /TypeError/, `${name}: ${JSON.stringify(outcomes[name])}`);
    }
    assert.ok(
      served.some((line) => /^POST \/v1\/chat\/completions 403 /.test(line)),
      served.join("\n"),
    );
    assert.ok(
      served.some((line) => /^OPTIONS \/v1\/chat\/completions 403 /.test(line)),
      served.join("\n"),
    );
    assert.ok(
      served.some((line) => /^GET \/v1\/models 403 /.test(line)),
      served.join("\n"),
    );
    assert.ok(
      responses.some((response) => response.url === mcp.url && response.status === 403),
      JSON.stringify(responses),
    );
    nothingHappened();
  });

  it("a page under a rebound name cannot read the model list or post same-origin to either server", async () => {
    const serveOrigin = `http://${rebound}:${new URL(serve.url).port}`;
    const fromServe = await attack(
      `${serveOrigin}/attack.html`,
      attackScript(`
  await attempt("models", () => fetch("/v1/models"));
  await attempt("chat", () => fetch("/v1/chat/completions", { method: "POST", headers: { "Content-Type": "application/json" }, body: chat }));`),
    );
    assert.equal(fromServe.models?.status, 403, JSON.stringify(fromServe));
    assert.doesNotMatch(String(fromServe.models?.text), /model\.jsonl|edgecall-browser-attack/);
    assert.equal(fromServe.chat?.status, 403, JSON.stringify(fromServe));
    const mcpOrigin = `http://${rebound}:${new URL(mcp.url).port}`;
    const fromMcp = await attack(
      `${mcpOrigin}/attack.html`,
      attackScript(`
  await attempt("initialize", () => fetch("/mcp", { method: "POST", headers: { "Content-Type": "application/json", Accept: mcpAccept }, body: initialize }));`),
    );
    assert.equal(fromMcp.initialize?.status, 403, JSON.stringify(fromMcp));
    nothingHappened();
  });
});
