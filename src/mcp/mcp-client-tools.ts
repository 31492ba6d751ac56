/**
 * Tools from an external MCP server (`--mcp "COMMAND ARGS"` of chat, run and eval): the server
 * is started as a child process over stdio with the official SDK client, its tools are listed
 * and each becomes a {@link Tool} that the guarded executor runs like any other.
 *
 * Side-effect class: `read` when the server annotates the tool `readOnlyHint: true`, else
 * `external` (an unknown server may do anything, so its calls need confirmation). Outputs are
 * third-party content, so every MCP tool's output is untrusted and taints the session.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult, Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { errorMessage } from "../error-message.js";
import { EdgecallError } from "../errors.js";
import { type Tool, ToolError } from "../tools/tool.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import { splitCommandLine } from "./command-line.js";

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
  /** Extra environment for the server (added to the SDK's safe default environment). */
  env?: Record<string, string>;
  cwd?: string;
  /** The server's stderr: shown (`inherit`, default) or dropped (`ignore`). */
  stderr?: "inherit" | "ignore";
  /** Longest a call may take, in ms. Default 60 s. */
  callTimeoutMs?: number;
}

/** Content blocks as one value: the single text block (as JSON when it parses), else the blocks. */
function contentValue(result: CallToolResult): unknown {
  if (result.structuredContent !== undefined) return result.structuredContent;
  const blocks = result.content ?? [];
  if (blocks.length === 1 && blocks[0]?.type === "text") {
    const text = blocks[0].text;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return blocks.map((block) => (block.type === "text" ? block.text : { type: block.type }));
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
    sideEffect: listed.annotations?.readOnlyHint === true ? "read" : "external",
    untrustedOutput: true,
    async execute(input, context) {
      const result = (await client.callTool({ name: listed.name, arguments: input }, undefined, {
        timeout: callTimeoutMs,
        ...(context.signal === undefined ? {} : { signal: context.signal }),
      })) as CallToolResult;
      if (result.isError === true) throw new ToolError("execution", errorText(result));
      return contentValue(result);
    },
  };
}

/**
 * Starts the server `commandLine` names and lists its tools. Throws `invalid-argument` naming the
 * command when it cannot be started or does not speak MCP.
 */
export async function connectMcpTools(
  commandLine: string,
  options: ConnectMcpOptions = {},
): Promise<McpToolSource> {
  const [command, ...args] = splitCommandLine(commandLine);
  const transport = new StdioClientTransport({
    command: command as string,
    args,
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    stderr: options.stderr ?? "inherit",
  });
  const client = new Client({ name: "edgecall", version: "0.1.0" });
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
      serverName: client.getServerVersion()?.name ?? command ?? commandLine,
      commandLine,
      tools: listed.map((tool) => toolFromMcp(client, tool, callTimeoutMs)),
      close,
    };
  } catch (error) {
    await close();
    const reason = errorMessage(error);
    throw new EdgecallError(
      "invalid-argument",
      `--mcp "${commandLine}": could not start or list tools: ${reason}`,
      {
        subject: "--mcp",
        cause: error,
      },
    );
  }
}

/**
 * Adds a source's tools to `registry`. A tool whose name is taken or not legal is left out and
 * reported, so one odd server cannot hide or replace another tool.
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
    try {
      registry.register(tool);
      added.push(name);
    } catch (error) {
      skipped.push({ name, reason: errorMessage(error) });
    }
  }
  return { added, skipped };
}
