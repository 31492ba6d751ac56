/**
 * Writes plain JSON data as Python source: calls `name(key=value)` as LFM2 and BFCL prompt-mode
 * models write them. Strings use double quotes with escapes Python reads back identically.
 */
import type { ToolCall } from "../messages.js";

/** Renders a JSON value as a Python literal (`True`, `None`, `{"a": [1, 2]}`). */
export function renderPythonValue(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "None";
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(renderPythonValue).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${renderPythonValue(item)}`).join(", ")}}`;
  }
  return JSON.stringify(String(value));
}

/** Renders one call as `name(key=value, ...)`. */
export function renderPythonCall(call: ToolCall): string {
  const argumentsText = Object.entries(call.arguments).map(
    ([key, value]) => `${key}=${renderPythonValue(value)}`,
  );
  return `${call.name}(${argumentsText.join(", ")})`;
}

/** Renders calls as a Python list `[f(a=1), g(b="x")]`. */
export function renderPythonCallList(calls: readonly ToolCall[]): string {
  return `[${calls.map(renderPythonCall).join(", ")}]`;
}
