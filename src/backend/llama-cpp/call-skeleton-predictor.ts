/**
 * Drafts the fixed text of a tool call (jump-forward decoding, verified): once the output has opened
 * a call, the markup up to the arguments is the same for every call of a tool (`{"name": "`, the
 * rest of a tool name once its first characters decide it, `", "arguments": {`). This predictor
 * drafts that text; node-llama-cpp evaluates the drafted tokens in one batch and keeps them only
 * while each equals the token the model samples itself (under the call grammar when there is one),
 * so the output is the model's own. Elsewhere it drafts by prompt lookup (the tool schemas in the
 * prompt hold the names and keys that calls copy), node-llama-cpp's InputLookupTokenPredictor.
 *
 * A sequence has one predictor for its whole life; the backend tells it each call's heads.
 */
import { InputLookupTokenPredictor, type LlamaModel, type Token, TokenPredictor } from "node-llama-cpp";
import type { ToolCallFormat } from "../../formats/tool-call-format.js";
import type { ToolDefinition } from "../../messages.js";

/** Most tokens drafted at once. */
const maxDraftTokens = 8;
/** An argument name no schema uses: where it appears in a rendered call, the arguments start. */
const sentinel = "edgecall_arguments_start";

/**
 * The text each tool's call starts with, after the format's call prefix and up to its opening
 * argument bracket, as the format writes calls; empty for a format that cannot render calls.
 */
export function callHeads(format: ToolCallFormat, tools: readonly ToolDefinition[]): string[] {
  if (format.renderCalls === undefined) return [];
  const heads: string[] = [];
  for (const tool of tools) {
    const text = format.renderCalls([{ name: tool.name, arguments: { [sentinel]: 0 } }]);
    const prefixAt = format.callPrefix === "" ? 0 : text.indexOf(format.callPrefix);
    const argumentsAt = text.indexOf(sentinel);
    if (prefixAt < 0 || argumentsAt < 0) continue;
    const start = prefixAt + format.callPrefix.length;
    const bracket = Math.max(text.lastIndexOf("{", argumentsAt), text.lastIndexOf("(", argumentsAt));
    if (bracket < start) continue;
    heads.push(text.slice(start, bracket + 1));
  }
  return heads;
}

/** The longest common prefix of `texts` ("" for none). */
function commonPrefix(texts: readonly string[]): string {
  if (texts.length === 0) return "";
  let prefix = texts[0]!;
  for (const text of texts.slice(1)) {
    let index = 0;
    while (index < prefix.length && index < text.length && prefix[index] === text[index]) index++;
    prefix = prefix.slice(0, index);
  }
  return prefix;
}

/**
 * The text the heads force after `output`, or "" when the output is not inside a call's head:
 * the common rest of every head that continues what follows the last call prefix.
 */
export function forcedContinuation(output: string, callPrefix: string, heads: readonly string[]): string {
  if (heads.length === 0) return "";
  let after: string;
  if (callPrefix === "") after = output.trimStart();
  else {
    const at = output.lastIndexOf(callPrefix);
    if (at < 0) return "";
    after = output.slice(at + callPrefix.length);
  }
  const open = heads.filter((head) => head.startsWith(after) && head.length > after.length);
  return commonPrefix(open.map((head) => head.slice(after.length)));
}

/** See the module comment. */
export class CallSkeletonPredictor extends TokenPredictor {
  private readonly lookup = new InputLookupTokenPredictor();
  private heads: string[] = [];
  private callPrefix = "";
  private promptLength = 0;
  private state: Token[] = [];

  constructor(private readonly model: LlamaModel) {
    super();
  }

  /** The call about to run: its format's prefix, its tools' heads and its prompt length. */
  configure(callPrefix: string, heads: readonly string[], promptLength: number): void {
    this.callPrefix = callPrefix;
    this.heads = [...heads];
    this.promptLength = promptLength;
  }

  reset(params: Parameters<TokenPredictor["reset"]>[0]): void {
    this.state = params.stateTokens.slice();
    this.lookup.reset(params);
  }

  override updateInputTokens(tokens: Token[]): void {
    this.lookup.updateInputTokens(tokens);
  }

  pushTokens(tokens: Token[]): void {
    this.state.push(...tokens);
    this.lookup.pushTokens(tokens);
  }

  predictTokens(): Token[] {
    if (this.heads.length > 0 && this.state.length > this.promptLength) {
      const output = this.model.detokenize(this.state.slice(this.promptLength), true);
      const continuation = forcedContinuation(output, this.callPrefix, this.heads);
      if (continuation !== "") return this.model.tokenize(continuation, false).slice(0, maxDraftTokens);
    }
    return this.lookup.predictTokens();
  }

  override dispose(): void {
    this.lookup.dispose();
  }
}
