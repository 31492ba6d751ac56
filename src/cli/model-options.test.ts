/** The shared model options: HTTP limits in seconds and MiB, and the one `--gpu` declaration. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Command } from "commander";
import { gpuModes } from "../backend/gpu-mode.js";
import { addHttpModelOptions, gpuOption, httpModelLimits } from "./model-options.js";

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

describe("--gpu", () => {
  const gpu = (...args: string[]) =>
    new Command()
      .exitOverride()
      .configureOutput({ writeErr: () => {} })
      .addOption(gpuOption())
      .parse(args, { from: "user" })
      .opts<{ gpu: string }>().gpu;

  it("takes the GPU modes, auto by default, and refuses another", () => {
    assert.deepEqual(gpuModes, ["auto", "off"]);
    assert.equal(gpu(), "auto");
    assert.equal(gpu("--gpu", "off"), "off");
    assert.throws(() => gpu("--gpu", "on"), /expected one of auto, off/);
  });
});
