/**
 * OpenEnv's own Python client (openenv-core, pinned in requirements-no-deps.txt with what its
 * client imports in requirements.txt) against `edgecall env serve`, the CLI itself on a free
 * loopback port: openenv-peer.py plays the reference trajectory (reward 1), a counterfeit (0) and
 * a do-nothing reply (0) of `stateful_single_dnd` with `GenericEnvClient`, which speaks OpenEnv's
 * session protocol over `/ws`. Skipped with a line without the peers' Python
 * (python-peers.test-support.ts), or with a peers' Python made before openenv-core joined it.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { pythonPeersOrSkip, repositoryRoot, runPeer, scenarioResults } from "./python-peers.test-support.js";

const peers = pythonPeersOrSkip();
const openenvSkip =
  peers.skip !== false
    ? peers.skip
    : spawnSync(peers.python, ["-c", "import openenv.core.generic_client"]).status === 0
      ? false
      : "OpenEnv peer skipped: the peers' Python has no openenv-core (rerun scripts/python-peers.sh DIR)";

/** Starts `env serve --port 0` and resolves its URL from the line it prints on stderr. */
function startEnvServe(): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "src/cli/main.ts",
      "env",
      "serve",
      "--suite",
      "assistant:stateful",
      "--limit",
      "3",
      "--port",
      "0",
    ],
    { cwd: repositoryRoot, stdio: ["ignore", "ignore", "pipe"] },
  );
  const url = new Promise<string>((resolve, reject) => {
    let text = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const found = /at (http:\/\/\S+) \(POST \/reset/.exec(text);
      if (found?.[1] !== undefined) resolve(found[1]);
    });
    child.once("exit", (code) => reject(new Error(`env serve exited ${code}: ${text}`)));
  });
  return { child, url };
}

describe("env serve with OpenEnv's Python client", { skip: openenvSkip }, () => {
  let server: ChildProcess | undefined;
  let results: ReturnType<typeof scenarioResults>;

  before(async () => {
    const started = startEnvServe();
    server = started.child;
    results = scenarioResults(
      await runPeer(peers.python, "openenv-peer.py", [await started.url, "stateful_single_dnd"]),
    );
  });
  after(() => {
    server?.kill("SIGTERM");
  });

  it("earns reward 1 with the reference trajectory, 0 before its end", () => {
    const reference = results.get("reference");
    assert.equal(reference?.ok, true, reference?.error);
    assert.equal(reference?.done, true);
    assert.deepEqual(reference?.rewards, [0, 1]);
    assert.deepEqual(reference?.first_roles, ["system", "user"]);
    assert.ok(((reference?.tools ?? []) as string[]).includes("settings_set"));
    assert.equal((reference?.state as { step_count?: number } | undefined)?.step_count, 2);
  });

  it("gives a counterfeit and a do-nothing reply reward 0, with the scorer's explanation", () => {
    for (const scenario of ["counterfeit", "do-nothing"]) {
      const result = results.get(scenario);
      assert.equal(result?.ok, true, result?.error);
      assert.equal(result?.done, true);
      assert.equal(result?.reward, 0);
      assert.match(String(result?.explanation), /missed/);
    }
  });
});
