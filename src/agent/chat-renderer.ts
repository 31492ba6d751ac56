/**
 * How `edgecall chat` shows a turn: the model's text as it streams, each tool call and its result
 * on one line (truncated), and why a turn stopped when it did not end with an answer. Streamed
 * text is shown up to the first character that may open call markup (`<`, `[`, `{`); the rest is
 * held until the step ends, then shown if the step made no calls, so raw call markup does not
 * clutter the terminal. A step that streamed nothing shows its visible text at its end. Every
 * piece of text is escaped for the terminal (src/text/terminal-safe.ts): the model's text keeps
 * its line breaks, everything else is one bounded line, so neither a hijacked model nor a tool's
 * output can move the cursor, erase a line or forge one.
 */
import { terminalLine, terminalSafe } from "../text/terminal-safe.js";
import type { AgentEvent, AgentToolResult, AgentTranscript } from "./agent-transcript.js";

/** Longest call or result line, in characters. */
const lineWidth = 110;

/**
 * `text` on one line (runs of white space made one space, indentation kept, control characters
 * escaped), cut to `width` characters.
 */
export function oneLine(text: string, width = lineWidth): string {
  const indent = /^ */.exec(text)?.[0] ?? "";
  const flat = indent + terminalLine(text.slice(indent.length), Number.POSITIVE_INFINITY).trimEnd();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

/** The model's own text for the terminal: line breaks kept, every other control character escaped. */
function modelText(text: string): string {
  return terminalSafe(text, { multiline: true, maxLength: Number.POSITIVE_INFINITY });
}

/** One line for a tool result. */
export function resultLine(result: AgentToolResult): string {
  if (result.outcome === undefined) return `  ✗ not run (${result.skipped ?? "stopped"})`;
  if (result.outcome.ok) {
    const output =
      typeof result.outcome.output === "string"
        ? result.outcome.output
        : JSON.stringify(result.outcome.output);
    return oneLine(`  ← ${output ?? "null"}`);
  }
  return oneLine(`  ✗ ${result.outcome.error.type}: ${result.outcome.error.message}`);
}

/** Why a turn stopped, or undefined when it ended with an answer. */
export function stopLine(transcript: AgentTranscript): string | undefined {
  switch (transcript.stopReason) {
    case "final":
      return undefined;
    case "stuck": {
      const stuck = transcript.stuck;
      if (stuck?.detector === "repeated-call") {
        return `[stopped: stuck — ${stuck.call.name} called ${stuck.occurrences} times with the same arguments]`;
      }
      if (stuck?.detector === "repetitive-output") {
        return oneLine(
          `[stopped: stuck — the reply repeats ${JSON.stringify(stuck.unit)} ${stuck.repeats} times]`,
        );
      }
      return "[stopped: stuck]";
    }
    case "error":
      return oneLine(`[stopped: error — ${transcript.error?.message ?? "unknown"}]`, 400);
    case "aborted":
      return "[stopped: interrupted]";
    default:
      return `[stopped: ${transcript.stopReason}]`;
  }
}

/** Turns agent events into terminal output. One renderer per turn. */
/** A reply with no tool call, as shown: its text, or what it was when there is nothing to read. */
function quietReply(content: string): string {
  if (content === "") return "(empty reply)";
  if (content.trim() === "") return `(reply: whitespace only, ${content.length} characters)`;
  return modelText(content);
}

export class ChatRenderer {
  private printed = false;
  private holding = false;
  private held = "";
  private atLineStart = true;

  constructor(private readonly write: (text: string) => void) {}

  private emit(text: string): void {
    if (text === "") return;
    this.write(text);
    this.atLineStart = text.endsWith("\n");
  }

  private newline(): void {
    if (!this.atLineStart) this.emit("\n");
  }

  /** Handles one event of the agent loop. */
  handle(event: AgentEvent): void {
    switch (event.type) {
      case "step-start":
        this.printed = false;
        this.holding = false;
        this.held = "";
        break;
      case "text-delta": {
        if (this.holding) {
          this.held += event.text;
          break;
        }
        const opener = event.text.search(/[<[{]/);
        const shown = opener < 0 ? event.text : event.text.slice(0, opener);
        if (opener >= 0) {
          this.holding = true;
          this.held = event.text.slice(opener);
        }
        if (shown !== "" && (this.printed || shown.trim() !== "")) {
          this.emit(modelText(this.printed ? shown : shown.trimStart()));
          this.printed = true;
        }
        break;
      }
      case "tool-call":
        this.newline();
        this.emit(`${oneLine(`  → ${event.call.name} ${JSON.stringify(event.call.arguments)}`)}\n`);
        break;
      case "tool-result":
        this.emit(`${resultLine(event.result)}\n`);
        break;
      case "confirmation":
        if (!event.approved) this.emit(`${oneLine(`  ✗ not confirmed: ${event.reason ?? ""}`)}\n`);
        break;
      case "step-end": {
        const record = event.record;
        const quiet = record.calls.length === 0 && record.parseErrors.length === 0;
        if (!this.printed && quiet) this.emit(quietReply(record.content));
        else if (this.printed && quiet) this.emit(modelText(this.held.trimEnd()));
        for (const error of record.parseErrors) {
          this.newline();
          this.emit(`${oneLine(`  ✗ unreadable tool call (${error.type}): ${error.message}`)}\n`);
        }
        for (const result of record.toolResults) {
          if (result.outcome === undefined) this.emit(`${resultLine(result)}\n`);
        }
        this.newline();
        break;
      }
    }
  }

  /** Ends the turn: a line saying why it stopped, when it did not end with an answer. */
  finish(transcript: AgentTranscript): void {
    this.newline();
    const line = stopLine(transcript);
    if (line !== undefined) this.emit(`${line}\n`);
  }
}
