/**
 * The MCP client's environment for stdio servers, side-effect classes from annotations, result
 * values, and Streamable HTTP both ways: `mcp serve --http` (startToolsHttpServer, in process)
 * reached by the client's `--mcp https://...` path with an auth header.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { DEFAULT_INHERITED_ENV_VARS } from "@modelcontextprotocol/sdk/client/stdio.js";
import { isEdgecallError } from "../errors.js";
import { isLoopbackName } from "../http/host-names.js";
import type { Tool } from "../tools/tool.js";
import { ToolRegistry } from "../tools/tool-registry.js";
import { sideEffectFromAnnotations } from "./annotation-side-effect.js";
import { connectMcpTools, isMcpUrl } from "./mcp-client-tools.js";
import { type RunningToolsHttpServer, startToolsHttpServer } from "./mcp-http-server.js";
import { mcpServerEnvironment } from "./server-environment.js";
import { base64Bytes, toolResultValue } from "./tool-result-value.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const richServer = `"${process.execPath}" --import tsx src/mcp/rich-mcp-server.test-support.ts`;

describe("stdio servers get the SDK's minimal environment, plus what --mcp-env names", () => {
  const base = { PATH: "/bin", HOME: "/home/u", GITHUB_TOKEN: "t0k", OTHER: "x" };

  it("passes only the SDK's safe list by default; KEY=VALUE sets, a bare KEY passes ours through", () => {
    const safe = Object.fromEntries(
      DEFAULT_INHERITED_ENV_VARS.flatMap((key) =>
        key in base ? [[key, base[key as keyof typeof base]]] : [],
      ),
    );
    assert.deepEqual(mcpServerEnvironment([], base), safe);
    assert.equal(mcpServerEnvironment([], base).GITHUB_TOKEN, undefined);
    assert.deepEqual(mcpServerEnvironment(["API_URL=https://x/y=z"], base), {
      ...safe,
      API_URL: "https://x/y=z",
    });
    const passed = mcpServerEnvironment(["GITHUB_TOKEN", "LEVEL=3", "UNSET_HERE"], base);
    assert.equal(passed.GITHUB_TOKEN, "t0k");
    assert.equal(passed.LEVEL, "3");
    assert.equal(passed.OTHER, undefined);
    assert.equal("UNSET_HERE" in passed, false, "a name not set here is not invented");
    for (const key of Object.keys(safe)) assert.ok(key in passed, `${key} stays`);
    assert.equal(mcpServerEnvironment(["PATH=/opt/bin"], base).PATH, "/opt/bin", "a set value wins");
    assert.throws(
      () => mcpServerEnvironment(["1BAD"], base),
      (error) => isEdgecallError(error, "usage") && /--mcp-env 1BAD/.test(error.message),
    );
    assert.throws(
      () => mcpServerEnvironment(["=x"], base),
      (error) => isEdgecallError(error, "usage") && /--mcp-env =x/.test(error.message),
    );
  });

  it("a real stdio server does not see a secret of ours unless --mcp-env names it", async () => {
    process.env.EDGECALL_TEST_SECRET = "s3cret";
    const read = async (specs?: string[]) => {
      const source = await connectMcpTools(richServer, {
        cwd: repoRoot,
        ...(specs === undefined ? {} : { envSpecs: specs }),
      });
      try {
        const tool = source.tools.find((candidate) => candidate.definition.name === "read_env");
        return (await tool?.execute({ name: "EDGECALL_TEST_SECRET" }, {})) as { value: string | null };
      } finally {
        await source.close();
      }
    };
    try {
      assert.deepEqual(await read(), { value: null }, "not passed by default");
      assert.deepEqual(await read(["NODE_OPTIONS"]), { value: null }, "nor when other names are passed");
      assert.deepEqual(await read(["EDGECALL_TEST_SECRET"]), { value: "s3cret" }, "passed through by name");
      assert.deepEqual(await read(["EDGECALL_TEST_SECRET=override"]), { value: "override" });
    } finally {
      delete process.env.EDGECALL_TEST_SECRET;
    }
  });
});

describe("side-effect classes from all annotations", () => {
  it("read-only is read, a closed world is a local write, anything else external", () => {
    assert.equal(sideEffectFromAnnotations({ readOnlyHint: true, openWorldHint: true }), "read");
    assert.equal(sideEffectFromAnnotations({ readOnlyHint: false, openWorldHint: false }), "write");
    assert.equal(sideEffectFromAnnotations({ destructiveHint: true, openWorldHint: false }), "write");
    assert.equal(sideEffectFromAnnotations({ destructiveHint: false }), "external", "open world by default");
    assert.equal(sideEffectFromAnnotations({ openWorldHint: true, destructiveHint: false }), "external");
    assert.equal(sideEffectFromAnnotations(undefined), "external");
  });
});

describe("a stdio server's annotations and non-text results", () => {
  it("a local write (openWorldHint false) is write; an image keeps mime type and size, a link its URI", async () => {
    const source = await connectMcpTools(richServer, { cwd: repoRoot });
    try {
      const byName = new Map(source.tools.map((tool) => [tool.definition.name, tool]));
      assert.equal(byName.get("save_draft")?.sideEffect, "write");
      assert.equal(byName.get("picture")?.sideEffect, "read");
      assert.deepEqual(await byName.get("picture")?.execute({}, {}), [
        { type: "image", mimeType: "image/png", bytes: "not really a png".length },
        {
          type: "resource_link",
          uri: "file:///board/picture.png",
          name: "picture.png",
          mimeType: "image/png",
        },
      ]);
    } finally {
      await source.close();
    }
  });
});

describe("non-text results keep their data", () => {
  it("images and audio by mime type and size; embedded resources by URI and text or size", () => {
    assert.equal(base64Bytes(Buffer.from("abcde").toString("base64")), 5);
    assert.deepEqual(
      toolResultValue({
        content: [
          { type: "audio", data: Buffer.from("12345678").toString("base64"), mimeType: "audio/wav" },
          { type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "hello" } },
          {
            type: "resource",
            resource: { uri: "file:///b.bin", blob: Buffer.from("xyz").toString("base64") },
          },
          { type: "text", text: "done" },
        ],
      }),
      [
        { type: "audio", mimeType: "audio/wav", bytes: 8 },
        { type: "resource", uri: "file:///a.txt", mimeType: "text/plain", text: "hello" },
        { type: "resource", uri: "file:///b.bin", bytes: 3 },
        "done",
      ],
    );
  });
});

describe("Streamable HTTP: mcp serve --http and --mcp https://...", () => {
  const token = "test-token-123";
  const notes: string[] = [];
  const postNote: Tool = {
    definition: {
      name: "notes_post",
      description: "Post a note",
      parameters: { type: "object", properties: { note: { type: "string" } }, required: ["note"] },
    },
    sideEffect: "write",
    async execute(input) {
      notes.push(String(input.note));
      return { posted: notes.length };
    },
  };
  const listNotes: Tool = {
    definition: {
      name: "notes_list",
      description: "List notes",
      parameters: { type: "object", properties: {} },
    },
    sideEffect: "read",
    async execute() {
      return { notes };
    },
  };
  let server: RunningToolsHttpServer;
  before(async () => {
    const registry = new ToolRegistry().register(postNote).register(listNotes);
    server = await startToolsHttpServer({ registry, port: 0, token });
  });
  after(async () => {
    await server.close();
  });

  it("the client connects with an auth header, lists tools with their classes and calls them", async () => {
    assert.ok(isMcpUrl(server.url));
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const source = await connectMcpTools(server.url, { headers: { Authorization: `Bearer ${token}` } });
    try {
      assert.equal(source.serverName, "edgecall-assistant");
      const byName = new Map(source.tools.map((tool) => [tool.definition.name, tool]));
      assert.equal(byName.get("notes_list")?.sideEffect, "read");
      // edgecall's own annotations for a write (closed world) read back as a local write.
      assert.equal(byName.get("notes_post")?.sideEffect, "write");
      assert.deepEqual(await byName.get("notes_post")?.execute({ note: "hi" }, {}), { posted: 1 });
      assert.deepEqual(await byName.get("notes_list")?.execute({}, {}), { notes: ["hi"] });
    } finally {
      await source.close();
    }
  });

  it("refuses a client without the token (401), and a rebinding Host header", async () => {
    await assert.rejects(
      connectMcpTools(server.url),
      (error) => isEdgecallError(error, "invalid-argument") && /could not connect/.test(error.message),
    );
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } },
    };
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const noToken = await fetch(server.url, { method: "POST", headers, body: JSON.stringify(initialize) });
    assert.equal(noToken.status, 401);
    assert.equal(noToken.headers.get("www-authenticate"), "Bearer");
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(server.url);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: "/mcp",
          method: "POST",
          headers: { ...headers, host: "evil.example:80", authorization: `Bearer ${token}` },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify(initialize));
    });
    assert.equal(status, 403);
    const wrongPath = await fetch(server.url.replace("/mcp", "/other"), {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(wrongPath.status, 404);
  });

  it("edgecall mcp serve --http: the CLI serves the assistant tools until SIGTERM", async () => {
    const { spawn } = await import("node:child_process");
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const state = mkdtempSync(join(tmpdir(), "edgecall-mcp-http-"));
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "src/cli/main.ts", "mcp", "serve", "--http", "0", "--state", state],
      {
        cwd: repoRoot,
        env: { ...process.env, EDGECALL_MCP_TOKEN: token },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let text = "";
        child.stderr.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          const found = /at (http:\S+\/mcp) \(bearer token required\)/.exec(text);
          if (found?.[1] !== undefined) resolve(found[1]);
        });
        child.once("exit", (code) => reject(new Error(`exited ${code}: ${text}`)));
      });
      const source = await connectMcpTools(url, { headers: { Authorization: `Bearer ${token}` } });
      assert.ok(
        source.tools.some((tool) => tool.definition.name === "files_read"),
        source.tools.map((t) => t.definition.name).join(),
      );
      await source.close();
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      assert.equal(await exited, 0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(state, { recursive: true, force: true });
    }
  });

  it("will not listen off loopback without a token", async () => {
    assert.equal(isLoopbackName("127.0.0.1"), true);
    assert.equal(isLoopbackName("[::1]"), true);
    assert.equal(isLoopbackName("0.0.0.0"), false);
    await assert.rejects(
      startToolsHttpServer({ registry: new ToolRegistry(), port: 0, host: "0.0.0.0" }),
      (error) => isEdgecallError(error, "usage") && /needs a bearer token/.test(error.message),
    );
  });
});
