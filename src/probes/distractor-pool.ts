/**
 * Distractor tools for the tool-count probe: every assistant tool, then (with a BFCL data folder)
 * the function docs of BFCL's `simple_python` and `multiple` categories, converted to JSON Schema
 * tools as BFCL offers them to function-calling models. Names are unique: a BFCL function whose
 * name an assistant tool (or an earlier BFCL function) already has is left out.
 */
import { join } from "node:path";
import { createAssistantRegistry } from "../assistant/assistant-registry.js";
import { type BfclCategory, bfclDataFiles } from "../bfcl/categories.js";
import { bfclToolDefinitions } from "../bfcl/tool-schema.js";
import type { ToolDefinition } from "../messages.js";
import { readJsonlFile } from "../text/jsonl-file.js";

/** BFCL categories whose function docs serve as distractors (Python, single-turn). */
export const distractorBfclCategories: readonly BfclCategory[] = ["simple_python", "multiple"];

/** The distractor tools by source, each list sorted by name. */
export interface DistractorPool {
  assistant: ToolDefinition[];
  bfcl: ToolDefinition[];
}

function bfclFunctionTools(directory: string, category: BfclCategory): ToolDefinition[] {
  const path = join(directory, bfclDataFiles(category).questions);
  const lines = readJsonlFile(path, {
    notFound: `cannot read BFCL data file ${path} (is --bfcl-dir the BFCL v4 data folder?)`,
  });
  const tools: ToolDefinition[] = [];
  for (const { value } of lines) {
    const functions = (value as { function?: unknown } | null)?.function;
    if (Array.isArray(functions)) tools.push(...bfclToolDefinitions(functions, { category }));
  }
  return tools;
}

/** Loads the pool; without `bfclDir` it holds the assistant tools only. */
export function loadDistractorPool(bfclDir: string | undefined): DistractorPool {
  const byName = (a: ToolDefinition, b: ToolDefinition): number =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  const assistant = createAssistantRegistry().definitions().slice().sort(byName);
  const taken = new Set(assistant.map((tool) => tool.name));
  const bfcl: ToolDefinition[] = [];
  if (bfclDir !== undefined)
    for (const category of distractorBfclCategories)
      for (const tool of bfclFunctionTools(bfclDir, category)) {
        if (taken.has(tool.name)) continue;
        taken.add(tool.name);
        bfcl.push(tool);
      }
  return { assistant, bfcl: bfcl.sort(byName) };
}
