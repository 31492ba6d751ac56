/**
 * A name-keyed set of tools. The agent loop, the CLI and the MCP server all read tools from a
 * registry; a filtered view restricts a task to an allow-list without copying the tools.
 */
import { EdgecallError } from "../errors.js";
import type { ToolDefinition } from "../messages.js";
import type { Tool } from "./tool.js";

const toolNamePattern = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/** Holds tools by name, in registration order. */
export class ToolRegistry {
  private readonly tools = new Map<string, Tool>();

  /** Adds a tool. Throws `invalid-tools` on a duplicate or an illegal name. */
  register<Input>(tool: Tool<Input>): this {
    const name = tool.definition.name;
    if (!toolNamePattern.test(name)) {
      throw new EdgecallError(
        "invalid-tools",
        `tool name '${name}' must be 1-64 letters, digits, '_', '.' or '-'`,
        {
          subject: name,
        },
      );
    }
    if (this.tools.has(name)) {
      throw new EdgecallError("invalid-tools", `tool '${name}' is registered twice`, { subject: name });
    }
    this.tools.set(name, tool as unknown as Tool);
    return this;
  }

  /** The tool with this exact name, if any. */
  get(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  /** True when a tool with this exact name is registered. */
  has(name: string): boolean {
    return this.tools.has(name);
  }

  /** All tools, in registration order. */
  list(): Tool[] {
    return [...this.tools.values()];
  }

  /** All tool names, in registration order. */
  names(): string[] {
    return [...this.tools.keys()];
  }

  /** The definitions offered to a model. */
  definitions(): ToolDefinition[] {
    return this.list().map((tool) => tool.definition);
  }

  /**
   * A new registry holding only the named tools (same tool objects). Names not registered are
   * an error, so a typo in a task's allow-list fails loudly instead of silently removing a tool.
   */
  filtered(allowList: Iterable<string>): ToolRegistry {
    const view = new ToolRegistry();
    const wanted = new Set(allowList);
    for (const name of wanted) {
      if (!this.tools.has(name)) {
        throw new EdgecallError("invalid-tools", `allow-list names an unknown tool '${name}'`, {
          subject: name,
        });
      }
    }
    for (const tool of this.tools.values()) if (wanted.has(tool.definition.name)) view.register(tool);
    return view;
  }
}
