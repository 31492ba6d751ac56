/**
 * `edgecall run`: one model call with tools. Prints the CLI contract's `run` JSON shape with `--json`,
 * otherwise a readable summary. Output from a random-weight model is labelled as such.
 *
 * Tools offered: `--tools FILE` (definitions as JSON) or `--tools assistant` (the assistant suite's
 * definitions), then the tools of each `--mcp "COMMAND ARGS"` server. Nothing runs (one call, no
 * execution), so only definitions are needed; an MCP tool whose name is already offered is left
 * out with a warning on stderr. The servers are stopped when the command ends, however it ends.
 */

import { openModelOrDemoScript } from "../../backend/demo-script.js";
import type { ModelBackend, ToolChoice } from "../../backend/model-backend.js";
import type { openModel } from "../../backend/open-model.js";
import { EdgecallError } from "../../errors.js";
import { templateFallbackLine } from "../../formats/fallback-template.js";
import { templateIgnoresToolsLine } from "../../formats/template-tools.js";
import type { McpToolSource } from "../../mcp/mcp-client-tools.js";
import type { ChatMessage } from "../../messages.js";
import { summariseParts } from "../../messages.js";
import { terminalLine, terminalSafe } from "../../text/terminal-safe.js";
import { backendNotes } from "../backend-notes.js";
import { contextBeyondTrainingWarning } from "../context-beyond-training.js";
import {
  constrainedWarning,
  httpModelLimits,
  inProcessModelOptions,
  type ModelOptionValues,
  templateOptions,
} from "../model-options.js";
import {
  closeMcpSources,
  connectMcpSources,
  mcpConnectOptions,
  mcpDefinitions,
  toolDefinitionsFor,
  withExtraTools,
} from "../tool-sources.js";

/** Parsed options of `edgecall run`. */
export interface RunCommandOptions extends ModelOptionValues {
  /** A tools JSON file, or `assistant`. */
  tools?: string;
  /** `--mcp` values, one command line or URL each. */
  mcp?: string[];
  mcpEnv?: string[];
  mcpHeader?: string[];
  system?: string;
  constrained?: boolean;
  toolChoice: ToolChoice;
  maxTokens: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  seed?: number;
  json?: boolean;
  /** `--raw`: plain completion of the prompt, no chat template (base models). */
  raw?: boolean;
}

/** Where the command writes and what opens the model; the defaults are the process's own. */
export interface RunIo {
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
  /** Opens the model (tests pass their own backend); default {@link openModel}, and `demo:script`. */
  openBackend?: typeof openModel;
}

/**
 * Context size for GGUF models when `--context-size` is not given and `--tools assistant` is: the
 * suite's tool list alone renders to 6-10k tokens, more than the usual 4096 default leaves room for.
 */
const assistantContextSize = 16_384;

/** The first option given that `--raw` cannot honour, as its flag. */
function rawConflicts(options: RunCommandOptions): string | undefined {
  if (options.tools !== undefined) return "--tools";
  if ((options.mcp?.length ?? 0) > 0) return "--mcp";
  if (options.system !== undefined) return "--system";
  if (options.constrained === true) return "--constrained";
  if (options.toolChoice === "required") return "--tool-choice required";
  return undefined;
}

/** Runs the command; returns the exit code. */
export async function runCommand(prompt: string, options: RunCommandOptions, io?: RunIo): Promise<number> {
  const stdout = io?.stdout ?? process.stdout;
  const stderr = io?.stderr ?? process.stderr;
  if (options.raw === true) {
    const refused = rawConflicts(options);
    if (refused !== undefined)
      throw new EdgecallError("usage", `--raw completes plain text: ${refused} does not apply`, {
        subject: "--raw",
      });
  }
  const ownTools = toolDefinitionsFor(options.tools);
  const messages: ChatMessage[] = [];
  if (options.system !== undefined) messages.push({ role: "system", content: options.system });
  messages.push({ role: "user", content: prompt });

  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.on("SIGINT", onInterrupt);
  let backend: ModelBackend | undefined;
  let sources: McpToolSource[] = [];
  try {
    sources = await connectMcpSources(options.mcp, mcpConnectOptions(options));
    const fromMcp = mcpDefinitions(sources);
    const { tools, clashes } = withExtraTools(ownTools, fromMcp.tools);
    if (options.toolChoice === "required" && tools.length === 0) {
      throw new EdgecallError(
        "usage",
        "--tool-choice required: no tools are offered (give --tools or --mcp)",
        {
          subject: "--tool-choice",
        },
      );
    }
    for (const left of fromMcp.skipped)
      stderr.write(
        `edgecall: warning: --mcp: ${terminalLine(left.source, 100)}: left out MCP tool ${terminalLine(left.name, 100)}: ${terminalLine(left.reason, 300)}\n`,
      );
    for (const name of clashes)
      stderr.write(
        `edgecall: warning: --mcp: left out MCP tool ${terminalLine(name, 100)}: --tools already offers a tool of that name\n`,
      );
    backend = await (io?.openBackend ?? openModelOrDemoScript)(options.model, {
      format: options.format,
      gpu: options.gpu,
      threads: options.threads,
      ...httpModelLimits(options),
      ...templateOptions(options),
      ...inProcessModelOptions(options),
      ...(options.raw === true ? { rawCompletion: true } : {}),
      contextSize: options.contextSize ?? (options.tools === "assistant" ? assistantContextSize : undefined),
    });
    const beyond = contextBeyondTrainingWarning(
      backend.info,
      options.contextSize !== undefined
        ? "given"
        : options.tools === "assistant"
          ? {
              raisedFor: "--tools assistant, whose tool list alone takes 6-10k tokens",
              instead: "offer fewer tools (--tools FILE) or choose with --context-size",
            }
          : undefined,
    );
    if (beyond !== undefined) stderr.write(beyond);
    const randomWeights = backend.info.randomWeights === true;
    if (randomWeights && !options.json) {
      stderr.write("edgecall: note: this model has random weights: its output is noise, not a result\n");
    }
    if (options.raw === true && backend.info.rawCompletion !== true) {
      throw new EdgecallError("usage", "--raw needs an in-process GGUF model (--model FILE.gguf)", {
        subject: "--raw",
      });
    }
    const fallbackNote = templateFallbackLine(backend.info.chatTemplateFallback);
    if (fallbackNote !== undefined) stderr.write(`edgecall: note: ${fallbackNote}\n`);
    if (backend.info.templateIgnoresTools === true && tools.length > 0)
      stderr.write(`edgecall: note: ${templateIgnoresToolsLine(backend.info.format)}\n`);
    if (options.constrained) {
      const warning = constrainedWarning(backend);
      if (warning !== undefined) stderr.write(warning);
      else if (tools.length === 0)
        stderr.write("edgecall: warning: --constrained has no effect without tools\n");
    }
    const result = await backend.generate(
      {
        messages,
        tools,
        toolChoice: options.toolChoice,
        decoding: options.constrained ? "constrained" : "free",
        maxTokens: options.maxTokens,
        sampling: {
          temperature: options.temperature,
          topP: options.topP,
          topK: options.topK,
          seed: options.seed,
        },
      },
      { signal: controller.signal },
    );
    const reply = summariseParts(result.parts);
    const argumentProblems = result.constrained?.argumentProblems ?? [];
    const attempts = result.constrained?.attempts;
    if (options.json) {
      const document = {
        content: reply.content,
        toolCalls: reply.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })),
        finishReason: result.finishReason,
        usage: result.usage,
        timing: result.timing,
        reasoning: reply.reasoning,
        errors: reply.errors,
        rawText: result.rawText,
        ...(attempts === undefined ? {} : { attempts, argumentProblems }),
        randomWeights,
        model: backend.info,
      };
      for (const line of backendNotes(backend.report?.())) stderr.write(`edgecall: run: ${line}\n`);
      stdout.write(`${JSON.stringify(document, null, 2)}\n`);
      return 0;
    }
    // The model's text (which untrusted input may steer) is escaped for the terminal: its own
    // line breaks stay; each call is one line, shown whole (it is what `run` is for); error lines
    // quote the model's output and are bounded.
    const text = (value: string) =>
      terminalSafe(value, { multiline: true, maxLength: Number.POSITIVE_INFINITY });
    const callLine = (value: string) => terminalSafe(value, { maxLength: Number.POSITIVE_INFINITY });
    const line = (value: string) => terminalSafe(value, { maxLength: 4000 });
    const lines: string[] = [];
    if (randomWeights) lines.push("[random weights: output is noise]");
    if (reply.reasoning) lines.push(`thinking: ${text(reply.reasoning)}`);
    if (reply.content) lines.push(text(reply.content));
    else if (reply.toolCalls.length === 0 && reply.errors.length === 0 && !reply.reasoning) {
      // A reply of white space alone (random weights: hundreds of newlines) is said, not printed.
      const raw = result.rawText;
      lines.push(
        raw.trim() === "" && raw !== ""
          ? `reply: whitespace only (${raw.length} characters)`
          : "reply: empty",
      );
    }
    for (const call of reply.toolCalls)
      lines.push(callLine(`→ ${call.name}(${JSON.stringify(call.arguments)})`));
    for (const error of reply.errors)
      lines.push(line(`✗ unparsed tool call (${error.type}): ${error.message}`));
    // Unparsed calls are listed above; the rest are calls that parsed but break their schema.
    const unparsed = new Set(reply.errors.map((error) => `${error.type}: ${error.message}`));
    for (const problem of argumentProblems) if (!unparsed.has(problem)) lines.push(line(`✗ ${problem}`));
    if (attempts !== undefined && attempts > 1)
      lines.push(`(constrained: ${attempts} attempts; tokens below count them all)`);
    lines.push(
      `finish: ${result.finishReason} · tokens: ${result.usage.inputTokens} in, ${result.usage.outputTokens} out · ` +
        `first token ${Math.round(result.timing.firstTokenMs)} ms · total ${Math.round(result.timing.totalMs)} ms`,
    );
    stdout.write(`${lines.join("\n")}\n`);
    for (const line of backendNotes(backend.report?.())) stderr.write(`edgecall: run: ${line}\n`);
    return 0;
  } finally {
    process.off("SIGINT", onInterrupt);
    await backend?.close();
    await closeMcpSources(sources);
  }
}
