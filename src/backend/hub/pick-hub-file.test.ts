import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../../errors.js";
import type { HubFile } from "./hub-listing.js";
import { pickHubFile } from "./pick-hub-file.js";

const sha = "c".repeat(64);
const file = (name: string): HubFile => ({ name, size: 10, sha256: sha });
const request = { owner: "o", repo: "r" };
const picked = (names: string[], extra: { quant?: string; file?: string } = {}) =>
  pickHubFile(names.map(file), { ...request, ...extra }).name;

describe("pickHubFile", () => {
  it("prefers a tag standing on its own over one inside a longer tag", () => {
    assert.equal(picked(["m-BF16.gguf", "m-F16.gguf"], { quant: "f16" }), "m-F16.gguf");
    assert.equal(picked(["m-Q8_0.gguf", "m-Q4_K_M.gguf"], { quant: "Q4_K" }), "m-Q4_K_M.gguf");
    assert.throws(
      () => picked(["m-Q4_K_M.gguf", "m-Q4_K_S.gguf"], { quant: "Q4_K" }),
      (error: unknown) => isEdgecallError(error, "invalid-model-spec") && /2 GGUF files/.test(error.message),
    );
  });

  it("never picks a projector by tag, and takes the only GGUF when there is no Q4_K_M", () => {
    assert.equal(picked(["mmproj-m-f16.gguf", "m-F16.gguf"], { quant: "F16" }), "m-F16.gguf");
    assert.equal(picked(["README.md", "m-Q8_0.gguf", "mmproj-m-f16.gguf"]), "m-Q8_0.gguf");
    assert.equal(picked(["m-q4_k_m.gguf", "m-Q8_0.gguf"]), "m-q4_k_m.gguf");
  });

  it("finds a named file, exactly or in another case", () => {
    assert.equal(picked(["a/M.gguf", "b/M.gguf"], { file: "b/M.gguf" }), "b/M.gguf");
    assert.equal(picked(["dir/Model.GGUF"], { file: "dir/model.gguf" }), "dir/Model.GGUF");
    assert.throws(
      () => picked(["a.gguf"], { file: "b.gguf" }),
      (error: unknown) =>
        isEdgecallError(error, "invalid-model-spec") && /no GGUF file named b\.gguf/.test(error.message),
    );
  });

  it("refuses split models, files without a sha256, and names that are not safe paths", () => {
    assert.throws(
      () => picked(["m-Q4_K_M-00001-of-00002.gguf", "m-Q4_K_M-00002-of-00002.gguf"]),
      /split into 2 parts/,
    );
    assert.throws(
      () => pickHubFile([{ name: "m-Q4_K_M.gguf", size: 1, sha256: undefined }], request),
      (error: unknown) => isEdgecallError(error, "model-download") && /no sha256/.test(error.message),
    );
    for (const name of ["/abs/m-Q4_K_M.gguf", "a/../m-Q4_K_M.gguf", "m Q4_K_M.gguf", "a\\..\\m-Q4_K_M.gguf"])
      assert.throws(
        () => picked([name], { quant: "Q4_K_M" }),
        (error: unknown) =>
          isEdgecallError(error, "model-download") && /refusing the hub's file name/.test(error.message),
        name,
      );
  });
});
