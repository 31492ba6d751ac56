/**
 * The scripted demo model (`demo:script`) passes the backend conformance suite: it answers with the
 * shipped script's words (data/demo/chat-script.jsonl), then with the line that says the script
 * ended, so its output cannot be scripted by the suite.
 */
import { runBackendConformance, unscriptable } from "./backend-conformance.test-support.js";
import { createDemoScriptBackend } from "./demo-script.js";

runBackendConformance(
  "demo:script",
  async () => ({
    // Long enough for the in-flight abort (at 30 ms) to catch the call waiting.
    backend: await createDemoScriptBackend({ delayMs: 100 }),
  }),
  {
    skip: unscriptable(
      "its words are fixed in data/demo/chat-script.jsonl; the replay harness scripts the backend it wraps",
    ),
  },
);
