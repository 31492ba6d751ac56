/**
 * Tools from an external MCP server (`--mcp` of chat, run and eval): a command line is started as
 * a child process over stdio (with the MCP SDK's minimal environment plus what `--mcp-env` names,
 * see server-environment.ts), an `http://` or `https://` URL is reached over Streamable HTTP (with
 * `--mcp-header` headers, e.g. for auth). Its tools are listed and each becomes a {@link Tool}
 * that the guarded executor runs like any other.
 *
 * Side-effect class: from all the tool's annotations (annotation-side-effect.ts): read-only is
 * `read`, a closed world is a local `write`, anything else `external`. Outputs, errors (`isError`
 * results) and the definitions themselves are third-party text: no MCP tool declares
 * `trustedOutput`, so every result and error taints the session, and each tool is marked
 * `thirdPartyDefinition`, so a session offering one is tainted from its start (its description
 * is in every prompt). There is no way to declare a server trusted: even the user's own local
 * server relays what it reads. Every MCP tool `reachesOutside`, whatever its annotations and
 * transport (a stdio server the user started can open connections too): a call carrying private
 * data the session read needs a decision (src/guards/outbound-data.ts), read-only or not. Results
 * are private data (no `publicOutput`). Non-text results keep their data (tool-result-value.ts).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult, Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { errorMessage } from "../error-message.js";
import { EdgecallError } from "../errors.js";
import { compileJsonSchema } from "../json-schema/schema-compiler.js";
import { linearSchemaValidator } from "../json-schema/sdk-schema-validator.js";
import { type Tool, ToolError } from "../tools/tool.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import { sideEffectFromAnnotations } from "./annotation-side-effect.js";
import { splitCommandLine } from "./command-line.js";
import { mcpServerEnvironment } from "./server-environment.js";
import { toolResultValue } from "./tool-result-value.js";

/** Tools of one connected MCP server. */
export interface McpToolSource {
  /** The name the server announced, else its program name. */
  serverName: string;
  commandLine: string;
  tools: Tool[];
  /** Stops the server. Idempotent. */
  close(): Promise<void>;
}

/** Options of {@link connectMcpTools}. */
export interface ConnectMcpOptions {
  /**
   * The environment of stdio servers. Default: the MCP SDK's minimal one plus {@link envSpecs}
   * (server-environment.ts).
   */
  env?: Record<string, string>;
  /** `--mcp-env` values (KEY=VALUE sets, a bare KEY passes the user's value on), used when `env` is unset. */
  envSpecs?: readonly string[];
  /** Headers sent to Streamable HTTP servers (`--mcp-header "Name: value"`), e.g. Authorization. */
  headers?: Record<string, string>;
  cwd?: string;
  /** The server's stderr: shown (`inherit`, default) or dropped (`ignore`). */
  stderr?: "inherit" | "ignore";
  /** Longest a call may take, in ms. Default 60 s. */
  callTimeoutMs?: number;
}

function errorText(result: CallToolResult): string {
  const texts = (result.content ?? []).flatMap((block) => (block.type === "text" ? [block.text] : []));
  return texts.join("\n").trim() || "the MCP server reported an error";
}

/** One MCP tool as an edgecall Tool calling through `client`. */
export function toolFromMcp(client: Client, listed: McpTool, callTimeoutMs: number): Tool {
  return {
    definition: {
      name: listed.name,
      ...(listed.description === undefined ? {} : { description: listed.description }),
      parameters: listed.inputSchema as Record<string, unknown>,
    },
    sideEffect: sideEffectFromAnnotations(listed.annotations),
    reachesOutside: true,
    thirdPartyDefinition: true,
    async execute(input, context) {
      const result = (await client.callTool({ name: listed.name, arguments: input }, undefined, {
        timeout: callTimeoutMs,
        ...(context.signal === undefined ? {} : { signal: context.signal }),
      })) as CallToolResult;
      if (result.isError === true) throw new ToolError("execution", errorText(result));
      return toolResultValue(result);
    },
  };
}

/** True when an `--mcp` value is a Streamable HTTP server's URL rather than a command line. */
export function isMcpUrl(target: string): boolean {
  return /^https?:\/\//i.test(target.trim());
}

/** The transport for an `--mcp` value, and the name to fall back on. */
function transportFor(
  target: string,
  options: ConnectMcpOptions,
): { transport: Transport; fallbackName: string } {
  if (isMcpUrl(target)) {
    let url: URL;
    try {
      url = new URL(target.trim());
    } catch {
      throw new EdgecallError("usage", `--mcp ${target}: not a valid URL`, { subject: "--mcp" });
    }
    const headers = options.headers ?? {};
    return {
      transport: new StreamableHTTPClientTransport(
        url,
        Object.keys(headers).length === 0 ? {} : { requestInit: { headers } },
      ),
      fallbackName: url.host,
    };
  }
  const [command, ...args] = splitCommandLine(target);
  return {
    transport: new StdioClientTransport({
      command: command as string,
      args,
      env: options.env ?? mcpServerEnvironment(options.envSpecs ?? []),
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      stderr: options.stderr ?? "inherit",
    }),
    fallbackName: command as string,
  };
}

/**
 * Connects to the server `commandLine` names (a command line to start, or an http(s) URL) and
 * lists its tools. Throws `invalid-argument` naming it when it cannot be reached or does not speak MCP.
 */
export async function connectMcpTools(
  commandLine: string,
  options: ConnectMcpOptions = {},
): Promise<McpToolSource> {
  const { transport, fallbackName } = transportFor(commandLine, options);
  // Output schemas get their own draft and linear-time patterns (src/json-schema/).
  const client = new Client(
    { name: "edgecall", version: "0.1.0" },
    { jsonSchemaValidator: linearSchemaValidator },
  );
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await client.close().catch(() => undefined);
  };
  try {
    await client.connect(transport);
    const listed: McpTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      listed.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    const callTimeoutMs = options.callTimeoutMs ?? 60_000;
    return {
      serverName: client.getServerVersion()?.name ?? fallbackName,
      commandLine,
      tools: listed.map((tool) => toolFromMcp(client, tool, callTimeoutMs)),
      close,
    };
  } catch (error) {
    await close();
    const reason = errorMessage(error);
    throw new EdgecallError(
      "invalid-argument",
      `--mcp "${commandLine}": could not ${isMcpUrl(commandLine) ? "connect" : "start"} or list tools: ${reason}`,
      {
        subject: "--mcp",
        cause: error,
      },
    );
  }
}

/**
 * Adds a source's tools to `registry`. A tool whose name is taken or not legal is left out and
 * reported, so one odd server cannot hide or replace another tool; so is one whose input schema
 * cannot compile (src/json-schema/: an unknown draft, a pattern RE2 cannot run), which is never
 * offered rather than telling the model its arguments are wrong.
 */
export function registerMcpTools(
  registry: ToolRegistry,
  source: McpToolSource,
): { added: string[]; skipped: { name: string; reason: string }[] } {
  const added: string[] = [];
  const skipped: { name: string; reason: string }[] = [];
  for (const tool of source.tools) {
    const name = tool.definition.name;
    if (registry.has(name)) {
      skipped.push({ name, reason: "a tool with this name already exists" });
      continue;
    }
    const schema = compileJsonSchema(tool.definition.parameters ?? {});
    if (!schema.ok) {
      skipped.push({ name, reason: `its input schema cannot be used: ${schema.message}` });
      continue;
    }
    try {
      registry.register(tool);
      added.push(name);
    } catch (error) {
      skipped.push({ name, reason: errorMessage(error) });
    }
  }
  return { added, skipped };
}
