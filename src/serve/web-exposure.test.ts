/**
 * `serve` on a loopback socket against what a web page can send: a foreign `Host` (DNS rebinding),
 * a `text/plain` body (a cross-site request without preflight), an `Origin` not given with
 * `--cors`; and what an allowed origin gets (CORS headers, an answered preflight).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { GenerateRequest, ModelBackend } from "../backend/model-backend.js";
import { createReplayBackend } from "../backend/replay-backend.js";
import { stubToolCallFormat } from "../backend/replay-stub-format.test-support.js";
import { rawHttpRequest, rawHttpStatus } from "../http/raw-http-request.test-support.js";
import { createOpenAIServerApp, type RunningServer, startOpenAIServer } from "./openai-server.js";

const directory = mkdtempSync(join(tmpdir(), "edgecall-serve-web-"));
after(() => rmSync(directory, { recursive: true, force: true }));

const chat = JSON.stringify({ messages: [{ role: "user", content: "hi" }] });
const allowed = "http://localhost:5173";

describe("edgecall serve: what a web page can send", () => {
  let server: RunningServer;
  let host = "";
  const calls: GenerateRequest[] = [];
  before(async () => {
    const path = join(directory, "script.jsonl");
    writeFileSync(
      path,
      `${Array.from({ length: 20 }, () => JSON.stringify({ output: "hello" })).join("\n")}\n`,
    );
    const replay = createReplayBackend({ path, format: stubToolCallFormat });
    const backend: ModelBackend = {
      info: replay.info,
      capabilities: replay.capabilities,
      generate: (request, options) => {
        calls.push(request);
        return replay.generate(request, options);
      },
      close: () => replay.close(),
    };
    const app = createOpenAIServerApp({
      backend,
      modelName: "tiny",
      host: "127.0.0.1",
      corsOrigins: [allowed],
      allowedHosts: ["edgecall.test"],
    });
    server = await startOpenAIServer(app, "127.0.0.1", 0);
    host = new URL(server.url).host;
  });
  after(async () => {
    await server.close();
  });

  it("refuses a foreign Host with 403, even with a valid body, and never calls the model", async () => {
    const before = calls.length;
    const posted = await rawHttpRequest(
      server.url,
      "POST",
      "/v1/chat/completions",
      { host: "rebound.example:8080", "content-type": "application/json" },
      chat,
    );
    assert.equal(posted.status, 403, posted.body);
    assert.match(
      posted.body,
      /Host \\"rebound\.example:8080\\" is not an address this server is served under/,
    );
    assert.match(posted.body, /--allowed-hosts/);
    assert.equal(calls.length, before);
    // After DNS rebinding a page could read the model list (local paths): not with that Host.
    const models = await rawHttpRequest(server.url, "GET", "/v1/models", { host: "rebound.example:8080" });
    assert.equal(models.status, 403);
    assert.doesNotMatch(models.body, /script\.jsonl/);
    for (const name of [
      host,
      `localhost:${new URL(server.url).port}`,
      "[::1]",
      "127.0.0.5",
      "edgecall.test:1",
    ]) {
      const ok = await rawHttpRequest(server.url, "GET", "/v1/models", { host: name });
      assert.equal(ok.status, 200, `${name}: ${ok.body}`);
    }
    assert.equal(await rawHttpStatus(server.url, "GET /health HTTP/1.1\r\nHost: \r\n\r\n"), 403);
    assert.equal(await rawHttpStatus(server.url, "GET /health HTTP/1.0\r\n\r\n"), 200);
  });

  it("refuses a body that is not application/json with 415 (a browser sends text/plain without asking)", async () => {
    const before = calls.length;
    for (const type of [
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "application/jsonx",
    ]) {
      const posted = await rawHttpRequest(
        server.url,
        "POST",
        "/v1/chat/completions",
        { host, "content-type": type },
        chat,
      );
      assert.equal(posted.status, 415, `${type}: ${posted.body}`);
      assert.match(posted.body, /application\/json/);
    }
    const missing = await rawHttpRequest(server.url, "POST", "/v1/chat/completions", { host }, chat);
    assert.equal(missing.status, 415, missing.body);
    assert.equal(calls.length, before);
    const charset = await rawHttpRequest(
      server.url,
      "POST",
      "/v1/chat/completions",
      { host, "content-type": "application/json; charset=utf-8" },
      chat,
    );
    assert.equal(charset.status, 200, charset.body);
    assert.equal(calls.length, before + 1);
  });

  it("refuses an Origin not given with --cors, and a request another site's page sends", async () => {
    const before = calls.length;
    const foreign = await rawHttpRequest(
      server.url,
      "POST",
      "/v1/chat/completions",
      { host, "content-type": "application/json", origin: "http://evil.example" },
      chat,
    );
    assert.equal(foreign.status, 403, foreign.body);
    assert.match(foreign.body, /--cors/);
    assert.equal(foreign.headers["access-control-allow-origin"], undefined);
    const preflight = await rawHttpRequest(server.url, "OPTIONS", "/v1/chat/completions", {
      host,
      origin: "http://evil.example",
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type",
    });
    assert.equal(preflight.status, 403);
    assert.equal(preflight.headers["access-control-allow-origin"], undefined);
    const crossSite = await rawHttpRequest(server.url, "GET", "/v1/models", {
      host,
      "sec-fetch-site": "cross-site",
    });
    assert.equal(crossSite.status, 403);
    const typed = await rawHttpRequest(server.url, "GET", "/v1/models", { host, "sec-fetch-site": "none" });
    assert.equal(typed.status, 200);
    assert.equal(calls.length, before);
  });

  it("answers an origin given with --cors: its preflight, and CORS headers on the reply", async () => {
    const preflight = await rawHttpRequest(server.url, "OPTIONS", "/v1/chat/completions", {
      host,
      origin: allowed,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type, authorization",
    });
    assert.equal(preflight.status, 204, preflight.body);
    assert.equal(preflight.headers["access-control-allow-origin"], allowed);
    assert.match(String(preflight.headers["access-control-allow-methods"]), /POST/);
    assert.match(String(preflight.headers["access-control-allow-headers"]), /content-type/i);
    assert.match(String(preflight.headers.vary), /Origin/);
    const posted = await rawHttpRequest(
      server.url,
      "POST",
      "/v1/chat/completions",
      { host, "content-type": "application/json", origin: allowed, "sec-fetch-site": "same-site" },
      chat,
    );
    assert.equal(posted.status, 200, posted.body);
    assert.equal(posted.headers["access-control-allow-origin"], allowed);
    const streamed = await rawHttpRequest(
      server.url,
      "POST",
      "/v1/chat/completions",
      { host, "content-type": "application/json", origin: allowed },
      JSON.stringify({ messages: [{ role: "user", content: "hi" }], stream: true }),
    );
    assert.equal(streamed.status, 200);
    assert.equal(streamed.headers["access-control-allow-origin"], allowed);
    const plain = await rawHttpRequest(server.url, "GET", "/v1/models", { host });
    assert.equal(plain.headers["access-control-allow-origin"], undefined);
  });
});
