/**
 * ggml tensor types known to edgecall: id, name, block size (elements) and bytes per block.
 * Source: ggml/include/ggml.h and ggml/src/ggml.c (type_traits) of the llama.cpp inside
 * node-llama-cpp 3.21.1. Ids that ggml has retired (4, 5, 31-33, 36-38) are absent on purpose:
 * their block size is 0 in ggml, so a GGUF that uses them is rejected as gguf.cpp does.
 */

/** Layout of one ggml tensor type. */
export interface GgmlTypeInfo {
  id: number;
  name: string;
  /** Elements per block; a tensor's first dimension must be a multiple of it. */
  blockSize: number;
  /** Bytes per block. */
  typeSize: number;
}

const table: readonly GgmlTypeInfo[] = [
  { id: 0, name: "F32", blockSize: 1, typeSize: 4 },
  { id: 1, name: "F16", blockSize: 1, typeSize: 2 },
  { id: 2, name: "Q4_0", blockSize: 32, typeSize: 18 },
  { id: 3, name: "Q4_1", blockSize: 32, typeSize: 20 },
  { id: 6, name: "Q5_0", blockSize: 32, typeSize: 22 },
  { id: 7, name: "Q5_1", blockSize: 32, typeSize: 24 },
  { id: 8, name: "Q8_0", blockSize: 32, typeSize: 34 },
  { id: 9, name: "Q8_1", blockSize: 32, typeSize: 36 },
  { id: 10, name: "Q2_K", blockSize: 256, typeSize: 84 },
  { id: 11, name: "Q3_K", blockSize: 256, typeSize: 110 },
  { id: 12, name: "Q4_K", blockSize: 256, typeSize: 144 },
  { id: 13, name: "Q5_K", blockSize: 256, typeSize: 176 },
  { id: 14, name: "Q6_K", blockSize: 256, typeSize: 210 },
  { id: 15, name: "Q8_K", blockSize: 256, typeSize: 292 },
  { id: 16, name: "IQ2_XXS", blockSize: 256, typeSize: 66 },
  { id: 17, name: "IQ2_XS", blockSize: 256, typeSize: 74 },
  { id: 18, name: "IQ3_XXS", blockSize: 256, typeSize: 98 },
  { id: 19, name: "IQ1_S", blockSize: 256, typeSize: 50 },
  { id: 20, name: "IQ4_NL", blockSize: 32, typeSize: 18 },
  { id: 21, name: "IQ3_S", blockSize: 256, typeSize: 110 },
  { id: 22, name: "IQ2_S", blockSize: 256, typeSize: 82 },
  { id: 23, name: "IQ4_XS", blockSize: 256, typeSize: 136 },
  { id: 24, name: "I8", blockSize: 1, typeSize: 1 },
  { id: 25, name: "I16", blockSize: 1, typeSize: 2 },
  { id: 26, name: "I32", blockSize: 1, typeSize: 4 },
  { id: 27, name: "I64", blockSize: 1, typeSize: 8 },
  { id: 28, name: "F64", blockSize: 1, typeSize: 8 },
  { id: 29, name: "IQ1_M", blockSize: 256, typeSize: 56 },
  { id: 30, name: "BF16", blockSize: 1, typeSize: 2 },
  { id: 34, name: "TQ1_0", blockSize: 256, typeSize: 54 },
  { id: 35, name: "TQ2_0", blockSize: 256, typeSize: 66 },
  { id: 39, name: "MXFP4", blockSize: 32, typeSize: 17 },
  { id: 40, name: "NVFP4", blockSize: 64, typeSize: 36 },
  { id: 41, name: "Q1_0", blockSize: 128, typeSize: 18 },
  { id: 42, name: "Q2_0", blockSize: 64, typeSize: 18 },
];

/** One past the highest ggml type id (`GGML_TYPE_COUNT`); ids from here on are unknown. */
export const ggmlTypeCount = 43;

const byId = new Map(table.map((info) => [info.id, info]));

/** The type with this id, or undefined when ggml has no such type. */
export function ggmlType(id: number): GgmlTypeInfo | undefined {
  return byId.get(id);
}

/** Every known type, in id order. */
export function ggmlTypes(): readonly GgmlTypeInfo[] {
  return table;
}

/** `general.file_type` values (include/llama.h `llama_ftype`) and their names. */
export const fileTypeNames: Readonly<Record<number, string>> = {
  0: "F32",
  1: "F16",
  2: "Q4_0",
  3: "Q4_1",
  7: "Q8_0",
  8: "Q5_0",
  9: "Q5_1",
  10: "Q2_K",
  11: "Q3_K_S",
  12: "Q3_K_M",
  13: "Q3_K_L",
  14: "Q4_K_S",
  15: "Q4_K_M",
  16: "Q5_K_S",
  17: "Q5_K_M",
  18: "Q6_K",
  19: "IQ2_XXS",
  20: "IQ2_XS",
  21: "Q2_K_S",
  22: "IQ3_XS",
  23: "IQ3_XXS",
  24: "IQ1_S",
  25: "IQ4_NL",
  26: "IQ3_S",
  27: "IQ3_M",
  28: "IQ2_S",
  29: "IQ2_M",
  30: "IQ4_XS",
  31: "IQ1_M",
  32: "BF16",
  36: "TQ1_0",
  37: "TQ2_0",
  38: "MXFP4_MOE",
  39: "NVFP4",
  40: "Q1_0",
  41: "Q2_0",
};
