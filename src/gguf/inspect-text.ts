/**
 * The human-readable form of `edgecall inspect`: a key: value summary, the tensor type histogram
 * the problems that make the model unloadable, and one line per metadata pair (long strings and
 * arrays shortened).
 */

import type { InspectResult } from "./inspect.js";
import type { ArraySummary, JsonValue } from "./inspect-metadata.js";

const longestShownString = 72;

/** Formats an {@link InspectResult} as plain text lines (no colour), ending with a newline. */
export function formatInspectText(result: InspectResult): string {
  const summary: [string, string][] = [
    ["architecture", result.architecture === null ? "(none)" : safe(result.architecture)],
    ["name", result.name === null ? "(none)" : safe(result.name)],
    ["parameters", `${humanCount(result.parameters)} (${result.parameters.toLocaleString("en-US")})`],
    [
      "file type",
      result.fileType === null
        ? "(unknown)"
        : `${result.fileType}${result.fileTypeGuessed ? " (guessed)" : ""}`,
    ],
    ["context length", result.contextLength === null ? "(none)" : String(result.contextLength)],
    ["vocabulary", result.vocabularySize === null ? "(none)" : `${result.vocabularySize} tokens`],
    ["chat template", result.chatTemplate === null ? "(none)" : `${result.chatTemplate.length} characters`],
    ["tensors", String(result.tensorCount)],
    ["tensor types", histogram(result.tensorTypes)],
    ["tensor data", humanBytes(result.sizeBytes)],
    ["file", `${humanBytes(result.fileSize)}, GGUF v${result.version}`],
  ];
  const width = Math.max(...summary.map(([label]) => label.length)) + 2;
  const lines = summary.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`);
  if (result.problems.length > 0) {
    lines.push("", `problems (${result.problems.length}; llama.cpp cannot load this file):`);
    for (const problem of result.problems) lines.push(`  ${safe(problem)}`);
  }
  const keys = Object.keys(result.metadata);
  lines.push("", `metadata (${keys.length} keys):`);
  for (const key of keys) lines.push(`  ${safe(key)} = ${shortValue(result.metadata[key] ?? null)}`);
  return `${lines.join("\n")}\n`;
}

function histogram(types: Record<string, number>): string {
  const entries = Object.entries(types);
  return entries.length === 0
    ? "(none)"
    : entries.map(([name, count]) => `${safe(name)} ${count}`).join(", ");
}

function shortValue(value: JsonValue): string {
  if (typeof value === "string") return shortString(value);
  if (Array.isArray(value)) return `[${value.map(shortValue).join(", ")}]`;
  if (isSummary(value)) {
    const head = value.head.map(shortValue).join(", ");
    return `[${value.elementType} x ${value.length}] ${head}, ...`;
  }
  return JSON.stringify(value);
}

/**
 * `text` with control characters (C0, DEL and C1, which terminals may act on) written as \u
 * escapes: keys and values come from the file and must not drive the terminal.
 */
function safe(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (character) => {
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

function shortString(text: string): string {
  const quoted = safe(JSON.stringify(text));
  if (quoted.length <= longestShownString) return quoted;
  return `${quoted.slice(0, longestShownString - 4)}..." (${text.length} characters)`;
}

function isSummary(value: JsonValue): value is ArraySummary & { [key: string]: JsonValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value) && value.type === "array";
}

/** 596049920 → "596.05 M". */
function humanCount(count: number): string {
  if (count >= 1e12) return `${(count / 1e12).toFixed(2)} T`;
  if (count >= 1e9) return `${(count / 1e9).toFixed(2)} B`;
  if (count >= 1e6) return `${(count / 1e6).toFixed(2)} M`;
  if (count >= 1e3) return `${(count / 1e3).toFixed(2)} K`;
  return String(count);
}

function humanBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(2)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(2)} KiB`;
  return `${bytes} B`;
}
