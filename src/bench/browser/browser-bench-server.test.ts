/**
 * The `bench --browser` server without a browser: the token is required, the Host guard of
 * `serve` applies, every response (refusals too) carries the cross-origin isolation headers,
 * bodies are bounded and validated, a second results body is refused, and the model is served.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { rawHttpRequest } from "../../http/raw-http-request.test-support.js";
import { type BrowserBenchServer, startBrowserBenchServer } from "./browser-bench-server.js";
import { maxResultsBodyBytes } from "./browser-results.js";
import { wllamaAssets } from "./wllama-assets.js";

const token = "test-token-0123456789";

const validResults = {
  ok: true,
  device: { userAgent: "Test/1.0", cores: 4, crossOriginIsolated: true, threadsAvailable: true, simd: true },
  llamaCppVersion: "b1-test",
  downloadMs: 5,
  loadMs: 20,
  tests: [{ kind: "pp", tokens: 16, threads: 4, runs: [{ ms: 10, llamaMs: 9 }] }],
  memory: null,
  battery: null,
};

describe("bench --browser server", () => {
  let folder = "";
  let server: BrowserBenchServer;
  let base = "";
  const statuses: string[] = [];
  const json = { "content-type": "application/json" };

  before(async () => {
    folder = mkdtempSync(join(tmpdir(), "edgecall-browser-server-"));
    const model = join(folder, "model.gguf");
    writeFileSync(model, "GGUF-bytes-of-a-model");
    server = await startBrowserBenchServer({
      host: "127.0.0.1",
      port: 0,
      config: { promptTokens: [16] },
      parts: [{ path: model, bytes: 21 }],
      assets: wllamaAssets(),
      onStatus: (message) => statuses.push(message),
      token,
    });
    base = `http://127.0.0.1:${server.port}`;
  });
  after(async () => {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const host = () => ({ host: `127.0.0.1:${server.port}` });

  it("prints a URL with the token on the loopback address", () => {
    assert.deepEqual(server.urls, [`${base}/${token}/`]);
  });

  it("refuses requests without the token or with a wrong one, isolation headers included", async () => {
    for (const path of ["/", "/index.html", "/wrong-token/", `/${token.slice(0, -1)}/config.json`]) {
      const answer = await rawHttpRequest(base, "GET", path, host());
      assert.equal(answer.status, 403, path);
      assert.match(answer.body, /wrong_token/);
      assert.equal(answer.headers["cross-origin-opener-policy"], "same-origin");
      assert.equal(answer.headers["cross-origin-embedder-policy"], "require-corp");
    }
  });

  it("refuses a foreign Host as serve does", async () => {
    const answer = await rawHttpRequest(base, "GET", `/${token}/`, { host: "attacker.example" });
    assert.equal(answer.status, 403);
    assert.match(answer.body, /host_not_allowed/);
  });

  it("serves the page, its script, config, wllama and the model, cross-origin isolated", async () => {
    const page = await rawHttpRequest(base, "GET", `/${token}/`, host());
    assert.equal(page.status, 200);
    assert.match(page.body, /src="page.js"/);
    assert.equal(page.headers["cross-origin-opener-policy"], "same-origin");
    assert.equal(page.headers["cross-origin-embedder-policy"], "require-corp");
    const config = JSON.parse((await rawHttpRequest(base, "GET", `/${token}/config.json`, host())).body);
    assert.deepEqual(config.parts, [{ name: "model.gguf", url: "model/1.gguf", bytes: 21 }]);
    const module = await rawHttpRequest(base, "GET", `/${token}/wllama.js`, host());
    assert.match(module.body, /Wllama,/);
    const wasm = await rawHttpRequest(base, "HEAD", `/${token}/wllama.wasm`, host());
    assert.equal(wasm.headers["content-type"], "application/wasm");
    const model = await rawHttpRequest(base, "GET", `/${token}/model/1.gguf`, host());
    assert.equal(model.body, "GGUF-bytes-of-a-model");
    assert.equal((await rawHttpRequest(base, "GET", `/${token}/model/2.gguf`, host())).status, 404);
  });

  it("refuses an oversize body (413), a non-JSON one (415) and an invalid one (400)", async () => {
    const big = JSON.stringify({ ...validResults, padding: "x".repeat(maxResultsBodyBytes) });
    const oversize = await rawHttpRequest(base, "POST", `/${token}/results`, { ...host(), ...json }, big);
    assert.equal(oversize.status, 413);
    const plain = await rawHttpRequest(
      base,
      "POST",
      `/${token}/results`,
      { ...host(), "content-type": "text/plain" },
      "{}",
    );
    assert.equal(plain.status, 415);
    const invalid = { ...validResults, loadMs: -1 };
    const refused = await rawHttpRequest(
      base,
      "POST",
      `/${token}/results`,
      { ...host(), ...json },
      JSON.stringify(invalid),
    );
    assert.equal(refused.status, 400);
    assert.match(refused.body, /loadMs/);
  });

  it("takes status lines and one results body, then refuses a second", async () => {
    const status = await rawHttpRequest(
      base,
      "POST",
      `/${token}/status`,
      { ...host(), ...json, origin: `http://127.0.0.1:${server.port}` },
      JSON.stringify({ message: "loading" }),
    );
    assert.equal(status.status, 200);
    assert.deepEqual(statuses, ["loading"]);
    const body = JSON.stringify(validResults);
    const first = await rawHttpRequest(base, "POST", `/${token}/results`, { ...host(), ...json }, body);
    assert.equal(first.status, 200);
    const posted = await server.results;
    assert.equal(posted.ok, true);
    const second = await rawHttpRequest(base, "POST", `/${token}/results`, { ...host(), ...json }, body);
    assert.equal(second.status, 409);
  });

  it("refuses a POST from another origin's page", async () => {
    const answer = await rawHttpRequest(
      base,
      "POST",
      `/${token}/status`,
      { ...host(), ...json, origin: "http://attacker.example" },
      JSON.stringify({ message: "x" }),
    );
    assert.equal(answer.status, 403);
    assert.match(answer.body, /origin_not_allowed/);
  });
});
