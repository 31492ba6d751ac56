/**
 * Entry point of the benchmark child process (started by run-bench.ts with `fork`): receives one
 * {@link WorkerRequest} over IPC, measures, sends progress lines and then the result or an error,
 * and exits.
 */

import { errorMessage } from "../error-message.js";
import type { WorkerMessage, WorkerRequest } from "./bench-protocol.js";

function send(message: WorkerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

process.once("message", async (request: WorkerRequest) => {
  let exitCode = 0;
  try {
    const { measure } = await import("./bench-measure.js");
    const result = await measure(
      request,
      (message, progress) =>
        void send({ type: "progress", message, ...(progress === undefined ? {} : { progress }) }),
    );
    await send({ type: "result", result });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    await send({
      type: "error",
      code: typeof code === "string" ? code : "model-load",
      message: errorMessage(error),
    });
    exitCode = 1;
  }
  process.exit(exitCode);
});
