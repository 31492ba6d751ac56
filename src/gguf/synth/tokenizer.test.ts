import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { TokenizerFamily } from "./shape.js";
import { buildTokenizer, tokenizerMetadata } from "./tokenizer.js";
import { toByteSymbols } from "./tokenizer-merges.js";
import { TokenType } from "./tokenizer-specials.js";

/** Applies BPE merges to one pre-tokenised word, as llama.cpp does (lowest rank first). */
function encodeWord(word: string, merges: string[]): string[] {
  const ranks = new Map(merges.map((merge, rank) => [merge, rank]));
  let symbols = toByteSymbols(word);
  for (;;) {
    let best = -1;
    let bestRank = Number.POSITIVE_INFINITY;
    for (let index = 0; index < symbols.length - 1; index++) {
      const rank = ranks.get(`${symbols[index]} ${symbols[index + 1]}`);
      if (rank !== undefined && rank < bestRank) {
        bestRank = rank;
        best = index;
      }
    }
    if (best < 0) return symbols;
    symbols = [...symbols.slice(0, best), symbols[best]! + symbols[best + 1]!, ...symbols.slice(best + 2)];
  }
}

const typeOf = (tokenizer: ReturnType<typeof buildTokenizer>, text: string) =>
  tokenizer.tokenTypes[tokenizer.tokens.indexOf(text)];

describe("synthetic tokenizer", () => {
  test("real-size vocabularies put the specials at the real ids", () => {
    const qwen3 = buildTokenizer("qwen3", 151936);
    assert.equal(qwen3.tokens.length, 151936);
    assert.deepEqual([qwen3.bosId, qwen3.eosId, qwen3.padId], [151643, 151645, 151643]);
    assert.equal(qwen3.tokens[151644], "<|im_start|>");
    assert.equal(qwen3.tokens[151657], "<tool_call>");
    assert.equal(qwen3.tokens[151668], "</think>");
    assert.equal(qwen3.pre, "qwen2");
    const qwen35 = buildTokenizer("qwen35", 248320);
    assert.equal(qwen35.eosId, 248046);
    assert.equal(qwen35.tokens[248046], "<|im_end|>");
    assert.equal(qwen35.pre, "qwen35");
    const llama = buildTokenizer("llama3", 128256);
    assert.deepEqual([llama.bosId, llama.eosId], [128000, 128009]);
    assert.equal(llama.tokens[128006], "<|start_header_id|>");
    assert.equal(llama.tokens[128010], "<|python_tag|>");
    assert.equal(llama.tokens[128255], "<|reserved_special_token_247|>");
    assert.equal(llama.pre, "llama-bpe");
    assert.equal(llama.addBos, true);
    const lfm2 = buildTokenizer("lfm2", 65536);
    assert.deepEqual([lfm2.padId, lfm2.bosId, lfm2.eosId], [0, 1, 7]);
    assert.equal(lfm2.tokens[10], "<|tool_call_start|>");
    assert.equal(lfm2.pre, "lfm2");
    assert.equal(lfm2.addBos, true);
  });

  test("control and user-defined types follow the family", () => {
    const qwen = buildTokenizer("qwen3", 1536);
    assert.equal(typeOf(qwen, "<|im_start|>"), TokenType.control);
    assert.equal(typeOf(qwen, "<|im_end|>"), TokenType.control);
    assert.equal(typeOf(qwen, "<tool_call>"), TokenType.userDefined);
    assert.equal(typeOf(qwen, "<think>"), TokenType.userDefined);
    const minicpm = buildTokenizer("minicpm5", 2048);
    assert.equal(minicpm.pre, "minicpm5");
    assert.equal(typeOf(minicpm, "<s>"), TokenType.control);
    assert.equal(typeOf(minicpm, "<param"), TokenType.userDefined);
    assert.equal(minicpm.tokens[minicpm.bosId], "<s>");
  });

  test("small vocabularies keep every special token, unique tokens and exact size", () => {
    const families: TokenizerFamily[] = ["qwen3", "qwen35", "lfm2", "minicpm5", "llama3"];
    for (const family of families) {
      const tokenizer = buildTokenizer(family, 1536);
      assert.equal(tokenizer.tokens.length, 1536, family);
      assert.equal(new Set(tokenizer.tokens).size, 1536, `${family}: tokens are unique`);
      assert.equal(tokenizer.tokenTypes.length, 1536);
      for (const id of [tokenizer.bosId, tokenizer.eosId, tokenizer.padId]) assert.ok(id >= 0 && id < 1536);
      assert.ok(tokenizer.merges.length > 1000, `${family}: ${tokenizer.merges.length} merges`);
    }
    assert.throws(() => buildTokenizer("llama3", 280), /too small/);
  });

  test("every merge joins two vocabulary tokens into a vocabulary token", () => {
    const tokenizer = buildTokenizer("qwen3", 1536);
    const vocabulary = new Set(tokenizer.tokens);
    for (const merge of tokenizer.merges) {
      const [left, right] = merge.split(" ") as [string, string];
      assert.ok(vocabulary.has(left) && vocabulary.has(right) && vocabulary.has(left + right), merge);
    }
    const bytes = tokenizer.tokens.filter((token) => [...token].length === 1);
    assert.ok(bytes.length >= 256, "all 256 byte tokens are present");
  });

  test("common English and JSON text tokenises into word-sized pieces", () => {
    const { merges } = buildTokenizer("qwen3", 151936);
    for (const word of [" the", " weather", " function", " arguments", " Paris", " number", '":']) {
      const pieces = encodeWord(word, merges);
      assert.ok(pieces.length <= 2, `${JSON.stringify(word)} → ${pieces.join("|")}`);
    }
    assert.deepEqual(encodeWord(" the", merges), ["Ġthe"]);
  });

  test("metadata carries the tokenizer keys with the loader's value types", () => {
    const entries = tokenizerMetadata(buildTokenizer("lfm2", 1536));
    const byKey = new Map(entries.map((entry) => [entry.key, entry.value]));
    assert.deepEqual(byKey.get("tokenizer.ggml.model"), { type: "string", value: "gpt2" });
    assert.deepEqual(byKey.get("tokenizer.ggml.add_bos_token"), { type: "bool", value: true });
    assert.equal(byKey.get("tokenizer.ggml.bos_token_id")?.type, "u32");
    const types = byKey.get("tokenizer.ggml.token_type");
    assert.ok(types?.type === "array" && types.elementType === "i32");
  });
});
