/**
 * Special tokens of each tokenizer family (shared/reference/model-facts.md §2): their text, token
 * type (control vs user-defined, as the converter maps `special: true/false`), where they sit in
 * the real vocabulary, the pre-tokenizer name and the bos/eos/pad tokens.
 */
import type { TokenizerFamily } from "./shape.js";

/** GGUF token types (`tokenizer.ggml.token_type`). */
export const TokenType = { normal: 1, unknown: 2, control: 3, userDefined: 4, unused: 5, byte: 6 } as const;

/** One special token. */
export interface SpecialToken {
  text: string;
  type: number;
}

/** How a family lays out and uses its special tokens. */
export interface TokenizerFamilySpec {
  /** `tokenizer.ggml.pre`. */
  pre: string;
  /** Specials at ids 0, 1, ... */
  leading: SpecialToken[];
  /** Specials after the regular tokens. */
  trailing: SpecialToken[];
  /**
   * In a vocabulary of the real size: the id of the first trailing special, and the trailing
   * specials to write there when they differ from `trailing` (reserved tokens included).
   */
  realVocabulary?: { size: number; trailingStart: number; trailing?: SpecialToken[] };
  bos: string;
  eos: string;
  pad: string;
  addBos: boolean;
  /** Default chat template name. */
  chatTemplate: string;
  /** Notes on facts that were not checked. */
  unverified?: string;
}

const control = (text: string): SpecialToken => ({ text, type: TokenType.control });
const userDefined = (text: string): SpecialToken => ({ text, type: TokenType.userDefined });

const qwenSpecials: SpecialToken[] = [
  ...[
    "<|endoftext|>",
    "<|im_start|>",
    "<|im_end|>",
    "<|object_ref_start|>",
    "<|object_ref_end|>",
    "<|box_start|>",
    "<|box_end|>",
    "<|quad_start|>",
    "<|quad_end|>",
    "<|vision_start|>",
    "<|vision_end|>",
    "<|vision_pad|>",
    "<|image_pad|>",
    "<|video_pad|>",
  ].map(control),
  userDefined("<tool_call>"),
  userDefined("</tool_call>"),
  ...[
    "<|fim_prefix|>",
    "<|fim_middle|>",
    "<|fim_suffix|>",
    "<|fim_pad|>",
    "<|repo_name|>",
    "<|file_sep|>",
  ].map(control),
  userDefined("<tool_response>"),
  userDefined("</tool_response>"),
  userDefined("<think>"),
  userDefined("</think>"),
];

const llama3Named: [number, string][] = [
  [0, "<|begin_of_text|>"],
  [1, "<|end_of_text|>"],
  [4, "<|finetune_right_pad_id|>"],
  [6, "<|start_header_id|>"],
  [7, "<|end_header_id|>"],
  [8, "<|eom_id|>"],
  [9, "<|eot_id|>"],
  [10, "<|python_tag|>"],
];

/** The 256 Llama 3 specials at 128000-128255: the named ones and reserved_special_token_N. */
function llama3AllSpecials(): SpecialToken[] {
  const named = new Map(llama3Named);
  const tokens: SpecialToken[] = [];
  let reserved = 0;
  for (let offset = 0; offset < 256; offset++) {
    tokens.push(control(named.get(offset) ?? `<|reserved_special_token_${reserved++}|>`));
  }
  return tokens;
}

/**
 * Gemma 3's first 107 ids as in the real vocabulary (read from gemma-3-270m's GGUF): <pad>, <eos>,
 * <bos>, <unk>, <mask>, [multimodal], <unused0>..<unused98>, <start_of_turn> (105), <end_of_turn> (106).
 */
const gemma3Leading: SpecialToken[] = [
  ...["<pad>", "<eos>", "<bos>", "<unk>", "<mask>"].map(control),
  userDefined("[multimodal]"),
  ...Array.from({ length: 99 }, (_, index) => control(`<unused${index}>`)),
  control("<start_of_turn>"),
  control("<end_of_turn>"),
];

/**
 * FunctionGemma's vocabulary: Gemma 3's, with its seven function-calling tokens in place of
 * <unused40>..<unused46> (ids 46-52, from a third-party converter's list).
 */
const functionGemmaTokens = [
  "<start_function_declaration>",
  "<end_function_declaration>",
  "<start_function_call>",
  "<end_function_call>",
  "<start_function_response>",
  "<end_function_response>",
  "<escape>",
];
const functionGemmaLeading: SpecialToken[] = gemma3Leading.map((token, id) =>
  id >= 46 && id < 46 + functionGemmaTokens.length ? control(functionGemmaTokens[id - 46]!) : token,
);

const families: Record<TokenizerFamily, TokenizerFamilySpec> = {
  qwen3: {
    pre: "qwen2",
    leading: [],
    trailing: qwenSpecials,
    realVocabulary: { size: 151936, trailingStart: 151643 },
    bos: "<|endoftext|>",
    eos: "<|im_end|>",
    pad: "<|endoftext|>",
    addBos: false,
    chatTemplate: "qwen3",
  },
  qwen35: {
    pre: "qwen35",
    leading: [],
    trailing: qwenSpecials,
    realVocabulary: { size: 248320, trailingStart: 248044 },
    bos: "<|endoftext|>",
    eos: "<|im_end|>",
    pad: "<|endoftext|>",
    addBos: false,
    chatTemplate: "qwen3.5",
    unverified: "ids after <|im_end|> (248046) follow the Qwen3 order by assumption",
  },
  lfm2: {
    pre: "lfm2",
    leading: [
      "<|pad|>",
      "<|startoftext|>",
      "<|endoftext|>",
      "<|fim_pre|>",
      "<|fim_mid|>",
      "<|fim_suf|>",
      "<|im_start|>",
      "<|im_end|>",
      "<|tool_list_start|>",
      "<|tool_list_end|>",
      "<|tool_call_start|>",
      "<|tool_call_end|>",
      "<|tool_response_start|>",
      "<|tool_response_end|>",
    ].map(control),
    trailing: [],
    bos: "<|startoftext|>",
    eos: "<|im_end|>",
    pad: "<|pad|>",
    addBos: true,
    chatTemplate: "lfm2",
  },
  minicpm5: {
    pre: "minicpm5",
    leading: ["<unk>", "<s>", "</s>"].map(control),
    trailing: [
      control("<|im_start|>"),
      control("<|im_end|>"),
      ...[
        "<think>",
        "</think>",
        "<tools>",
        "</tools>",
        "<tool_call>",
        "</tool_call>",
        "<tool_response>",
        "</tool_response>",
        "<function",
        "</function>",
        "<param",
        "</param>",
      ].map(userDefined),
    ],
    bos: "<s>",
    eos: "<|im_end|>",
    pad: "</s>",
    addBos: false,
    chatTemplate: "minicpm5",
    unverified:
      "special-token ids and types come from a third-party list; the template itself writes the BOS",
  },
  llama3: {
    pre: "llama-bpe",
    leading: [],
    trailing: llama3Named.map(([, text]) => control(text)),
    realVocabulary: { size: 128256, trailingStart: 128000, trailing: llama3AllSpecials() },
    bos: "<|begin_of_text|>",
    eos: "<|eot_id|>",
    pad: "<|finetune_right_pad_id|>",
    addBos: true,
    chatTemplate: "llama3",
  },
  gemma3: {
    pre: "default",
    leading: gemma3Leading,
    trailing: [],
    bos: "<bos>",
    eos: "<eos>",
    pad: "<pad>",
    addBos: true,
    // The base Gemma 3 GGUF carries no chat template; `--chat-template` can add one.
    chatTemplate: "none",
    unverified:
      "the real file uses a SentencePiece vocabulary; this one is byte-level BPE with Gemma's specials at their ids",
  },
  functiongemma: {
    pre: "default",
    leading: functionGemmaLeading,
    trailing: [],
    bos: "<bos>",
    eos: "<eos>",
    pad: "<pad>",
    addBos: true,
    chatTemplate: "functiongemma",
    unverified:
      "byte-level BPE with Gemma's specials; the function tokens' ids (46-52) and control type come from a third-party list",
  },
};

/** The spec of a tokenizer family. */
export function tokenizerFamily(family: TokenizerFamily): TokenizerFamilySpec {
  return families[family];
}
