/**
 * `edgecall mcp serve --http`'s exposure options: `--allowed-hosts` and `--cors` reach the web
 * guard of the running CLI, and values that are not names or origins are usage errors before the
 * state folder is opened.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { isEdgecallError } from "../../errors.js";
import { rawHttpRequest } from "../../http/raw-http-request.test-support.js";
import { mcpServeCommand } from "./mcp-command.js";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } },
});

describe("edgecall mcp serve --http: exposure options", () => {
  it("refuses values that are not origins or host names, before opening the state folder", async () => {
    const state = join(tmpdir(), "edgecall-never-created");
    await assert.rejects(
      mcpServeCommand({ http: 0, state, cors: ["localhost:5173"] }),
      (error) => isEdgecallError(error, "usage") && error.subject === "--cors",
    );
    await assert.rejects(
      mcpServeCommand({ http: 0, state, allowedHosts: ["box:80"] }),
      (error) => isEdgecallError(error, "usage") && error.subject === "--allowed-hosts",
    );
  });

  it("the CLI answers a name given with --allowed-hosts and an origin given with --cors, and nothing else", async () => {
    const state = mkdtempSync(join(tmpdir(), "edgecall-mcp-exposure-"));
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "src/cli/main.ts",
        "mcp",
        "serve",
        "--http",
        "0",
        "--state",
        state,
        "--allowed-hosts",
        "edgecall.test",
        "--cors",
        "http://localhost:5173",
      ],
      { cwd: repoRoot, stdio: ["ignore", "ignore", "pipe"] },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let text = "";
        child.stderr.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          const found = /at (http:\S+\/mcp)/.exec(text);
          if (found?.[1] !== undefined) resolve(found[1]);
        });
        child.once("exit", (code) => reject(new Error(`exited ${code}: ${text}`)));
      });
      const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
      const named = await rawHttpRequest(
        url,
        "POST",
        "/mcp",
        { ...headers, host: "edgecall.test" },
        initialize,
      );
      assert.equal(named.status, 200, named.body);
      const other = await rawHttpRequest(url, "POST", "/mcp", { ...headers, host: "other.test" }, initialize);
      assert.equal(other.status, 403);
      const host = new URL(url).host;
      const page = await rawHttpRequest(
        url,
        "POST",
        "/mcp",
        { ...headers, host, origin: "http://localhost:5173" },
        initialize,
      );
      assert.equal(page.status, 200, page.body);
      assert.equal(page.headers["access-control-allow-origin"], "http://localhost:5173");
      const foreign = await rawHttpRequest(
        url,
        "POST",
        "/mcp",
        { ...headers, host, origin: "http://x.test" },
        initialize,
      );
      assert.equal(foreign.status, 403);
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(state, { recursive: true, force: true });
    }
  });
});
