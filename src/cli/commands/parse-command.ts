/**
 * `edgecall parse`: decodes raw model output (stdin) with a tool-call format, to answer
 * "why didn't my model's call parse?". Prints the CLI contract's `parse` JSON shape with `--json`.
 */

import { parseModelOutput } from "../../formats/parse-output.js";
import { getFormat } from "../../formats/registry.js";
import { readToolDefinitionsFile } from "../../tools/tool-definitions-file.js";

/** Parsed options of `edgecall parse`. */
export interface ParseCommandOptions {
  format: string;
  tools?: string;
  json?: boolean;
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY)
    process.stderr.write("edgecall: reading model output from stdin (end with Ctrl-D)\n");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Runs the command; returns the exit code. */
export async function parseCommand(options: ParseCommandOptions): Promise<number> {
  const format = getFormat(options.format);
  const tools = options.tools === undefined ? undefined : readToolDefinitionsFile(options.tools);
  const text = await readStdin();
  const parsed = parseModelOutput(text, format, tools);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(parsed, null, 2)}\n`);
    return 0;
  }
  const lines: string[] = [`format: ${format.name}`];
  if (parsed.reasoning) lines.push(`reasoning: ${parsed.reasoning}`);
  lines.push(`content: ${parsed.content === "" ? "(none)" : parsed.content}`);
  lines.push(`tool calls: ${parsed.toolCalls.length}`);
  for (const call of parsed.toolCalls) lines.push(`  ${call.name}(${JSON.stringify(call.arguments)})`);
  if (parsed.errors.length > 0) {
    lines.push(`errors: ${parsed.errors.length}`);
    for (const error of parsed.errors)
      lines.push(`  ${error.type}: ${error.message}\n    raw: ${JSON.stringify(error.raw)}`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}
