/**
 * The names of new run directories: `<out>/<UTC timestamp>-<model>-<suites>`, with a numeric
 * suffix when that path exists already.
 */
import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import { hubSpecLabel, type ModelSpec } from "../backend/model-spec.js";

function slug(text: string, maxLength: number): string {
  const cleaned = text
    .replace(/[^A-Za-z0-9._+-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
  return (cleaned || "x").slice(0, maxLength);
}

function modelSlug(spec: ModelSpec): string {
  switch (spec.kind) {
    case "demo":
      return "demo";
    case "gguf":
      return basename(spec.path).replace(/\.gguf$/i, "");
    case "openai":
      return spec.model;
    case "replay":
      return `replay-${basename(spec.path).replace(/\.jsonl?$/i, "")}`;
    case "hf":
      return hubSpecLabel(spec);
  }
}

/** A new run directory path under `out` (not yet created); a numeric suffix avoids collisions. */
export function defaultRunDirectory(
  out: string,
  spec: ModelSpec,
  suites: readonly string[],
  now = new Date(),
  suffix = "",
): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const base = join(
    out,
    `${stamp}-${slug(modelSlug(spec), 40)}-${slug(suites.join("+").replace(/:/g, "_"), 60)}${suffix}`,
  );
  return unusedPath(base);
}

/** `base`, or `base-2`, `base-3`, ... : the first that does not exist yet. */
export function unusedPath(base: string): string {
  let candidate = base;
  for (let index = 2; existsSync(candidate); index += 1) candidate = `${base}-${index}`;
  return candidate;
}
