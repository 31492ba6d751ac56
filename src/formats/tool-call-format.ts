/**
 * The ToolCallFormat seam: how one model family lists tools in its prompt and writes calls.
 * A format is one object: its settings, its parser (`parse` never throws on model output), its
 * call grammar for constrained decoding and how its family's chat templates are recognised.
 * Adding a format is one file plus its line in src/formats/registry.ts.
 */
import type { ChatMessage, ContentPart, ToolCall, ToolDefinition } from "../messages.js";
import type { CallGrammarSpec, TemplateDetection } from "./call-grammar-spec.js";
import type { ThinkTags } from "./think-blocks.js";

/** Names of the built-in formats (the `--format` values). */
export type FormatName =
  | "qwen3"
  | "qwen3.5"
  | "lfm2"
  | "minicpm"
  | "llama3"
  | "mistral"
  | "pythonic"
  | "json"
  | "functiongemma";

/** Options for rendering a prompt with a format's own renderer. */
export interface RenderOptions {
  /** Append the assistant turn header so the model continues as the assistant (default true). */
  addGenerationPrompt?: boolean;
  /**
   * Thinking switch for families that have one: false closes an empty think block in the
   * generation prompt, true opens one; unset keeps the family's default.
   */
  enableThinking?: boolean;
}

/** One model family's tool-calling conventions. */
export interface ToolCallFormat {
  readonly name: FormatName;
  /** One line for `--help` and docs. */
  readonly description: string;
  /**
   * Text that starts a call in this format (e.g. `<tool_call>`), used to switch to the call grammar
   * in constrained decoding. Empty when a call is recognised only by the shape of the whole output.
   */
  readonly callPrefix: string;
  /** Tags that delimit reasoning (absent: `<think>` / `</think>`). */
  readonly thinkTags?: readonly ThinkTags[];
  /**
   * Texts that may begin call markup, for streaming (src/formats/output-stream.ts): visible text is
   * held back from the first of them until the whole reply has been parsed. Absent: `callPrefix`
   * (formats with an empty prefix must say what a call can start with).
   */
  streamMarkers?(tools: readonly ToolDefinition[]): string[];
  /** The GBNF of its calls, continuing after `callPrefix` (absent: no constrained decoding). */
  readonly callGrammar?: CallGrammarSpec;
  /** How its family's chat templates are recognised (absent: never detected from a template). */
  readonly templateDetection?: TemplateDetection;
  /**
   * Renders a prompt in the family's style, tools documented the way the family expects. Used for
   * models without a chat template; GGUF files are rendered with their own Jinja template.
   */
  render(messages: readonly ChatMessage[], tools: readonly ToolDefinition[], options?: RenderOptions): string;
  /**
   * Splits raw model output into text, reasoning, calls and typed errors (keeping the raw text).
   * `tools` (optional) lets formats whose values are untyped text convert them by the schema.
   * Never throws.
   */
  parse(text: string, tools?: readonly ToolDefinition[]): ContentPart[];
  /**
   * The assistant's calls written in this format's call syntax, exactly as the model would write
   * them (used to put calls into templates that only render assistant text, and in tests).
   */
  renderCalls?(calls: readonly ToolCall[]): string;
}
