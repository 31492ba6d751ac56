/**
 * bin/edgecall.js relaunching itself with glibc's huge-page tunable (src/cli/huge-page-relaunch.ts)
 * before commands that load a GGUF in-process: the tunable reaches the child only, exit codes and
 * output pass through, and signals sent to the parent reach the child. A preload module (passed to
 * the parent as a Node option, which the child inherits) prints each process's pid and tunables.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { tinyModelPath } from "../src/gguf/synth/tiny-model.test-support.js";
import { edgecallBin, runCli } from "./cli-helpers.test-support.js";

const preloadSource =
  'process.stderr.write("preload pid=" + process.pid + " tunables=" + (process.env.GLIBC_TUNABLES ?? "") + "\\n");';
const preload = `--import=data:text/javascript,${encodeURIComponent(preloadSource)}`;
const linuxOnly = process.platform === "linux" ? {} : { skip: "glibc tunables are Linux-only" };

interface Preloaded {
  pid: number;
  tunables: string;
}

function preloads(stderr: string): Preloaded[] {
  return [...stderr.matchAll(/^preload pid=(\d+) tunables=(.*)$/gm)].map((match) => ({
    pid: Number(match[1]),
    tunables: match[2]!,
  }));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("edgecall relaunch for huge pages", linuxOnly, () => {
  it("runs a GGUF command in a child with the tunable and passes its exit code and errors through", async () => {
    const result = await runCli(["run", "--model", "/nonexistent/model.gguf", "hello"], {
      nodeOptions: [preload],
      env: { GLIBC_TUNABLES: "", EDGECALL_HUGE_PAGES: "" },
    });
    const seen = preloads(result.stderr);
    assert.deepEqual(
      seen.map((entry) => entry.tunables),
      ["", "glibc.malloc.hugetlb=1"],
      result.stderr,
    );
    assert.notEqual(seen[0]!.pid, seen[1]!.pid);
    assert.equal(result.code, 1);
    assert.equal(result.stderr.match(/^edgecall: .*nonexistent\/model\.gguf/gm)?.length, 1, result.stderr);
  });

  it("does not relaunch when switched off, for other commands, or for non-GGUF models", async () => {
    const off = await runCli(["run", "--model", "/nonexistent/model.gguf", "hello"], {
      nodeOptions: [preload],
      env: { GLIBC_TUNABLES: "", EDGECALL_HUGE_PAGES: "0" },
    });
    assert.deepEqual(
      preloads(off.stderr).map((entry) => entry.tunables),
      [""],
    );
    assert.equal(off.code, 1);
    const parse = await runCli(["parse", "--format", "qwen3", "--json"], {
      nodeOptions: [preload],
      env: { GLIBC_TUNABLES: "" },
      stdin: "no call here",
    });
    assert.equal(parse.code, 0, parse.stderr);
    assert.equal(preloads(parse.stderr).length, 1);
    const replay = await runCli(["run", "--model", "replay:/nonexistent/script.jsonl", "hello"], {
      nodeOptions: [preload],
      env: { GLIBC_TUNABLES: "" },
    });
    assert.equal(preloads(replay.stderr).length, 1);
  });

  it("passes SIGTERM and SIGINT on to the child, and ends the way the child ends", async () => {
    const model = await tinyModelPath("qwen3");
    const start = () => {
      const child = spawn(
        process.execPath,
        [
          preload,
          edgecallBin,
          "chat",
          "--model",
          model,
          "--state",
          mkdtempSync(join(tmpdir(), "edgecall-hp-")),
        ],
        {
          env: { ...process.env, GLIBC_TUNABLES: "", EDGECALL_HUGE_PAGES: "" },
          stdio: ["pipe", "pipe", "pipe"],
        },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
      });
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
      });
      const ready = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`chat never asked: ${stderr}`)), 60_000);
        child.stdout.on("data", () => {
          if (stdout.includes("you> ")) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on("close", (code, signal) => resolve({ code, signal })),
      );
      return { child, ready, ended, output: () => ({ stdout, stderr }) };
    };

    // SIGTERM: chat does not handle it, so the child dies of it, and so does the parent.
    const terminated = start();
    await terminated.ready;
    terminated.child.kill("SIGTERM");
    const termination = await terminated.ended;
    assert.equal(termination.signal, "SIGTERM", JSON.stringify(terminated.output()));
    const [parent, relaunched] = preloads(terminated.output().stderr);
    assert.equal(relaunched?.tunables, "glibc.malloc.hugetlb=1");
    assert.equal(parent?.pid, terminated.child.pid);
    assert.equal(alive(relaunched!.pid), false, "the relaunched chat is gone too");

    // SIGINT without a terminal: passed on once; chat ends its input on it and exits normally.
    const interrupted = start();
    await interrupted.ready;
    interrupted.child.kill("SIGINT");
    const interruption = await interrupted.ended;
    assert.deepEqual(interruption, { code: 0, signal: null }, JSON.stringify(interrupted.output()));
  });
});
