import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createSuites } from "../../eval/suite-catalog.js";
import { checkSuites } from "../../eval/suite-check.js";
import { defaultSuiteCatalog } from "../../suites/default-catalog.js";
import { ProgressLine } from "../../text/progress-line.js";
import { suiteCheckProgress } from "./suite-check-command.js";

describe("suite check progress", () => {
  it("says each stage of each suite, with its sample count, as plain lines off a terminal", async () => {
    const writes: string[] = [];
    const line = new ProgressLine({
      label: "suite check",
      stream: { isTTY: false, write: (text: string) => writes.push(text) },
      intervalMs: 0,
      ticker: false,
    });
    const suites = await createSuites(defaultSuiteCatalog(), ["assistant:single", "assistant:irrelevance"], {
      options: {},
    });
    await checkSuites(suites, { limit: 3, counterfeits: 1, onProgress: suiteCheckProgress(line) });
    line.finish();
    const text = writes.join("");
    for (const expected of [
      "edgecall: suite check: [1/2] assistant:single: reference solutions 0/3 0%\n",
      "edgecall: suite check: [1/2] assistant:single: null model 0/3 0%\n",
      "edgecall: suite check: [2/2] assistant:irrelevance: null model 0/3 0%\n",
    ])
      assert.ok(text.includes(expected), `missing ${JSON.stringify(expected)} in:\n${text}`);
    assert.match(text, /\[1\/2\] assistant:single: reference solutions 3\/3 100%/, "each sample is counted");
    assert.match(
      text,
      /assistant:single: counterfeits, round 1 0\/\d+/,
      "the counterfeit rounds are stages too",
    );
  });
});
