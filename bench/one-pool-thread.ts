/**
 * Runs a bench with libuv's thread pool at one thread, as the `edgecall` command runs itself
 * (bin/edgecall.js): node-llama-cpp decodes and samples every token on that pool, and with Node's
 * default of four threads consecutive tokens land on different threads and cores, which decoded
 * slower here (docs/benchmarks.md, "libuv's thread pool"). The pool starts before a script's first
 * line runs (the module loader reads files on it), so the variable cannot be set from inside:
 * without it, the script runs itself again in a child that has it, and exits with the child's
 * status. An explicit UV_THREADPOOL_SIZE wins.
 */
import { spawnSync } from "node:child_process";
import { benchWorkerEnvironment } from "../src/bench/run-bench.js";

/** Call first: returns only in a process whose pool size was chosen. */
export function runWithOnePoolThread(): void {
  if (process.env.UV_THREADPOOL_SIZE !== undefined) return;
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: benchWorkerEnvironment(process.env),
  });
  if (child.error !== undefined) {
    process.stderr.write(`could not run the bench again with UV_THREADPOOL_SIZE=1: ${child.error.message}\n`);
    process.exit(1);
  }
  process.exit(child.status ?? 1);
}
