/**
 * The synthetic GPT-2 byte-level BPE tokenizer written into random-weight GGUFs: the family's
 * leading specials, the 256 byte tokens, tokens made by merges learned from a small English/JSON
 * corpus, filler tokens up to the real vocabulary size, and the family's trailing specials (at
 * their real ids when the vocabulary has the real size), with the family's pre-tokenizer name.
 */
import { EdgecallError } from "../../errors.js";
import { type GgufWriteKv, ggufKv } from "../writer.js";
import type { TokenizerFamily } from "./shape.js";
import { byteTokens, learnMerges } from "./tokenizer-merges.js";
import { type SpecialToken, TokenType, tokenizerFamily } from "./tokenizer-specials.js";

/** Most merges a synthetic vocabulary carries (the corpus may yield fewer). */
const maxMerges = 4000;

/** A complete tokenizer, ready to be written as `tokenizer.ggml.*` metadata. */
export interface SynthTokenizer {
  family: TokenizerFamily;
  pre: string;
  tokens: string[];
  tokenTypes: number[];
  merges: string[];
  bosId: number;
  eosId: number;
  padId: number;
  addBos: boolean;
}

/** Smallest vocabulary a family fits in (its specials, the byte tokens and a little room). */
export function minimumVocabularySize(family: TokenizerFamily): number {
  const spec = tokenizerFamily(family);
  return spec.leading.length + 256 + spec.trailing.length + 32;
}

/** Builds the tokenizer of `family` with exactly `vocabSize` tokens. */
export function buildTokenizer(family: TokenizerFamily, vocabSize: number): SynthTokenizer {
  const spec = tokenizerFamily(family);
  const minimum = minimumVocabularySize(family);
  if (vocabSize < minimum) {
    throw new EdgecallError(
      "invalid-argument",
      `vocabSize ${vocabSize} too small for ${family} (minimum ${minimum})`,
      {
        subject: "vocabSize",
      },
    );
  }
  const real =
    spec.realVocabulary && spec.realVocabulary.size === vocabSize ? spec.realVocabulary : undefined;
  const trailing: SpecialToken[] = real?.trailing ?? spec.trailing;
  const trailingStart = real ? real.trailingStart : vocabSize - trailing.length;

  const tokens: string[] = [];
  const tokenTypes: number[] = [];
  const push = (text: string, type: number) => {
    tokens.push(text);
    tokenTypes.push(type);
  };
  for (const special of spec.leading) push(special.text, special.type);
  const seen = new Set<string>();
  for (const byte of byteTokens()) {
    push(byte, TokenType.normal);
    seen.add(byte);
  }
  const room = trailingStart - tokens.length;
  const merges: string[] = [];
  for (const merge of learnMerges(Math.min(maxMerges, room))) {
    const merged = merge.replace(" ", "");
    if (!seen.has(merged)) {
      if (tokens.length >= trailingStart) break;
      seen.add(merged);
      push(merged, TokenType.normal);
    }
    merges.push(merge);
  }
  while (tokens.length < trailingStart) push(`[FILL${tokens.length}]`, TokenType.normal);
  for (const special of trailing) push(special.text, special.type);
  while (tokens.length < vocabSize) push(`[PAD${tokens.length}]`, TokenType.unused);

  const idOf = (text: string) => {
    const id = tokens.indexOf(text);
    if (id < 0)
      throw new EdgecallError("internal", `special token ${text} missing from the ${family} vocabulary`);
    return id;
  };
  return {
    family,
    pre: spec.pre,
    tokens,
    tokenTypes,
    merges,
    bosId: idOf(spec.bos),
    eosId: idOf(spec.eos),
    padId: idOf(spec.pad),
    addBos: spec.addBos,
  };
}

/** The `tokenizer.ggml.*` metadata of a tokenizer. */
export function tokenizerMetadata(tokenizer: SynthTokenizer): GgufWriteKv[] {
  return [
    ggufKv.string("tokenizer.ggml.model", "gpt2"),
    ggufKv.string("tokenizer.ggml.pre", tokenizer.pre),
    ggufKv.array("tokenizer.ggml.tokens", "string", tokenizer.tokens),
    ggufKv.array("tokenizer.ggml.token_type", "i32", tokenizer.tokenTypes),
    ggufKv.array("tokenizer.ggml.merges", "string", tokenizer.merges),
    ggufKv.u32("tokenizer.ggml.bos_token_id", tokenizer.bosId),
    ggufKv.u32("tokenizer.ggml.eos_token_id", tokenizer.eosId),
    ggufKv.u32("tokenizer.ggml.padding_token_id", tokenizer.padId),
    ggufKv.bool("tokenizer.ggml.add_bos_token", tokenizer.addBos),
  ];
}
