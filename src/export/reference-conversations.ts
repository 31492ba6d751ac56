/**
 * Every sample's reference solution as a whole conversation in OpenAI's fine-tuning chat format
 * (`{"messages": [...], "tools": [...]}`: system, user turns, assistant tool calls, tool results,
 * the final answer), for `edgecall export --as sft`. The reference is run exactly as `suite check`
 * runs it, through the suite's own solver (so an agent suite's tools really run over a fresh world
 * and their results are the ones a model would have seen, and the scripted user speaks its turns);
 * the conversation is the last model request of the sample plus the reply to it. Only solutions
 * that pass their own scorer are written; the others are listed, with why.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GenerateRequest, GenerateResult, ModelBackend } from "../backend/model-backend.js";
import { type OpenAIMessage, toOpenAIMessages } from "../backend/openai/request.js";
import { referenceBackend } from "../eval/reference-backend.js";
import { ResultStore } from "../eval/result-store.js";
import { type PlanOptions, planRun } from "../eval/run-plan.js";
import { defaultAgentSettings, runSamples } from "../eval/runner.js";
import type { Suite } from "../eval/suite.js";
import { referenceFor } from "../eval/suite-check.js";
import { type ChatMessage, summariseParts, type ToolDefinition } from "../messages.js";

/** One line of a fine-tuning file. */
export interface FineTuningLine {
  messages: OpenAIMessage[];
  tools?: { type: "function"; function: { name: string; description?: string; parameters: unknown } }[];
}

/** What an export produced. */
export interface ReferenceConversations {
  lines: FineTuningLine[];
  /** The sample id of each line, in the same order. */
  ids: string[];
  /** Samples left out: no reference solution, or one that fails its own scorer. */
  skipped: { id: string; why: string }[];
}

function wireTools(tools: readonly ToolDefinition[] | undefined): FineTuningLine["tools"] {
  if (tools === undefined || tools.length === 0) return undefined;
  return tools.map((tool) => ({
    type: "function",
    function: {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: tool.parameters,
    },
  }));
}

/** The conversation with arguments written as they were (`1.0` stays a float). */
function fineTuningMessages(messages: readonly ChatMessage[]): OpenAIMessage[] {
  const wire = toOpenAIMessages(messages);
  messages.forEach((message, index) => {
    const converted = wire[index];
    if (message.role !== "assistant" || converted?.role !== "assistant") return;
    message.toolCalls?.forEach((call, callIndex) => {
      const target = converted.tool_calls?.[callIndex];
      if (target !== undefined && call.argumentsText !== undefined)
        target.function.arguments = call.argumentsText;
    });
  });
  return wire;
}

function replyMessage(result: GenerateResult): ChatMessage {
  const reply = summariseParts(result.parts);
  return {
    role: "assistant",
    content: reply.content,
    ...(reply.toolCalls.length > 0 ? { toolCalls: reply.toolCalls } : {}),
  };
}

/** The reference model, remembering each sample's exchanges (the simulated user's are not the sample's). */
function capturing(inner: ModelBackend): {
  backend: ModelBackend;
  exchanges: Map<string, [GenerateRequest, GenerateResult][]>;
} {
  const exchanges = new Map<string, [GenerateRequest, GenerateResult][]>();
  const backend: ModelBackend = {
    info: inner.info,
    async generate(request, options) {
      const result = await inner.generate(request, options);
      const id = request.sampleId;
      if (id !== undefined && !id.endsWith("#user")) {
        const list = exchanges.get(id) ?? [];
        list.push([request, result]);
        exchanges.set(id, list);
      }
      return result;
    },
    close: () => inner.close(),
  };
  return { backend, exchanges };
}

/** Runs every sample's reference through its solver and returns the passing conversations. */
export async function referenceConversations(
  suites: readonly Suite[],
  options: PlanOptions & { concurrency?: number },
): Promise<ReferenceConversations> {
  const lines: FineTuningLine[] = [];
  const ids: string[] = [];
  const skipped: ReferenceConversations["skipped"] = [];
  const folder = mkdtempSync(join(tmpdir(), "edgecall-export-"));
  try {
    for (const [index, suite] of suites.entries()) {
      const items = await planRun([suite], { ...options, repeats: 1 });
      const withReference = items.filter((item) => referenceFor(suite, item.sample) !== undefined);
      for (const item of items)
        if (!withReference.includes(item)) skipped.push({ id: item.sample.id, why: "no reference solution" });
      const { backend, exchanges } = capturing(
        referenceBackend(
          items.map((item) => item.sample),
          (sample) => referenceFor(suite, sample),
        ),
      );
      const store = ResultStore.open(join(folder, `results-${index}.sqlite`));
      try {
        await runSamples({
          backend,
          items: withReference,
          store,
          settings: { seed: 0, maxTokens: 1024, decoding: "free", toolChoice: "auto" },
          agent: defaultAgentSettings,
          concurrency: options.concurrency ?? 2,
        });
        const results = new Map(store.all().map((result) => [result.id, result]));
        for (const item of withReference) {
          const result = results.get(item.sample.id);
          if (result === undefined || !result.passed) {
            skipped.push({
              id: item.sample.id,
              why: `its reference fails its own scorer: ${result?.explanation ?? "no result"}`,
            });
            continue;
          }
          // The last exchange with a reply (a used-up reference answers with nothing).
          const last = (exchanges.get(item.sample.id) ?? [])
            .filter(([, reply]) => reply.parts.length > 0)
            .at(-1);
          if (last === undefined) {
            skipped.push({ id: item.sample.id, why: "the reference made no model call" });
            continue;
          }
          const [request, reply] = last;
          const tools = wireTools(request.tools);
          ids.push(item.sample.id);
          lines.push({
            messages: fineTuningMessages([...request.messages, replyMessage(reply)]),
            ...(tools === undefined ? {} : { tools }),
          });
        }
      } finally {
        store.close();
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return { lines, ids, skipped };
}
