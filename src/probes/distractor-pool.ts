/**
 * Distractor tools for the tool-count probe: every assistant tool, then (with a BFCL data folder)
 * the function docs of BFCL's `simple_python` and `multiple` categories, converted to JSON Schema
 * tools as BFCL offers them to function-calling models. Names are unique: a BFCL function whose
 * name an assistant tool (or an earlier BFCL function) already has is left out.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createAssistantRegistry } from "../assistant/assistant-registry.js";
import { type BfclCategory, bfclDataFiles } from "../bfcl/categories.js";
import { bfclToolDefinitions } from "../bfcl/tool-schema.js";
import { errorMessage } from "../error-message.js";
import { EdgecallError } from "../errors.js";
import type { ToolDefinition } from "../messages.js";

/** BFCL categories whose function docs serve as distractors (Python, single-turn). */
export const distractorBfclCategories: readonly BfclCategory[] = ["simple_python", "multiple"];

/** The distractor tools by source, each list sorted by name. */
export interface DistractorPool {
  assistant: ToolDefinition[];
  bfcl: ToolDefinition[];
}

function bfclFunctionTools(directory: string, category: BfclCategory): ToolDefinition[] {
  const path = join(directory, bfclDataFiles(category).questions);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new EdgecallError(
      "file-not-found",
      `cannot read BFCL data file ${path} (is --bfcl-dir the BFCL v4 data folder?)`,
      {
        subject: path,
        cause: error,
      },
    );
  }
  const tools: ToolDefinition[] = [];
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    let functions: unknown;
    try {
      functions = (JSON.parse(line) as { function?: unknown }).function;
    } catch (error) {
      throw new EdgecallError("invalid-json", `${path}:${index + 1}: ${errorMessage(error)}`, {
        subject: path,
      });
    }
    if (Array.isArray(functions)) tools.push(...bfclToolDefinitions(functions, { category }));
  });
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
