/**
 * `edgecall serve --model SPEC [--host 127.0.0.1] [--port 8080]`: the model behind an
 * OpenAI-compatible API until Ctrl-C (or SIGTERM), which closes the server and the model and exits 0:
 * for a server, being stopped is its normal end (a second Ctrl-C exits 130 at once). The model is opened before the port is bound, so a
 * bad model fails at once; the URL goes to stderr, with a note when the weights are random.
 */
import { basename } from "node:path";
import type { ModelBackend } from "../../backend/model-backend.js";
import { hubSpecLabel, type ModelSpec, parseModelSpec, readModelSpec } from "../../backend/model-spec.js";
import { openModel } from "../../backend/open-model.js";
import { EdgecallError } from "../../errors.js";
import { isLoopbackName } from "../../http/host-names.js";
import { allowedHostNames, corsOrigins } from "../../http/web-guard-options.js";
import { createOpenAIServerApp, type RunningServer, startOpenAIServer } from "../../serve/openai-server.js";
import { traceRecordingBackend } from "../../serve/trace-recorder.js";
import { listenForInterrupts } from "../interrupts.js";
import {
  constrainedWarning,
  httpModelLimits,
  inProcessModelOptions,
  type ModelOptionValues,
  templateOptions,
} from "../model-options.js";

/** Parsed options of `edgecall serve`. */
export interface ServeCommandOptions extends ModelOptionValues {
  host: string;
  port: number;
  /** The model id clients see; default the file name without `.gguf` (or the spec's model). */
  modelName?: string;
  constrained?: boolean;
  /** Require `Authorization: Bearer KEY`; default `EDGECALL_API_KEY` (which `ps` does not show). */
  apiKey?: string;
  /** More names the `Host` header may give (`--allowed-hosts`), besides loopback and `host`. */
  allowedHosts?: string[];
  /** Origins whose web pages may call the server (`--cors`); none by default. */
  cors?: string[];
  /** Log each request on stderr. */
  verbose?: boolean;
  /** Most chat completions generating or waiting at once (0: no limit); more get 503 with Retry-After. */
  maxPending?: number;
  /** Append each answered request and its response to this JSONL file (a `traces:` suite reads it). */
  record?: string;
  /** `--max-body-mib`: largest request body (default 8). */
  maxBodyMib?: number;
  /** `--responses-store-mib`: `/v1/responses` items kept (default 16; 0: none). */
  responsesStoreMib?: number;
}

/** Where the command writes, what opens the model and what stops it; defaults are the process's. */
export interface ServeIo {
  stderr?: NodeJS.WritableStream;
  openBackend?: typeof openModel;
  /** Stops the server when it fires; default SIGINT or SIGTERM. */
  stop?: AbortSignal;
  /** Told the URL once the server listens (tests). */
  onListening?: (url: string) => void;
}

/** The model id a spec is served under when `--model-name` is not given. */
export function defaultModelName(spec: string | ModelSpec): string {
  const parsed = typeof spec === "string" ? parseModelSpec(spec) : spec;
  switch (parsed.kind) {
    case "gguf":
      return basename(parsed.path).replace(/\.gguf$/i, "");
    case "openai":
      return parsed.model;
    case "replay":
      return basename(parsed.path).replace(/\.jsonl$/i, "");
    case "demo":
      return "demo";
    case "hf":
      return hubSpecLabel(parsed);
  }
}

/** Serves until stopped; returns the exit code. */
export async function serveCommand(options: ServeCommandOptions, io: ServeIo = {}): Promise<number> {
  const stderr = io.stderr ?? process.stderr;
  if (options.apiKey !== undefined && options.apiKey.trim() === "") {
    throw new EdgecallError("usage", "--api-key: the key is empty", { subject: "--api-key" });
  }
  // An empty EDGECALL_API_KEY counts as unset.
  const apiKey = options.apiKey ?? (process.env.EDGECALL_API_KEY?.trim() || undefined);
  if (options.host.trim() === "") {
    throw new EdgecallError(
      "usage",
      "--host: empty (127.0.0.1 for this machine only, 0.0.0.0 for every interface)",
      {
        subject: "--host",
      },
    );
  }
  if (options.modelName !== undefined && options.modelName.trim() === "") {
    throw new EdgecallError("usage", "--model-name: empty", { subject: "--model-name" });
  }
  const model = readModelSpec(options.model); // parsed once: named and opened
  const modelName = options.modelName ?? defaultModelName(model.spec);
  const allowedHosts = allowedHostNames(options.allowedHosts ?? []);
  const cors = corsOrigins(options.cors ?? []);
  // listenForInterrupts keeps its listeners until disposed: node-llama-cpp brings signal-exit, which
  // re-raises a signal that finds no other listener, and the process would die before cleanup.
  const stopping =
    io.stop === undefined ? listenForInterrupts("serve") : { signal: io.stop, dispose: () => {} };
  let backend: ModelBackend | undefined;
  let server: RunningServer | undefined;
  try {
    backend = await (io.openBackend ?? openModel)(model, {
      format: options.format,
      gpu: options.gpu,
      threads: options.threads,
      ...httpModelLimits(options),
      ...templateOptions(options),
      ...inProcessModelOptions(options),
      contextSize: options.contextSize,
    });
    if (options.record !== undefined) {
      backend = traceRecordingBackend(backend, options.record, modelName);
      stderr.write(`edgecall: serve: recording requests and responses to ${options.record}\n`);
    }
    const app = createOpenAIServerApp({
      backend,
      modelName,
      constrained: options.constrained,
      apiKey,
      host: options.host,
      allowedHosts,
      corsOrigins: cors,
      log: options.verbose ? (line) => stderr.write(`edgecall: serve: ${line}\n`) : undefined,
      ...(options.maxPending === undefined ? {} : { maxPending: options.maxPending }),
      ...(options.maxBodyMib === undefined ? {} : { maxBodyBytes: options.maxBodyMib * 1024 * 1024 }),
      ...(options.responsesStoreMib === undefined
        ? {}
        : { responsesStoreBytes: options.responsesStoreMib * 1024 * 1024 }),
    });
    server = await startOpenAIServer(app, options.host, options.port);
    if (backend.info.randomWeights === true) {
      stderr.write("edgecall: note: this model has random weights: its replies are noise, not results\n");
    }
    const warning = options.constrained ? constrainedWarning(backend) : undefined;
    if (warning !== undefined) stderr.write(warning);
    if (!isLoopbackName(options.host) && apiKey === undefined) {
      stderr.write(
        `edgecall: warning: serving on ${options.host} without --api-key: anyone who can reach this port can use the model\n`,
      );
    }
    stderr.write(
      `edgecall: serving ${modelName} (${backend.info.backend}${backend.info.format ? `, format ${backend.info.format}` : ""}) ` +
        `at ${server.url}/v1 (OpenAI-compatible; Ctrl-C stops)\n`,
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
    await server?.close();
    await backend?.close();
  }
}
