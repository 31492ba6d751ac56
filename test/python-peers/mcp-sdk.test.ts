/**
 * The MCP Python SDK (pinned in requirements.txt) against `edgecall mcp serve`, the CLI itself:
 * over stdio (the SDK starts it) and over Streamable HTTP (`--http 0` with a bearer token). Per
 * transport mcp-sdk-peer.py initializes, lists the tools, calls `settings_get` and a call with a
 * wrong argument type; the test compares the tools and their annotations with edgecall's own
 * (annotationsFor over the assistant registry). Loopback only; skipped with a line without the
 * peers' Python (python-peers.test-support.ts).
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createAssistantRegistry } from "../../src/assistant/assistant-registry.js";
import { annotationsFor } from "../../src/mcp/mcp-server.js";
import { pythonPeersOrSkip, repositoryRoot, runPeer, scenarioResults } from "./python-peers.test-support.js";

const peers = pythonPeersOrSkip();
const token = "python-peer-token";
const cli = ["--import", "tsx", "src/cli/main.ts", "mcp", "serve", "--state"];

/** Starts `mcp serve --http 0` and resolves its URL from the line it prints on stderr. */
function startHttp(state: string): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(process.execPath, [...cli, state, "--http", "0"], {
    cwd: repositoryRoot,
    env: { ...process.env, EDGECALL_MCP_TOKEN: token },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const url = new Promise<string>((resolve, reject) => {
    let text = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const found = /at (http:\S+\/mcp) \(bearer token required\)/.exec(text);
      if (found?.[1] !== undefined) resolve(found[1]);
    });
    child.once("exit", (code) => reject(new Error(`mcp serve --http exited ${code}: ${text}`)));
  });
  return { child, url };
}

type Listed = { name: string; annotations: Record<string, unknown> | null };

describe("mcp serve with the MCP Python SDK", { skip: peers.skip }, () => {
  const folder = mkdtempSync(join(tmpdir(), "edgecall-mcp-python-"));
  let http: ChildProcess | undefined;
  let results: ReturnType<typeof scenarioResults>;
  const expected = createAssistantRegistry()
    .list()
    .map((tool) => ({ name: tool.definition.name, annotations: annotationsFor(tool) }));

  before(async () => {
    const server = startHttp(join(folder, "http-state"));
    http = server.child;
    const specs = {
      stdio: { command: process.execPath, args: [...cli, join(folder, "stdio-state")], cwd: repositoryRoot },
      http: { url: await server.url, token },
    };
    results = scenarioResults(await runPeer(peers.python, "mcp-sdk-peer.py", [JSON.stringify(specs)]));
  });
  after(async () => {
    if (http && http.exitCode === null) {
      const exited = new Promise((resolve) => http?.once("exit", resolve));
      http.kill("SIGTERM");
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  });

  for (const transport of ["stdio", "http"]) {
    it(`${transport}: every tool listed with edgecall's annotations; a call; a bad call is an error result`, () => {
      const result = results.get(transport);
      assert.ok(result, `${transport}: the script printed no result`);
      assert.equal(result.ok, true, result.error);
      assert.equal(result.server, "edgecall-assistant");
      const listed = result.tools as Listed[];
      assert.deepEqual(
        listed.map((tool) => tool.name),
        expected.map((tool) => tool.name),
      );
      for (const tool of expected) {
        const seen = listed.find((candidate) => candidate.name === tool.name);
        assert.deepEqual(seen?.annotations, tool.annotations, tool.name);
      }
      const byName = new Map(listed.map((tool) => [tool.name, tool.annotations]));
      assert.equal(byName.get("settings_get")?.readOnlyHint, true);
      assert.equal(byName.get("files_delete")?.destructiveHint, true);
      assert.equal(byName.get("email_send")?.openWorldHint, true);
      assert.equal(typeof result.settings, "object");
      assert.match(String(result.bad), /path/);
    });
  }
});
