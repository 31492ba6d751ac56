/**
 * Renders a GGUF's own Jinja chat template with @huggingface/jinja, as transformers, vLLM and
 * llama-server do: our messages and tools are converted to the HF / OpenAI shape first.
 *
 * Workarounds for @huggingface/jinja 0.5.11 (documented here, applied in order):
 * - Its `Template.render` declares `raise_exception` and `strftime_now` itself and refuses to
 *   redeclare them, so we run the parsed template in our own Environment with our globals
 *   (`strftime_now` reads `options.now`, English month names, UTC, so prompts are reproducible).
 * - It has no `min` / `max` filter on lists (MiniCPM5's template uses `[a, b]|min`), so such a
 *   filter on a two-item list literal is rewritten to an inline `if` before parsing.
 * - Templates that never read `tool_calls` (LFM2.5) expect the call text in the assistant content:
 *   for them the calls are written into the content in the detected family's call syntax.
 * - It runs templates without bounds (a huge `range()` is a V8 fatal error): rendering goes
 *   through template-limits.ts, which stops at limits on loop iterations, characters and time.
 */
import { Environment, Template } from "@huggingface/jinja";
import { errorMessage } from "../error-message.js";
import { EdgecallError } from "../errors.js";
import type { ChatMessage, ToolCall, ToolDefinition } from "../messages.js";
import { detectFormat } from "./detect-format.js";
import { toOpenAiTool } from "./openai-tool.js";
import { getFormat } from "./registry.js";
import {
  BoundedInterpreter,
  boundedRange,
  TemplateLimitError,
  type TemplateLimits,
  templateLimits,
} from "./template-limits.js";

/**
 * Template variables a run may set, recorded in run.json. Unset: not passed, so the template's own
 * default applies (llama-server passes `enable_thinking: true` and today's `date_string` itself).
 */
export interface TemplateVariables {
  /** `enable_thinking` (Qwen3, Qwen3.5, MiniCPM5 read it). */
  enableThinking?: boolean;
  /** `date_string` (Llama 3.x templates print it as today's date), e.g. `26 Jul 2024`. */
  dateString?: string;
}

/** Options for {@link renderChatTemplate}. */
export interface ChatTemplateOptions {
  /** Append the assistant header (default true). */
  addGenerationPrompt?: boolean;
  bosToken?: string;
  eosToken?: string;
  /** Passed as `enable_thinking` only when set (templates test `enable_thinking is defined`). */
  enableThinking?: boolean;
  /** Passed as `date_string` only when set. */
  dateString?: string;
  /** Further template variables (e.g. `tools_in_user_message`, `keep_past_thinking`). */
  extra?: Record<string, unknown>;
  /** The date `strftime_now` reports (default: now). */
  now?: Date;
  /** Limits on loop iterations, characters built and time (default: template-limits.ts's defaults). */
  limits?: Partial<TemplateLimits>;
  /** Where the template comes from (e.g. the GGUF file), named at the start of error messages. */
  source?: string;
}

const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Python-style `strftime` for the directives chat templates use, in UTC. */
export function formatStrftime(date: Date, format: string): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  const fields: Record<string, string> = {
    Y: String(date.getUTCFullYear()),
    m: pad(date.getUTCMonth() + 1),
    d: pad(date.getUTCDate()),
    "-d": String(date.getUTCDate()),
    b: monthNames[date.getUTCMonth()]?.slice(0, 3) ?? "",
    B: monthNames[date.getUTCMonth()] ?? "",
    a: dayNames[date.getUTCDay()]?.slice(0, 3) ?? "",
    A: dayNames[date.getUTCDay()] ?? "",
    H: pad(date.getUTCHours()),
    M: pad(date.getUTCMinutes()),
    S: pad(date.getUTCSeconds()),
    y: pad(date.getUTCFullYear() % 100),
    "%": "%",
  };
  return format.replace(/%(-?[a-zA-Z%])/g, (directive, key: string) => fields[key] ?? directive);
}

/** Rewrites `[a, b]|min` / `|max` (unsupported by @huggingface/jinja) to inline conditionals. */
export function patchTemplate(template: string): string {
  return template.replace(
    /\[\s*([\w.]+)\s*,\s*([\w.]+)\s*\]\s*\|\s*(min|max)\b/g,
    (_match, a: string, b: string, which: string) =>
      which === "min" ? `((${a}) if (${a}) < (${b}) else (${b}))` : `((${a}) if (${a}) > (${b}) else (${b}))`,
  );
}

/** A 9-character alphanumeric call id (Mistral templates require exactly 9). */
function syntheticCallId(index: number): string {
  return `call${String(index).padStart(5, "0")}`.slice(-9);
}

/** Converts our messages to the HF / OpenAI shape templates read. */
function toTemplateMessages(messages: readonly ChatMessage[], template: string): Record<string, unknown>[] {
  const inlineCalls = !template.includes("tool_calls");
  const renderCalls = getFormat(detectFormat(template) ?? "json").renderCalls;
  const unanswered: string[] = [];
  const namesById = new Map<string, string>();
  let callCount = 0;
  return messages.map((message) => {
    if (message.role === "assistant") {
      const shaped: Record<string, unknown> = { role: "assistant", content: message.content };
      if (message.reasoning !== undefined) shaped.reasoning_content = message.reasoning;
      const calls: readonly ToolCall[] = message.toolCalls ?? [];
      if (calls.length === 0) return shaped;
      shaped.tool_calls = calls.map((call) => {
        callCount += 1;
        const id = call.id ?? syntheticCallId(callCount);
        unanswered.push(id);
        namesById.set(id, call.name);
        return { id, type: "function", function: { name: call.name, arguments: call.arguments } };
      });
      if (inlineCalls && renderCalls)
        shaped.content = [message.content, renderCalls(calls)].filter(Boolean).join("\n");
      return shaped;
    }
    if (message.role === "tool") {
      const answered = message.toolCallId === undefined ? 0 : unanswered.indexOf(message.toolCallId);
      const id = message.toolCallId ?? unanswered[0];
      if (answered >= 0) unanswered.splice(answered, 1);
      const shaped: Record<string, unknown> = { role: "tool", content: message.content };
      if (id !== undefined) shaped.tool_call_id = id;
      const name = message.name ?? (id === undefined ? undefined : namesById.get(id));
      if (name !== undefined) shaped.name = name;
      return shaped;
    }
    return { role: message.role, content: message.content };
  });
}

/**
 * Renders `template` for `messages` and `tools`. Template syntax errors and `raise_exception`
 * calls become EdgecallError("invalid-argument", "chat template: ..."); a render that passes one
 * of the limits (template-limits.ts) is stopped and refused with "chat template refused: ..."
 * naming the limit. Both start with `options.source` when given.
 */
export function renderChatTemplate(
  template: string,
  messages: readonly ChatMessage[],
  tools: readonly ToolDefinition[] | undefined,
  options: ChatTemplateOptions = {},
): string {
  const limits = templateLimits(options.limits);
  const prefix = options.source === undefined ? "" : `${options.source}: `;
  try {
    const parsed = new Template(patchTemplate(template));
    const environment = new Environment();
    const now = options.now ?? new Date();
    const variables: Record<string, unknown> = {
      true: true,
      false: false,
      none: null,
      True: true,
      False: false,
      None: null,
      range: boundedRange(limits.maxIterations),
      raise_exception: (message: unknown) => {
        throw new Error(String(message));
      },
      strftime_now: (format: unknown) => formatStrftime(now, String(format)),
      ...options.extra,
      messages: toTemplateMessages(messages, template),
      add_generation_prompt: options.addGenerationPrompt ?? true,
      bos_token: options.bosToken ?? "",
      eos_token: options.eosToken ?? "",
    };
    if (tools && tools.length > 0) variables.tools = tools.map(toOpenAiTool);
    if (options.enableThinking !== undefined) variables.enable_thinking = options.enableThinking;
    if (options.dateString !== undefined) variables.date_string = options.dateString;
    for (const [name, value] of Object.entries(variables)) environment.set(name, value);
    const result = new BoundedInterpreter(environment, limits).run(parsed.parsed);
    return String(result.value);
  } catch (error) {
    if (error instanceof EdgecallError) throw error;
    const subject = options.source === undefined ? {} : { subject: options.source };
    if (error instanceof TemplateLimitError) {
      throw new EdgecallError("invalid-argument", `${prefix}chat template refused: ${error.message}`, {
        cause: error,
        ...subject,
      });
    }
    const message = errorMessage(error);
    throw new EdgecallError("invalid-argument", `${prefix}chat template: ${message}`, {
      cause: error,
      ...subject,
    });
  }
}

/**
 * Renders `template` once for a one-message conversation with one tool and throws the refusal
 * if that passes a limit (a template that loops or grows without bound does so for any input),
 * so that a hostile file is refused when it is opened rather than at each call. Other template
 * errors are left to the real renders (a template may refuse this conversation and accept real ones).
 */
export function assertTemplateWithinLimits(
  template: string,
  source: string,
  limits?: Partial<TemplateLimits>,
): void {
  try {
    renderChatTemplate(template, [{ role: "user", content: "Hello" }], [probeTool], {
      source,
      limits,
      now: new Date(0),
    });
  } catch (error) {
    if (error instanceof EdgecallError && error.cause instanceof TemplateLimitError) throw error;
  }
}

const probeTool: ToolDefinition = {
  name: "get_time",
  description: "The current time in a city.",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};
