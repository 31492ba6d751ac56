import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Command } from "commander";
import { addHttpModelOptions, httpModelLimits } from "./model-options.js";

function parsed(...args: string[]) {
  const command = addHttpModelOptions(new Command().exitOverride().configureOutput({ writeErr: () => {} }));
  command.parse(args, { from: "user" });
  return command.opts<{ idleTimeout?: number; requestTimeout?: number; maxResponseMib?: number }>();
}

describe("HTTP model options", () => {
  it("--request-timeout is a whole call's deadline in seconds, beside --idle-timeout", () => {
    const values = parsed("--idle-timeout", "30", "--request-timeout", "1.5", "--max-response-mib", "2");
    assert.deepEqual(httpModelLimits(values), {
      idleTimeoutMs: 30_000,
      requestTimeoutMs: 1_500,
      maxResponseBytes: 2 * 1024 * 1024,
    });
    assert.deepEqual(httpModelLimits(parsed()), {});
  });

  it("refuses a deadline that is not a positive number of seconds", () => {
    assert.throws(() => parsed("--request-timeout", "0"));
    assert.throws(() => parsed("--request-timeout", "soon"));
  });
});
