/**
 * The assistant tools over MCP (stdio), with the official SDK. Each tool is listed with its JSON
 * Schema as `inputSchema` and annotations from its side-effect class; results are text content
 * (the output as JSON), failures are `isError` results carrying `{"error": {type, message}}`.
 *
 * Every call goes through the same guarded executor as `chat` and `eval`: one executor per
 * server process, so taint from mail, web pages and files read earlier in the session counts.
 * Calls that need confirmation (`external`, `payment`, any side effect in a tainted session):
 * - started with `--yes`: approved (the MCP host is trusted to have asked its user);
 * - else, when the client declared the `elicitation` capability: the server asks the client's
 *   user with a form elicitation showing the exact call; only an accepted `approve: true` runs it;
 * - else: refused with a `needs-confirmation` error.
 * A flag in the call's own arguments or `_meta` is never taken as a confirmation: whatever
 * the model writes would carry it, a hijacked model included.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ElicitResultSchema,
  ListToolsRequestSchema,
  type Tool as McpTool,
} from "@modelcontextprotocol/sdk/types.js";
import type { ConfirmationRequest } from "../guards/confirmation-ledger.js";
import { createGuardedExecutor, type GuardedExecutor } from "../guards/guarded-executor.js";
import { outputMayTaint, type Tool, type ToolContext } from "../tools/tool.js";
import type { ToolOutcome } from "../tools/tool-executor.js";
import type { ToolRegistry } from "../tools/tool-registry.js";

/** Options of {@link createToolMcpServer}. */
export interface ToolMcpServerOptions {
  registry: ToolRegistry;
  /** Approve every confirmation (`edgecall mcp serve --yes`). Default false. */
  approveAll?: boolean;
  context?: ToolContext;
  /** Server name and version announced to clients. */
  name?: string;
  version?: string;
}

/**
 * MCP annotations implied by a tool's side-effect class. `destructiveHint` is false only for a
 * read, or for a side effect the tool declares `additiveOnly` (the spec's "only additive updates");
 * any other side effect may be destructive.
 */
export function annotationsFor(tool: Tool): NonNullable<McpTool["annotations"]> {
  const readOnly = tool.sideEffect === "read";
  return {
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && tool.additiveOnly !== true,
    // Reaches others (mail, payments), or only reads but what it reads is the world's text.
    openWorldHint:
      tool.sideEffect === "external" || tool.sideEffect === "payment" || (readOnly && outputMayTaint(tool)),
  };
}

/** The MCP listing of one tool. */
export function mcpToolFor(tool: Tool): McpTool {
  const { name, description, parameters } = tool.definition;
  return {
    name,
    ...(description === undefined ? {} : { description }),
    inputSchema: { type: "object", ...parameters } as McpTool["inputSchema"],
    annotations: annotationsFor(tool),
  };
}

/** An executor outcome as an MCP tool result. */
export function mcpResultFor(outcome: ToolOutcome, hint?: string): CallToolResult {
  if (outcome.ok) return { content: [{ type: "text", text: JSON.stringify(outcome.output) ?? "null" }] };
  const message =
    outcome.error.type === "needs-confirmation" && hint
      ? `${outcome.error.message}; ${hint}`
      : outcome.error.message;
  return {
    content: [{ type: "text", text: JSON.stringify({ error: { type: outcome.error.type, message } }) }],
    isError: true,
  };
}

const refusalHint =
  "restart the server with --yes, or use an MCP client that supports elicitation so that its user can confirm";

/** An MCP server with a way to wait for the calls it is running. */
export type ToolMcpServer = McpServer & {
  /** Resolves once every call in flight has finished. */
  settle(): Promise<void>;
};

/** An MCP server (not yet connected) serving `registry`'s tools through the guards. */
export function createToolMcpServer(options: ToolMcpServerOptions): ToolMcpServer {
  const mcp = new McpServer(
    { name: options.name ?? "edgecall-assistant", version: options.version ?? "0.1.0" },
    { capabilities: { tools: {} } },
  );
  const server = mcp.server;

  const elicitationSupported = (): boolean => server.getClientCapabilities()?.elicitation !== undefined;

  async function askClient(request: ConfirmationRequest): Promise<boolean> {
    const result = await server.request(
      {
        method: "elicitation/create",
        params: {
          message: `edgecall asks before running this call:\n${request.summary}`,
          requestedSchema: {
            type: "object",
            properties: { approve: { type: "boolean", title: "Run this call?", default: false } },
            required: ["approve"],
          },
        },
      },
      ElicitResultSchema,
    );
    return result.action === "accept" && result.content?.approve === true;
  }

  const inFlight = new Set<Promise<ToolOutcome>>();
  let executor: GuardedExecutor | undefined;
  // Made on first use: the client's capabilities are known only after initialisation.
  const session = (): GuardedExecutor => {
    executor ??= createGuardedExecutor({
      registry: options.registry,
      ...(options.context === undefined ? {} : { context: options.context }),
      ...(options.approveAll
        ? { policy: "approve" as const }
        : elicitationSupported()
          ? { confirm: askClient }
          : {}),
    });
    return executor;
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: options.registry.list().map(mcpToolFor),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const call = { name: request.params.name, arguments: request.params.arguments ?? {} };
    const running = session().execute(call, { signal: extra.signal });
    inFlight.add(running);
    try {
      return mcpResultFor(await running, refusalHint);
    } finally {
      inFlight.delete(running);
    }
  });
  return Object.assign(mcp, { settle: () => Promise.allSettled([...inFlight]).then(() => undefined) });
}

/** Serves `registry` over stdin/stdout until stdin ends; resolves then. */
export async function serveToolsOverStdio(options: ToolMcpServerOptions): Promise<void> {
  const mcp = createToolMcpServer(options);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    // At the end of input, answer the calls still running, then close.
    process.stdin.once("end", () => {
      void mcp
        .settle()
        .then(() => new Promise((resolve) => setImmediate(resolve))) // let the last answers be written
        .then(() => mcp.close());
    });
  });
  await mcp.connect(transport);
  await closed;
}
