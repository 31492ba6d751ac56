/**
 * JSON written the way Python's `json.dumps` and Jinja's `tojson` write it (`", "` and `": "`
 * separators, optional indent), so tool lists in prompts look like the ones models were trained on.
 */

/** Serialises `value` with Python's separators; `indent` switches to one item per line. */
export function pythonStyleJson(value: unknown, indent?: number): string {
  return write(value, indent, 0);
}

function write(value: unknown, indent: number | undefined, depth: number): string {
  if (value === null || value === undefined || typeof value === "function") return "null";
  if (typeof value === "number") return Number.isFinite(value) ? JSON.stringify(value) : "null";
  if (typeof value !== "object") return JSON.stringify(value);
  const isArray = Array.isArray(value);
  const items = isArray
    ? (value as unknown[]).map((item) => write(item, indent, depth + 1))
    : Object.entries(value as Record<string, unknown>)
        .filter(([, item]) => item !== undefined)
        .map(([key, item]) => `${JSON.stringify(key)}: ${write(item, indent, depth + 1)}`);
  const [open, close] = isArray ? ["[", "]"] : ["{", "}"];
  if (items.length === 0) return open + close;
  if (indent === undefined) return open + items.join(", ") + close;
  const inner = " ".repeat(indent * (depth + 1));
  const outer = " ".repeat(indent * depth);
  return `${open}\n${inner}${items.join(`,\n${inner}`)}\n${outer}${close}`;
}
