/**
 * `edgecall run`: one model call with tools. Prints DESIGN.md's `run` JSON shape with `--json`,
 * otherwise a readable summary. Output from a random-weight model is labelled as such.
 */

import type { ModelBackend, ToolChoice } from "../../backend/model-backend.js";
import { openModel } from "../../backend/open-model.js";
import { EdgecallError } from "../../errors.js";
import type { ChatMessage, ToolDefinition } from "../../messages.js";
import { summariseParts } from "../../messages.js";
import { readToolDefinitionsFile } from "../../tools/tool-definitions-file.js";
import type { ModelOptionValues } from "../model-options.js";

/** Parsed options of `edgecall run`. */
export interface RunCommandOptions extends ModelOptionValues {
  tools?: string;
  system?: string;
  constrained?: boolean;
  toolChoice: ToolChoice;
  maxTokens: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  seed?: number;
  json?: boolean;
}

function loadTools(spec: string | undefined): ToolDefinition[] {
  if (spec === undefined) return [];
  if (spec === "assistant") {
    throw new EdgecallError(
      "unsupported",
      "--tools assistant: the assistant tool suite is not available in this version; pass a tools JSON file",
      { subject: "--tools" },
    );
  }
  return readToolDefinitionsFile(spec);
}

/** Runs the command; returns the exit code. */
export async function runCommand(prompt: string, options: RunCommandOptions): Promise<number> {
  const tools = loadTools(options.tools);
  const messages: ChatMessage[] = [];
  if (options.system !== undefined) messages.push({ role: "system", content: options.system });
  messages.push({ role: "user", content: prompt });

  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once("SIGINT", onInterrupt);
  let backend: ModelBackend | undefined;
  try {
    backend = await openModel(options.model, {
      format: options.format,
      gpu: options.gpu,
      threads: options.threads,
      contextSize: options.contextSize,
    });
    const randomWeights = backend.info.randomWeights === true;
    if (randomWeights && !options.json) {
      process.stderr.write(
        "edgecall: note: this model has random weights: its output is noise, not a result\n",
      );
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
        randomWeights,
        model: backend.info,
      };
      process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
      return 0;
    }
    const lines: string[] = [];
    if (randomWeights) lines.push("[random weights: output is noise]");
    if (reply.reasoning) lines.push(`thinking: ${reply.reasoning}`);
    if (reply.content) lines.push(reply.content);
    for (const call of reply.toolCalls) lines.push(`→ ${call.name}(${JSON.stringify(call.arguments)})`);
    for (const error of reply.errors) lines.push(`✗ unparsed tool call (${error.type}): ${error.message}`);
    lines.push(
      `finish: ${result.finishReason} · tokens: ${result.usage.inputTokens} in, ${result.usage.outputTokens} out · ` +
        `first token ${Math.round(result.timing.firstTokenMs)} ms · total ${Math.round(result.timing.totalMs)} ms`,
    );
    process.stdout.write(`${lines.join("\n")}\n`);
    return 0;
  } finally {
    process.off("SIGINT", onInterrupt);
    await backend?.close();
  }
}
