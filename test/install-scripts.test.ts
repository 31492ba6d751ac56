/**
 * npm 11 warns "install scripts not yet covered by allowScripts" on `npm ci` for every dependency
 * with an install script that package.json's `allowScripts` does not name. The dependencies that
 * need theirs (better-sqlite3's native build, esbuild's binary check, node-llama-cpp's binaries)
 * are approved there, so a fresh clone's `npm ci` is quiet and still runs them.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

const root = join(import.meta.dirname, "..");

test("every locked dependency with an install script is named in package.json's allowScripts", () => {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, { hasInstallScript?: boolean; version?: string }>;
  };
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    allowScripts?: Record<string, boolean>;
  };
  const allowed = manifest.allowScripts ?? {};
  const withScripts = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript === true)
    .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
  assert.ok(withScripts.length > 0, "package-lock.json lists no install scripts: the test reads it wrongly");
  const uncovered = withScripts.filter(
    (name) =>
      allowed[name] === undefined &&
      !Object.keys(allowed).some((key) => key.startsWith(`${name}@`) && allowed[key] !== undefined),
  );
  assert.deepEqual(uncovered, [], "add these to package.json's allowScripts (npm install-scripts approve)");
  for (const name of ["better-sqlite3", "node-llama-cpp"])
    assert.equal(
      allowed[name],
      true,
      `${name}'s install script must run: it fetches or builds the native binary`,
    );
});
