/**
 * `edgecall env serve --suite LIST`: the suites as training environments over HTTP in OpenEnv's
 * shape (src/env/env-server.ts), until Ctrl-C. Loads the suites once; every reset makes a fresh
 * episode (its own world) of one of their samples.
 */
import { EnvEpisodes } from "../../env/env-episodes.js";
import { defaultEnvBodyBytes, startEnvServer } from "../../env/env-server.js";
import { EdgecallError } from "../../errors.js";
import { planRun } from "../../eval/run-plan.js";
import { createSuites, resolveSuiteNames } from "../../eval/suite-catalog.js";
import { isLoopbackName } from "../../http/host-names.js";
import { allowedHostNames, corsOrigins } from "../../http/web-guard-options.js";
import type { RunningServer } from "../../serve/openai-server.js";
import { defaultSuiteCatalog } from "../../suites/default-catalog.js";
import { listenForInterrupts } from "../interrupts.js";

/** Parsed options of `edgecall env serve`. */
export interface EnvServeOptions {
  suite: string;
  host: string;
  port: number;
  limit?: number;
  maxEpisodes: number;
  /** Seconds an episode may wait for its next step. */
  idleTimeout: number;
  maxBodyMib?: number;
  allowedHosts?: string[];
  cors?: string[];
  bfclDir?: string;
  bfclMode?: "prompt" | "fc";
  verbose?: boolean;
}

/** Where the command writes and what stops it (tests); defaults are the process's. */
export interface EnvServeIo {
  stderr?: NodeJS.WritableStream;
  stop?: AbortSignal;
  onListening?: (url: string) => void;
}

/** Serves until stopped; returns the exit code. */
export async function envServeCommand(options: EnvServeOptions, io: EnvServeIo = {}): Promise<number> {
  const stderr = io.stderr ?? process.stderr;
  if (options.host.trim() === "")
    throw new EdgecallError("usage", "--host: empty (127.0.0.1 for this machine only)", {
      subject: "--host",
    });
  const allowedHosts = allowedHostNames(options.allowedHosts ?? []);
  const cors = corsOrigins(options.cors ?? []);
  const catalog = defaultSuiteCatalog();
  const names = resolveSuiteNames(catalog, options.suite);
  const suites = await createSuites(catalog, names, {
    options: { "bfcl-dir": options.bfclDir, "bfcl-mode": options.bfclMode ?? "fc" },
  });
  const items = await planRun(suites, options.limit === undefined ? {} : { limit: options.limit });
  if (items.length === 0)
    throw new EdgecallError("usage", `--suite ${options.suite}: no samples to serve`, { subject: "--suite" });
  const idleTimeoutMs = options.idleTimeout * 1000;
  const episodes = new EnvEpisodes({ items, maxEpisodes: options.maxEpisodes, idleTimeoutMs });
  const stopping =
    io.stop === undefined ? listenForInterrupts("env serve") : { signal: io.stop, dispose: () => {} };
  let server: RunningServer | undefined;
  try {
    server = await startEnvServer(
      {
        episodes,
        host: options.host,
        allowedHosts,
        corsOrigins: cors,
        idleTimeoutMs,
        maxBodyBytes:
          options.maxBodyMib === undefined ? defaultEnvBodyBytes : options.maxBodyMib * 1024 * 1024,
        ...(options.verbose ? { log: (line: string) => stderr.write(`edgecall: env serve: ${line}\n`) } : {}),
      },
      options.port,
    );
    if (!isLoopbackName(options.host)) {
      stderr.write(
        `edgecall: warning: serving on ${options.host}: anyone who can reach this port can run episodes\n`,
      );
    }
    stderr.write(
      `edgecall: env serve: ${items.length} samples of ${names.join(", ")} at ${server.url} ` +
        `(POST /reset, POST /step, GET /state, /ws; at most ${options.maxEpisodes} episodes, ` +
        `${options.idleTimeout} s idle; Ctrl-C stops)\n`,
    );
    io.onListening?.(server.url);
    if (!stopping.signal.aborted) {
      await new Promise<void>((resolve) =>
        stopping.signal.addEventListener("abort", () => resolve(), { once: true }),
      );
    }
    return 0;
  } finally {
    stopping.dispose();
    if (server === undefined) await episodes.closeAll();
    else await server.close();
  }
}
