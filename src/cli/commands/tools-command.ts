/**
 * `edgecall tools list [--json]` and `edgecall tools call NAME --args JSON [--state DIR] [--yes] [--json]`:
 * the assistant tools from the command line, through the same guards as an agent session. A call
 * that needs confirmation asks on the terminal (y/N on stderr), runs with `--yes`, and is refused
 * otherwise. `call --json` prints the CLI contract's `{"ok": true, "output"}` / `{"ok": false, "error"}`.
 */
import { createInterface } from "node:readline/promises";
import { terminalLine, terminalSafe } from "../../text/terminal-safe.js";
import { callTool, listTools } from "../tool-calls.js";

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

/** The first sentence of a description, cut to `width` characters. */
function brief(text: string, width: number): string {
  const sentence = text.split(/(?<=\.)\s/)[0] ?? "";
  return sentence.length > width ? `${sentence.slice(0, width - 1)}…` : sentence;
}

/** Prints the tools; returns the exit code. */
export async function toolsListCommand(options: ToolsListOptions): Promise<number> {
  const tools = listTools();
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ tools }, null, 2)}\n`);
    return 0;
  }
  const nameWidth = Math.max(...tools.map((tool) => tool.name.length));
  const lines = tools.map((tool) => {
    const flags = `${tool.sideEffect}${tool.untrustedOutput ? "*" : ""}`;
    return `${tool.name.padEnd(nameWidth)}  ${flags.padEnd(9)}  ${brief(tool.description, 70)}`;
  });
  lines.push("", "* output or errors may hold data from the world (reading them taints the session)");
  process.stdout.write(`${lines.join("\n")}\n`);
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
