/**
 * How the browser test and the report-open bench start Debian's chromium: headless, no sandbox
 * (root in CI), and nothing that reaches the network on its own (updates, sync, QUIC).
 */

/** Chromium's command-line switches for a quiet headless run. */
export const headlessChromiumArguments: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
