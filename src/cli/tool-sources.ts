/**
 * Where the model-facing commands (`run`, `chat`, `eval`) get tools besides their own: the
 * `--mcp "COMMAND ARGS"` servers (started over stdio, their tools listed) and, for `run`, the
 * `--tools` value (a definitions file or `assistant`, the assistant suite's definitions).
 * Servers are connected all or none: when one fails, those already started are closed before the
 * error (an `invalid-argument` EdgecallError naming the command and why) goes on.
 */
import { createAssistantRegistry } from "../assistant/assistant-registry.js";
import { EdgecallError } from "../errors.js";
import {
  type ConnectMcpOptions,
  connectMcpTools,
  type McpToolSource,
  registerMcpTools,
} from "../mcp/mcp-client-tools.js";
import type { ToolDefinition } from "../messages.js";
import { readToolDefinitionsFile } from "../tools/tool-definitions-file.js";
import { ToolRegistry } from "../tools/tool-registry.js";

/** The `--mcp-env` and `--mcp-header` values of a command. */
export interface McpFlags {
  mcpEnv?: string[];
  mcpHeader?: string[];
}

/** Connection options from `--mcp-env` and `--mcp-header` (`Name: value`; throws `usage` on another shape). */
export function mcpConnectOptions(flags: McpFlags): ConnectMcpOptions {
  const headers: Record<string, string> = {};
  for (const header of flags.mcpHeader ?? []) {
    const colon = header.indexOf(":");
    const name = colon < 0 ? "" : header.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      throw new EdgecallError("usage", `--mcp-header ${header}: expected "Name: value"`, {
        subject: "--mcp-header",
      });
    }
    headers[name] = header.slice(colon + 1).trim();
  }
  return {
    ...(flags.mcpEnv === undefined ? {} : { envSpecs: flags.mcpEnv }),
    ...(Object.keys(headers).length === 0 ? {} : { headers }),
  };
}

/** Starts each `--mcp` server in order and lists its tools; on a failure closes the others first. */
export async function connectMcpSources(
  commandLines: readonly string[] | undefined,
  options?: ConnectMcpOptions,
): Promise<McpToolSource[]> {
  const sources: McpToolSource[] = [];
  try {
    for (const commandLine of commandLines ?? []) sources.push(await connectMcpTools(commandLine, options));
    return sources;
  } catch (error) {
    await closeMcpSources(sources);
    throw error;
  }
}

/** Stops every server; never throws (closing is idempotent and best effort). */
export async function closeMcpSources(sources: readonly McpToolSource[]): Promise<void> {
  await Promise.all(sources.map((source) => source.close().catch(() => undefined)));
}

/** The definitions `--tools` names: none, the assistant suite's (`assistant`), or a JSON file's. */
export function toolDefinitionsFor(spec: string | undefined): ToolDefinition[] {
  if (spec === undefined) return [];
  // Listing needs no world: the registry only opens state when a tool runs.
  if (spec === "assistant") return createAssistantRegistry().definitions();
  return readToolDefinitionsFile(spec);
}

/** A tool left out, and why. */
export interface SkippedTool {
  name: string;
  /** Where it came from (an MCP server's name). */
  source: string;
  reason: string;
}

/**
 * The MCP sources' tool definitions, in order. A tool whose name an earlier server already took,
 * or whose name is not legal, is left out and reported (the same rule `chat` applies).
 */
export function mcpDefinitions(sources: readonly McpToolSource[]): {
  tools: ToolDefinition[];
  skipped: SkippedTool[];
  /** The same tools, executable (agent suites run them). */
  registry: ToolRegistry;
} {
  const registry = new ToolRegistry();
  const skipped: SkippedTool[] = [];
  for (const source of sources)
    for (const left of registerMcpTools(registry, source).skipped)
      skipped.push({ ...left, source: source.serverName });
  return { tools: registry.definitions(), skipped, registry };
}

/**
 * `base` followed by the `extra` definitions whose names `base` does not already offer; the
 * names left out are returned, so an extra tool never replaces or duplicates one of `base`.
 */
export function withExtraTools(
  base: readonly ToolDefinition[],
  extra: readonly ToolDefinition[],
): { tools: ToolDefinition[]; clashes: string[] } {
  const taken = new Set(base.map((tool) => tool.name));
  const clashes = extra.filter((tool) => taken.has(tool.name)).map((tool) => tool.name);
  return { tools: [...base, ...extra.filter((tool) => !taken.has(tool.name))], clashes };
}
