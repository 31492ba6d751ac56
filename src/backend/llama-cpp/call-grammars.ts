/**
 * The grammars and call heads of one loaded model, built once per tool list and kept in small
 * bounded caches: the call grammar (full, or compacted for a resample that ran out of tokens), the
 * grammar of a `response_format` reply, and the fixed heads of calls that prompt-lookup drafting
 * proposes.
 */
import type { Llama, LlamaGrammar } from "node-llama-cpp";
import type { ToolCallFormat } from "../../formats/tool-call-format.js";
import { buildCallGrammar } from "../../grammar/call-grammar.js";
import { buildResponseFormatGrammar } from "../../grammar/response-format-grammar.js";
import type { ResponseFormat, ToolDefinition } from "../../messages.js";
import { callHeads } from "./call-skeleton-predictor.js";

/**
 * Caps of the grammars used to resample a constrained call that hit the token limit, tighter on
 * each resample (strings in characters, arrays in items).
 */
const compactLimits = [
  { maxStringLength: 48, maxArrayItems: 4 },
  { maxStringLength: 16, maxArrayItems: 2 },
  { maxStringLength: 4, maxArrayItems: 1 },
] as const;
const cacheSize = 32;

function remember<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** One model's call grammars and call heads. */
export class CallGrammars {
  private readonly grammars = new Map<string, Promise<LlamaGrammar>>();
  /** Call heads by tool names (a head depends only on the format and the tool's name). */
  private readonly heads = new Map<string, string[]>();

  constructor(
    private readonly llama: Llama,
    private readonly format: ToolCallFormat,
    private readonly parallelToolCalls: boolean,
  ) {}

  /** The call heads of `tools`, rendered once per tool list. */
  headsFor(tools: readonly ToolDefinition[]): string[] {
    return remember(this.heads, JSON.stringify(tools.map((tool) => tool.name)), () =>
      callHeads(this.format, tools),
    );
  }

  /**
   * The call grammar for `tools`. A `compactLevel` above 0 caps unbounded strings and arrays and
   * allows one call: used only to resample a call that ran out of tokens (random weights never
   * close a string).
   */
  grammarFor(tools: readonly ToolDefinition[], compactLevel = 0): Promise<LlamaGrammar> {
    const limits = compactLimits[Math.min(compactLevel, compactLimits.length) - 1];
    const text = buildCallGrammar(
      this.format,
      tools,
      limits === undefined ? { parallel: this.parallelToolCalls } : { parallel: false, ...limits },
    );
    return remember(this.grammars, text, () => this.llama.createGrammar({ grammar: text }));
  }

  /** The grammar of a reply in `format` (`response_format`: a JSON schema or any JSON object). */
  responseGrammarFor(format: ResponseFormat): Promise<LlamaGrammar> {
    const text = buildResponseFormatGrammar(format);
    return remember(this.grammars, text, () => this.llama.createGrammar({ grammar: text }));
  }
}
