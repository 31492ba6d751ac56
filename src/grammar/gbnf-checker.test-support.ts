/**
 * Test helper: compiles GBNF with the llama.cpp grammar parser inside node-llama-cpp (no model
 * needed) and checks whole strings against it with llama.cpp's own matcher.
 */
import { getLlama, type Llama, type LlamaGrammar, LlamaLogLevel } from "node-llama-cpp";

let shared: Promise<Llama> | undefined;

/** One CPU Llama instance per test process. */
export function testLlama(): Promise<Llama> {
  shared ??= getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
  return shared;
}

/** A compiled grammar with a whole-string matcher. */
export interface CheckedGrammar {
  grammar: LlamaGrammar;
  /** True when `text` is a complete sentence of the grammar. */
  accepts(text: string): boolean;
}

/** Compiles `gbnf` (throws when llama.cpp cannot parse it). */
export async function compileGbnf(gbnf: string): Promise<CheckedGrammar> {
  const llama = await testLlama();
  const grammar = await llama.createGrammar({ grammar: gbnf });
  // `_testText` is node-llama-cpp 3.21.1's internal whole-text check (llama_grammar_accept per code point).
  const internal = grammar as unknown as { _testText(text: string): boolean };
  return { grammar, accepts: (text) => internal._testText(text) };
}
