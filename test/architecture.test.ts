import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const source = join(root, "src");

/** Every production .ts file under src/ (tests and test support excluded). */
function productionFiles(directory: string, found: string[] = []): string[] {
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) productionFiles(path, found);
    else if (entry.endsWith(".ts") && !entry.endsWith(".test.ts") && !entry.includes(".test-support."))
      found.push(path);
  }
  return found;
}

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"|import\("(\.[^"]+)"\)/g;

/** Relative imports of one file, as src-relative paths (type-only imports included: they are edges too). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const targets: string[] = [];
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (specifier === undefined) continue;
    const target = resolve(dirname(file), specifier.replace(/\.js$/, ".ts"));
    targets.push(relative(source, target));
  }
  return targets;
}

function graph(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of productionFiles(source)) edges.set(relative(source, file), importsOf(file));
  return edges;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
function cycles(edges: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!edges.has(next)) continue;
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, indices.get(next) ?? 0));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (edges.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!indices.has(node)) visit(node);
  return found;
}

/**
 * The layers of docs/architecture.md, bottom up: a file may import its own layer and the ones
 * below, never one above. A top-level file of src/ is its own module name (without `.ts`).
 */
const layers: readonly (readonly string[])[] = [
  ["messages", "errors", "error-message", "canonical-json", "sha256", "atomic-file", "stats", "text"],
  ["formats", "gguf", "bfcl", "tools", "json-schema", "http", "html"],
  ["grammar", "guards"],
  ["backend", "assistant", "mcp"],
  ["agent", "serve", "bench"],
  ["eval"],
  ["suites"],
  ["compare", "report", "probes", "export", "env"],
  ["cli"],
  ["index"],
];

function layerOf(file: string): number {
  const top = file.includes("/") ? (file.split("/")[0] ?? file) : file.replace(/\.ts$/, "");
  const layer = layers.findIndex((names) => names.includes(top));
  assert.notEqual(layer, -1, `${file}: its folder is in no layer of this test (add it)`);
  return layer;
}

/** Every .ts file under the given top-level folders, tests (`*.test.ts`) excluded, test support included. */
function sourceFiles(folders: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory)) {
      const path = join(directory, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith(".ts") && !entry.endsWith(".test.ts")) found.push(relative(root, path));
    }
  };
  for (const folder of folders) walk(join(root, folder));
  return found.sort();
}

/**
 * The source files allowed over 300 lines, each with its reason: data tables only (records one
 * after another, no logic to split along a seam). Code over 300 lines splits instead.
 */
const longDataTables: Readonly<Record<string, string>> = {
  "scripts/assistant-data/knowledge-common.ts": "the common-knowledge articles of assistant:knowledge",
  "scripts/assistant-data/knowledge-local.ts": "the made-up local articles of assistant:knowledge",
  "scripts/stateful-scenarios/canonicalisation.ts": "assistant:stateful scenarios, one record each",
  "scripts/stateful-scenarios/coreference.ts": "assistant:stateful scenarios, one record each",
  "scripts/stateful-scenarios/disambiguation.ts": "assistant:stateful scenarios, one record each",
  "scripts/stateful-scenarios/multiple-tool-calls.ts": "assistant:stateful scenarios, one record each",
  "scripts/stateful-scenarios/multiple-user-turns.ts": "assistant:stateful scenarios, one record each",
  "scripts/stateful-scenarios/single-tool-call.ts": "assistant:stateful scenarios, one record each",
  "scripts/stateful-scenarios/state-dependency.ts": "assistant:stateful scenarios, one record each",
};

describe("the import graph", () => {
  it("points down the layers only (docs/architecture.md)", () => {
    const upward: string[] = [];
    for (const [file, targets] of graph())
      for (const target of targets) if (layerOf(target) > layerOf(file)) upward.push(`${file} -> ${target}`);
    assert.deepEqual(upward, []);
  });

  it("lets eval name no suite family: it imports nothing of bfcl/ or suites/ (issue 38)", () => {
    const families = ["bfcl", "suites"];
    const named: string[] = [];
    for (const [file, targets] of graph())
      if (file.startsWith("eval/"))
        for (const target of targets)
          if (families.includes(target.split("/")[0] ?? "")) named.push(`${file} -> ${target}`);
    assert.deepEqual(named, []);
  });

  it("has no import cycle among the files under src/", () => {
    assert.deepEqual(cycles(graph()), []);
  });

  it("resolves every relative import to a file that exists", () => {
    const edges = graph();
    const missing: string[] = [];
    for (const [file, targets] of edges) {
      for (const target of targets) {
        try {
          statSync(join(source, target));
        } catch {
          missing.push(`${file} -> ${target}`);
        }
      }
    }
    assert.deepEqual(missing, []);
  });

  it("is described by the layer table of docs/architecture.md", () => {
    const doc = readFileSync(join(root, "docs", "architecture.md"), "utf8");
    const rows = [...doc.matchAll(/^\| \d+\. [^|]+\| (.+) \|$/gm)].map((match) =>
      [...(match[1] ?? "").matchAll(/`([a-z0-9-]+)(?:\.ts|\/)`/g)].map((name) => name[1]),
    );
    assert.deepEqual(rows, layers);
  });
});

describe("the files", () => {
  it("of the upper layers stay under 300 lines (a longer file splits along a seam)", () => {
    const upper = ["agent", "eval", "suites", "compare", "report", "probes", "cli", "formats", "grammar"];
    const long = productionFiles(source)
      .filter((file) => upper.includes(relative(source, file).split("/")[0] ?? ""))
      .map((file) => ({
        file: relative(source, file),
        lines: readFileSync(file, "utf8").split("\n").length - 1,
      }))
      .filter((entry) => entry.lines > 300);
    assert.deepEqual(long, []);
  });

  it("of src/, bench/ and scripts/ stay under 300 lines, data tables excepted by name", () => {
    const long = sourceFiles(["src", "bench", "scripts"])
      .map((file) => ({ file, lines: readFileSync(join(root, file), "utf8").split("\n").length - 1 }))
      .filter((entry) => entry.lines > 300 && !Object.hasOwn(longDataTables, entry.file))
      .map((entry) => `${entry.file}: ${entry.lines} lines`);
    assert.deepEqual(long, []);
  });

  it("excepted from the 300 lines are data tables that exist and need it", () => {
    const stale: string[] = [];
    for (const file of Object.keys(longDataTables)) {
      let lines = 0;
      try {
        lines = readFileSync(join(root, file), "utf8").split("\n").length - 1;
      } catch {
        stale.push(`${file}: missing`);
        continue;
      }
      if (lines <= 300) stale.push(`${file}: ${lines} lines, under the limit (drop the exception)`);
    }
    assert.deepEqual(stale, []);
  });

  it("cited by the docs exist", () => {
    const docs = ["README.md", ...readdirSync(join(root, "docs")).map((name) => join("docs", name))].filter(
      (name) => name.endsWith(".md"),
    );
    const missing: string[] = [];
    for (const doc of docs)
      for (const match of readFileSync(join(root, doc), "utf8").matchAll(
        /\b(src\/[A-Za-z0-9_./-]*[A-Za-z0-9_-])/g,
      )) {
        const path = match[1] ?? "";
        try {
          statSync(join(root, path));
        } catch {
          missing.push(`${doc}: ${path}`);
        }
      }
    assert.deepEqual(missing, []);
  });
});
