/**
 * The shipped catalog hands each family its options from the SuiteInputs bag: the families' usage
 * errors (before anything is opened, and when a suite is made), and options reaching the suites.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import type { Suite } from "../eval/suite.js";
import type { SuiteOptions } from "../eval/suite-inputs.js";
import { bfclDir, hasBfcl, noBfclMessage } from "./bfcl-data.test-support.js";
import { defaultSuiteCatalog } from "./default-catalog.js";

const catalog = defaultSuiteCatalog();

function usage(message: string, subject: string): (error: unknown) => boolean {
  return (error) => isEdgecallError(error, "usage") && error.message === message && error.subject === subject;
}

async function samplesOf(
  name: string,
  options: SuiteOptions,
): Promise<{ id: string; outputFormat?: string }[]> {
  const suite = (await catalog.create(name, { options })) as Suite;
  return (await suite.samples()) as { id: string; outputFormat?: string }[];
}

describe("the default catalog's suite options", () => {
  it("checks before anything opens: BFCL suites need --bfcl-dir and a known mode; augmentations must exist", () => {
    const check = (names: string[], options: SuiteOptions) => () => catalog.checkOptions?.(names, options);
    assert.throws(
      check(["assistant:single", "bfcl:simple_python"], {}),
      usage("BFCL suites need --bfcl-dir (the BFCL v4 data folder)", "--bfcl-dir"),
    );
    assert.throws(
      check(["bfcl:multi_turn_base"], { "bfcl-dir": "/data", "bfcl-mode": "text" }),
      usage('--bfcl-mode: unknown mode "text"; valid: prompt, fc', "--bfcl-mode"),
    );
    assert.throws(
      check(["assistant:stateful@fr"], { augment: ["scramble"] }),
      usage('--augment: unknown augmentation "scramble"', "--augment"),
    );
    assert.doesNotThrow(check(["assistant:single", "security:injection"], { augment: ["scramble"] }));
    assert.doesNotThrow(check(["bfcl:simple_python"], { "bfcl-dir": "/data", "bfcl-mode": "prompt" }));
  });

  it("making a BFCL suite without --bfcl-dir is a usage error naming the suite", () => {
    for (const name of ["bfcl:simple_python", "bfcl:multi_turn_base", "bfcl:memory_kv"])
      assert.throws(
        () => catalog.create(name, { options: {} }),
        usage(`--suite ${name}: BFCL suites need --bfcl-dir (the BFCL v4 data folder)`, "--bfcl-dir"),
        name,
      );
  });

  it("assistant:stateful takes --augment from the bag: each augmentation adds copies", async () => {
    const plain = await samplesOf("assistant:stateful", {});
    const augmented = await samplesOf("assistant:stateful", { augment: ["scramble-names"] });
    assert.equal(plain.filter((sample) => sample.id.includes("@")).length, 0, "no copies without --augment");
    const copies = augmented.filter((sample) => sample.id.endsWith("@scramble-names"));
    assert.equal(copies.length, plain.length);
  });

  it("security:injection reads the --injections file the bag names", () => {
    const missing = join("no", "such", "payloads.jsonl");
    assert.throws(
      () => catalog.create("security:injection", { options: { injections: missing } }),
      (error) => isEdgecallError(error, "file-not-found") && error.message.includes(missing),
    );
  });

  it("BFCL suites take --bfcl-mode from the bag", { skip: hasBfcl ? false : noBfclMessage }, async () => {
    const fc = await samplesOf("bfcl:simple_python", { "bfcl-dir": bfclDir });
    const prompt = await samplesOf("bfcl:simple_python", { "bfcl-dir": bfclDir, "bfcl-mode": "prompt" });
    assert.ok(fc.length > 0);
    assert.ok(fc.every((sample) => sample.outputFormat === undefined));
    assert.ok(prompt.every((sample) => sample.outputFormat === "bfcl-prompt"));
  });

  it("BFCL's mode defaults on the model's format (prompt for pythonic) and is the suite's settings", {
    skip: hasBfcl ? false : noBfclMessage,
  }, async () => {
    const made = (options: SuiteOptions, modelFormat?: string) =>
      catalog.create("bfcl:simple_python", {
        options,
        ...(modelFormat === undefined ? {} : { modelFormat }),
      });
    const pythonic = await made({ "bfcl-dir": bfclDir }, "pythonic");
    assert.deepEqual(pythonic.settings, { mode: "prompt" });
    const samples = (await pythonic.samples()) as { outputFormat?: string }[];
    assert.ok(samples.length > 0 && samples.every((sample) => sample.outputFormat === "bfcl-prompt"));
    assert.deepEqual((await made({ "bfcl-dir": bfclDir }, "qwen3")).settings, { mode: "fc" });
    assert.deepEqual((await made({ "bfcl-dir": bfclDir })).settings, { mode: "fc" }, "no format known: fc");
    assert.deepEqual(
      (await made({ "bfcl-dir": bfclDir, "bfcl-mode": "fc" }, "pythonic")).settings,
      { mode: "fc" },
      "a given mode wins",
    );
    const multiTurn = await catalog.create("bfcl:multi_turn_base", {
      options: { "bfcl-dir": bfclDir },
      modelFormat: "pythonic",
    });
    assert.deepEqual(multiTurn.settings, { mode: "prompt" });
  });

  it("declares the options that name paths, so a session records them absolute", () => {
    assert.deepEqual(catalog.pathOptions, ["bfcl-dir", "injections"]);
  });
});
