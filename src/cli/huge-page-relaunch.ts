/**
 * Relaunching `edgecall` so that glibc starts with `glibc.malloc.hugetlb=1` (see
 * backend/huge-pages.ts for why): glibc reads its tunables only when a process starts, so a command
 * that will load a GGUF in-process runs in a child `node` with the tunable set, which loads the
 * weights into transparent huge pages. The parent only waits: the child inherits stdin, stdout and
 * stderr (a terminal stays a terminal), its exit code becomes the parent's, and a signal that
 * killed it kills the parent the same way.
 *
 * Signals: SIGTERM (and SIGHUP) sent to the parent are passed on. Ctrl-C in a terminal already
 * reaches both processes (the terminal signals its whole foreground process group), so SIGINT is
 * passed on only when no standard stream is a terminal (a supervisor or a test killing the parent);
 * passing it on there too would count as a second Ctrl-C, which quits an eval at once.
 */
import { spawn } from "node:child_process";
import { weightsInHugePages, withHugePageTunable } from "../backend/huge-pages.js";
import { parseModelSpec } from "../backend/model-spec.js";

/** Commands that can load a GGUF in the edgecall process itself (`bench` measures in its own child). */
const inProcessModelCommands = new Set(["chat", "run", "eval", "compare-quants", "probe", "serve"]);

function modelArguments(args: readonly string[]): string[] {
  const values: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === "--model" && index + 1 < args.length) values.push(args[index + 1]!);
    else if (arg.startsWith("--model=")) values.push(arg.slice("--model=".length));
  }
  return values;
}

/**
 * Whether the command line (arguments after the script) may load a GGUF in-process: its command is
 * one of chat, run, eval, compare-quants, probe, serve, and either a `--model` names a GGUF file or
 * none is given (a resumed run or a config file may name one).
 */
export function mayLoadGgufInProcess(args: readonly string[]): boolean {
  const command = args.find((arg) => !arg.startsWith("-"));
  if (command === undefined || !inProcessModelCommands.has(command)) return false;
  if (args.includes("--help") || args.includes("-h")) return false;
  const models = modelArguments(args);
  if (models.length === 0) return true;
  return models.some((spec) => {
    try {
      return parseModelSpec(spec).kind === "gguf";
    } catch {
      return false; // the command itself reports the bad spec
    }
  });
}

/** Whether to relaunch: the command may load a GGUF, and huge pages are allowed but not yet set up. */
export function shouldRelaunch(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): boolean {
  return (
    mayLoadGgufInProcess(args) &&
    !weightsInHugePages(env, platform) &&
    withHugePageTunable(env, platform) !== env
  );
}

function anyStreamIsTerminal(): boolean {
  return Boolean(process.stdin.isTTY || process.stdout.isTTY || process.stderr.isTTY);
}

/**
 * Runs this command again in a child process with the huge-page tunable, when
 * {@link shouldRelaunch} says so, and resolves true once the child has ended (the exit code is then
 * set). Resolves false when no relaunch is needed or the child could not be started: the caller
 * then runs the command itself (with memory-mapped weights).
 */
export function relaunchWithHugePages(): Promise<boolean> {
  const args = process.argv.slice(2);
  if (!shouldRelaunch(args)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: "inherit",
      env: withHugePageTunable(process.env),
    });
    const terminal = anyStreamIsTerminal();
    const passOn = (signal: NodeJS.Signals) => () => {
      if (signal === "SIGINT" && terminal) return; // the terminal signalled the child already
      child.kill(signal);
    };
    const handlers = (["SIGINT", "SIGTERM", "SIGHUP"] as const).map(
      (signal) => [signal, passOn(signal)] as const,
    );
    for (const [signal, handler] of handlers) process.on(signal, handler);
    const removeHandlers = () => {
      for (const [signal, handler] of handlers) process.off(signal, handler);
    };
    child.once("error", () => {
      removeHandlers();
      resolve(false);
    });
    child.once("exit", (code, signal) => {
      removeHandlers();
      if (signal !== null) {
        process.kill(process.pid, signal);
        return;
      }
      process.exitCode = code ?? 1;
      resolve(true);
    });
  });
}
