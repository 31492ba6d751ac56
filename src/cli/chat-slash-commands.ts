/**
 * The chat's own commands: a line whose first word is `/name` (letters, digits, `-`, `_`) is a
 * command, never a message to the model; `/help` lists them and an unknown one says so. A line
 * such as `/etc/hosts please` (a path) is a message.
 */
import { terminalLine } from "../text/terminal-safe.js";
import { alignRow, columnWidths } from "../text/text-table.js";

/** What a typed line is: a message for the model, the end of the chat, or a handled command with its output. */
export type ChatLine = { kind: "message" } | { kind: "exit" } | { kind: "command"; output: string };

/** What the commands can show. */
export interface ChatCommandContext {
  /** The tools on offer, with one-line descriptions. */
  tools(): readonly { name: string; description?: string }[];
}

const commands: readonly [string, string][] = [
  ["/help", "this list"],
  ["/tools", "the tools the model is offered"],
  ["/exit, /quit", "leave the chat (Ctrl-D too)"],
];

/** Name and description lines, indented two spaces, names padded to the longest (descriptions free text). */
function namedLines(rows: readonly (readonly [string, string])[]): string[] {
  const widths = columnWidths(rows.map(([name]) => [name]));
  return rows.map((row) => `  ${alignRow(row, widths, { align: () => "left" })}`);
}

/** The `/help` text. */
export function chatHelp(): string {
  return [
    "commands:",
    ...namedLines(commands),
    "anything else is a message to the model; Ctrl-C stops a reply",
  ].join("\n");
}

function firstSentence(text: string): string {
  const line = text.split("\n")[0] ?? "";
  const end = line.search(/\.(\s|$)/);
  return end === -1 ? line : line.slice(0, end + 1);
}

/** Reads one typed line (already trimmed). */
export function readChatLine(text: string, context: ChatCommandContext): ChatLine {
  const word = /^\/([A-Za-z0-9_-]+)(?:\s|$)/.exec(text)?.[1];
  if (word === undefined) return { kind: "message" };
  switch (word.toLowerCase()) {
    case "exit":
    case "quit":
      return { kind: "exit" };
    case "help":
      return { kind: "command", output: chatHelp() };
    case "tools": {
      // MCP servers choose their tools' names and descriptions: escaped, bounded.
      const tools = context
        .tools()
        .map(
          (tool) =>
            [terminalLine(tool.name, 100), terminalLine(firstSentence(tool.description ?? ""), 160)] as const,
        );
      return { kind: "command", output: namedLines(tools).join("\n") };
    }
    default:
      return {
        kind: "command",
        output: `unknown command /${terminalLine(word, 40)}; /help lists the commands`,
      };
  }
}
