/**
 * `edgecall tools list [--json]` and `edgecall tools call NAME --args JSON [--state DIR] [--yes] [--json]`:
 * the assistant tools from the command line, through the same guards as an agent session. A call
 * that needs confirmation asks on the terminal (y/N on stderr), runs with `--yes`, and is refused
 * otherwise. `call --json` prints the CLI contract's `{"ok": true, "output"}` / `{"ok": false, "error"}`.
 */
import { createInterface } from "node:readline/promises";
import { terminalLine, terminalSafe } from "../../text/terminal-safe.js";
import { alignRow } from "../../text/text-table.js";
import { wrapWords } from "../../text/wrap-words.js";
import { callTool, listTools, type ToolListing } from "../tool-calls.js";

/** Parsed options of `edgecall tools list`. */
export interface ToolsListOptions {
  json?: boolean;
}

/** Parsed options of `edgecall tools call`. */
export interface ToolsCallOptions {
  args?: string;
  state?: string;
  yes?: boolean;
  json?: boolean;
}

/** Abbreviations whose period does not end a sentence. */
const abbreviations = /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|cf|approx)\.$/i;

/**
 * The first sentence of a description: up to the first `.`, `!` or `?` followed by a space, outside
 * parentheses and not closing an abbreviation such as "e.g.".
 */
export function firstSentence(text: string): string {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === "(") depth += 1;
    else if (char === ")") depth = Math.max(0, depth - 1);
    else if (
      (char === "." || char === "!" || char === "?") &&
      depth === 0 &&
      /\s/.test(text[index + 1] ?? "") &&
      !abbreviations.test(text.slice(0, index + 1))
    )
      return text.slice(0, index + 1);
  }
  return text.trim();
}

/**
 * The tools as lines: name, side-effect class (`*`: output may hold world data) and the first
 * sentence of the description, wrapped at word boundaries under its column (at most three lines;
 * a longer one ends at a word with `…`).
 */
export function formatToolList(tools: readonly ToolListing[], columns = 100): string[] {
  const nameWidth = Math.max(...tools.map((tool) => tool.name.length));
  // Name and flags padded (flags to 9: "external*"); the description is free text under its column.
  const widths = [nameWidth, 9];
  const indent = nameWidth + 2 + 9 + 2;
  const width = Math.max(30, columns - 1 - indent);
  const lines: string[] = [];
  for (const tool of tools) {
    const flags = `${tool.sideEffect}${tool.untrustedOutput ? "*" : ""}`;
    const [first = "", ...rest] = wrapWords(firstSentence(tool.description), width, { maxLines: 3 });
    lines.push(alignRow([tool.name, flags, first], widths, { align: () => "left", trimEnd: true }));
    for (const line of rest) lines.push(`${" ".repeat(indent)}${line}`);
  }
  lines.push("", "* output or errors may hold data from the world (reading them taints the session)");
  return lines;
}

/** Prints the tools; returns the exit code. */
export async function toolsListCommand(options: ToolsListOptions): Promise<number> {
  const tools = listTools();
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ tools }, null, 2)}\n`);
    return 0;
  }
  const columns = process.stdout.isTTY && (process.stdout.columns ?? 0) > 40 ? process.stdout.columns : 100;
  process.stdout.write(`${formatToolList(tools, columns).join("\n")}\n`);
  return 0;
}

async function askOnTerminal(message: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const shown = message.split("\n").map((line) => terminalSafe(line, { maxLength: 4000 }));
    const answer = await terminal.question(`${shown.join("\n")} [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    terminal.close();
  }
}

/** Runs one call; returns 0 when it succeeded, 1 when it failed. */
export async function toolsCallCommand(name: string, options: ToolsCallOptions): Promise<number> {
  const result = await callTool({
    name,
    ...(options.args === undefined ? {} : { argsJson: options.args }),
    ...(options.state === undefined ? {} : { stateDir: options.state }),
    yes: options.yes === true,
    isTTY: process.stdin.isTTY === true && process.stderr.isTTY === true,
    prompt: askOnTerminal,
  });
  if (options.json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return result.ok ? 0 : 1;
  }
  // Outputs and errors hold world text (mail, pages, file names): escaped for the terminal.
  if (result.ok) {
    const output = typeof result.output === "string" ? result.output : JSON.stringify(result.output, null, 2);
    process.stdout.write(
      `${terminalSafe(output, { multiline: true, maxLength: Number.POSITIVE_INFINITY })}\n`,
    );
    return 0;
  }
  process.stderr.write(
    `edgecall: tools call ${terminalLine(name, 100)}: ${result.error.type}: ${terminalSafe(result.error.message, { maxLength: 4000 })}\n`,
  );
  return 1;
}
