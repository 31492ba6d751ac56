/**
 * Ctrl-C handling shared by the long-running commands (`eval`, `compare-quants`, `probe`): the
 * first SIGINT or SIGTERM aborts the returned signal (the command finishes what is safe and exits
 * 130, resumable); a second one exits 130 at once (every finished result is already committed).
 */

/** The abort signal of one command run, and a function that removes the handlers. */
export interface InterruptListener {
  signal: AbortSignal;
  dispose(): void;
}

/** Installs the handlers for `command` (named in the messages). */
export function listenForInterrupts(command: string): InterruptListener {
  const controller = new AbortController();
  let interrupts = 0;
  const onInterrupt = (): void => {
    interrupts += 1;
    if (interrupts > 1) {
      process.stderr.write(
        `\nedgecall: ${command}: interrupted again, exiting now (finished results are saved)\n`,
      );
      process.exit(130);
    }
    process.stderr.write(`\nedgecall: ${command}: interrupted; stopping (Ctrl-C again to quit at once)\n`);
    controller.abort();
  };
  process.on("SIGINT", onInterrupt);
  process.on("SIGTERM", onInterrupt);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off("SIGINT", onInterrupt);
      process.off("SIGTERM", onInterrupt);
    },
  };
}
