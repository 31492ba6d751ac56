/**
 * The CLI on real weights: `run`, `eval --limit 5`, `serve` (one chat completion) and `bench`
 * (smallest settings) work on both real files, and nothing they print or write says "random
 * weights". SmolLM2 answers "Paris" to the capital of France through `run`. The Gemma 3 file has
 * no chat template: `run` uses the documented fallback (Gemma's turn format, docs/models.md) and
 * `run --raw` completes plain text. Skipped with a line without the real files.
 * Each command is the CLI from source, greedy, on 1 CPU thread, with few tokens.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { repoRoot, runCliFromSource } from "../eval-cli.test-support.js";
import { realModelsOrSkip } from "./real-models.test-support.js";

const real = realModelsOrSkip();
const scratch = mkdtempSync(join(tmpdir(), "edgecall-real-cli-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** In-process settings every command gets: the CPU, 1 thread (npm test runs two files at once on 2 cores; more threads than idle cores collapse decode). */
const cpu = ["--gpu", "off", "--threads", "1"];
const randomLabel = /random[- ]weights/i;
const question = "What is the capital of France? Answer in one word.";

/** Parses the one JSON document a `--json` command printed, saying what it printed otherwise. */
function jsonOf(stdout: string, stderr: string): Record<string, unknown> {
  try {
    return JSON.parse(stdout) as Record<string, unknown>;
  } catch {
    throw new Error(`not one JSON document: ${stdout.slice(0, 500)}\nstderr: ${stderr.slice(-1000)}`);
  }
}

/** Starts `edgecall serve` from source on a free port; resolves once it listens. */
function startServe(args: string[]): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(repoRoot, "src/cli/main.ts"), "serve", ...args],
      { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`serve did not start: ${stderr}`));
    }, 120_000);
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
      const found = /at (http:\/\/\S+)\/v1 /.exec(stderr);
      if (found) {
        clearTimeout(timer);
        resolve({ child, url: found[1]!, stderr: () => stderr });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited ${code} before listening: ${stderr}`));
    });
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

const files = [
  { name: "SmolLM2 135M Q4_1", key: "smollm2", path: real.smollm2 },
  { name: "Gemma 3 270M Q4_K_M", key: "gemma3", path: real.gemma3 },
];

for (const file of files) {
  describe(`the CLI on ${file.name} (real weights)`, { skip: real.skip }, () => {
    it("run answers, labelled real weights", { timeout: 120_000 }, async () => {
      const args = ["run", "--model", file.path, ...cpu, "--temperature", "0", "--max-tokens", "8"];
      const outcome = await runCliFromSource([...args, "--json", question], {}, 110_000);
      assert.equal(outcome.code, 0, outcome.stderr);
      const document = jsonOf(outcome.stdout, outcome.stderr) as {
        content: string;
        randomWeights: boolean;
        model: { randomWeights: boolean; chatTemplateFallback?: string };
      };
      assert.equal(document.randomWeights, false);
      assert.equal(document.model.randomWeights, false);
      assert.doesNotMatch(outcome.stderr, randomLabel);
      if (file.key === "smollm2") {
        assert.match(document.content, /\bParis\b/);
        assert.equal(document.model.chatTemplateFallback, undefined);
      } else {
        // No chat template in the file: Gemma's turn format, named as the fallback.
        assert.equal(document.model.chatTemplateFallback, "gemma-turns");
      }
    });

    if (file.key === "gemma3") {
      it("run --raw completes plain text on the base model", { timeout: 120_000 }, async () => {
        const outcome = await runCliFromSource(
          ["run", "--model", file.path, ...cpu, "--temperature", "0", "--max-tokens", "4", "--raw"].concat([
            "--json",
            "The Eiffel Tower is in the city of",
          ]),
          {},
          110_000,
        );
        assert.equal(outcome.code, 0, outcome.stderr);
        const document = jsonOf(outcome.stdout, outcome.stderr) as {
          rawText: string;
          randomWeights: boolean;
        };
        assert.equal(document.randomWeights, false);
        assert.match(document.rawText, /Paris/);
      });
    }

    it("eval --limit 5 scores a suite with no harness error, labelled real weights", {
      timeout: 180_000,
    }, async () => {
      const out = join(scratch, `eval-${file.key}`);
      const outcome = await runCliFromSource(
        ["eval", "--model", file.path, ...cpu, "--suite", "assistant:knowledge", "--limit", "5"].concat([
          "--max-tokens",
          "8",
          "--no-cache",
          "--no-progress",
          "--out",
          out,
          "--json",
        ]),
        {},
        170_000,
      );
      assert.equal(outcome.code, 0, outcome.stderr);
      const document = jsonOf(outcome.stdout, outcome.stderr) as {
        model: { randomWeights: boolean };
        overall: { n: number; harnessErrors: number };
      };
      assert.equal(document.model.randomWeights, false);
      assert.equal(document.overall.n, 5);
      assert.equal(document.overall.harnessErrors, 0);
      const [runDirectory] = readdirSync(out);
      const report = readFileSync(join(out, runDirectory!, "report.html"), "utf8");
      assert.doesNotMatch(report, /id="random-weights-banner"/);
      const record = JSON.parse(readFileSync(join(out, runDirectory!, "run.json"), "utf8")) as {
        model: { randomWeights: boolean };
      };
      assert.equal(record.model.randomWeights, false);
    });

    it("serve answers one chat completion, labelled real weights", { timeout: 180_000 }, async () => {
      const { child, url, stderr } = await startServe(["--model", file.path, ...cpu, "--port", "0"]);
      try {
        const response = await fetch(`${url}/v1/chat/completions`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            model: "local",
            messages: [{ role: "user", content: question }],
            max_tokens: 8,
            temperature: 0,
          }),
        });
        const body = (await response.json()) as {
          choices: { message: { role: string; content: string | null } }[];
          usage: { completion_tokens: number };
          edgecall: { randomWeights: boolean };
        };
        assert.equal(response.status, 200, JSON.stringify(body));
        assert.equal(body.choices[0]?.message.role, "assistant");
        assert.ok(body.usage.completion_tokens > 0);
        assert.equal(body.edgecall.randomWeights, false);
        assert.doesNotMatch(stderr(), randomLabel);
      } finally {
        child.kill("SIGINT");
        await exitOf(child);
      }
    });

    it("bench measures prefill and decode, labelled real weights", { timeout: 180_000 }, async () => {
      const outcome = await runCliFromSource(
        ["bench", "--model", file.path, ...cpu, "--prompt-tokens", "16", "--gen-tokens", "4"].concat([
          "--repeats",
          "1",
          "--json",
        ]),
        {},
        170_000,
      );
      assert.equal(outcome.code, 0, outcome.stderr);
      const document = jsonOf(outcome.stdout, outcome.stderr) as {
        randomWeights: boolean;
        results?: unknown[];
      };
      assert.equal(document.randomWeights, false);
      assert.doesNotMatch(outcome.stderr, randomLabel);
    });
  });
}
