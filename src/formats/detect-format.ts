/**
 * Picks a tool-call format from a GGUF chat template's text: each format recognises its own
 * family's templates ({@link ToolCallFormat.templateDetection}); they are asked in rank order,
 * because Qwen3.5 and MiniCPM5 templates also contain Qwen3's markers.
 */
import { builtInFormats } from "./registry.js";
import type { FormatName, ToolCallFormat } from "./tool-call-format.js";

const detectionOrder: readonly ToolCallFormat[] = builtInFormats
  .filter((format) => format.templateDetection !== undefined)
  .sort((a, b) => (a.templateDetection?.rank ?? 0) - (b.templateDetection?.rank ?? 0));

/** The format a chat template writes calls in, or undefined when no family's markers are found. */
export function detectFormat(chatTemplate: string | undefined): FormatName | undefined {
  if (typeof chatTemplate !== "string" || chatTemplate === "") return undefined;
  return detectionOrder.find((format) => format.templateDetection?.matches(chatTemplate))?.name;
}
