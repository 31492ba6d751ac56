/**
 * Test support: reads files of the llama.cpp source that node-llama-cpp ships as a git bundle
 * (node_modules/node-llama-cpp/llama/gitRelease.bundle). The bundle is fetched once per machine
 * into `<repo>/.cache/llama-src.git` (a bare repository, gitignored); concurrent test processes
 * each fetch into a temporary directory and rename it into place, so no lock is needed.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bundlePath = join(repositoryRoot, "node_modules", "node-llama-cpp", "llama", "gitRelease.bundle");
const cacheDirectory = join(repositoryRoot, ".cache");
const cacheRepository = join(cacheDirectory, "llama-src.git");
const branch = "release";
const contents = new Map<string, string>();

function git(gitDirectory: string, ...args: string[]): string {
  return execFileSync("git", ["--git-dir", gitDirectory, ...args], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function hasRelease(gitDirectory: string): boolean {
  if (!existsSync(gitDirectory)) return false;
  try {
    git(gitDirectory, "rev-parse", "--verify", "--quiet", `refs/heads/${branch}`);
    return true;
  } catch {
    return false;
  }
}

/** Makes sure the cache repository exists and holds the bundle's HEAD as `release`. */
function ensureCache(): void {
  if (hasRelease(cacheRepository)) return;
  if (!existsSync(bundlePath)) throw new Error(`llama.cpp source bundle not found at ${bundlePath}`);
  mkdirSync(cacheDirectory, { recursive: true });
  const temporary = mkdtempSync(join(cacheDirectory, "llama-src.git.tmp-"));
  try {
    execFileSync("git", ["init", "--bare", "--quiet", temporary], { stdio: "ignore" });
    git(temporary, "fetch", "--quiet", bundlePath, `HEAD:refs/heads/${branch}`);
    if (existsSync(cacheRepository) && !hasRelease(cacheRepository))
      rmSync(cacheRepository, { recursive: true, force: true });
    try {
      renameSync(temporary, cacheRepository);
    } catch (error) {
      if (!hasRelease(cacheRepository)) throw error;
    }
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

/** The text of `relativePath` (e.g. "models/templates/Qwen3.5-4B.jinja") in the shipped llama.cpp source. */
export function readLlamaSourceFile(relativePath: string): string {
  const cached = contents.get(relativePath);
  if (cached !== undefined) return cached;
  ensureCache();
  const text = git(cacheRepository, "show", `${branch}:${relativePath}`);
  contents.set(relativePath, text);
  return text;
}
