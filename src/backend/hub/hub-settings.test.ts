import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isEdgecallError } from "../../errors.js";
import { hubSettings } from "./hub-settings.js";

describe("hubSettings", () => {
  it("defaults to huggingface.co and reads HF_ENDPOINT, HF_TOKEN and HF_HUB_OFFLINE", () => {
    assert.deepEqual(hubSettings({}), {
      endpoint: "https://huggingface.co",
      token: undefined,
      offline: false,
    });
    assert.deepEqual(
      hubSettings({ HF_ENDPOINT: "https://hf-mirror.com/", HF_TOKEN: " hf_abc ", HF_HUB_OFFLINE: "1" }),
      {
        endpoint: "https://hf-mirror.com",
        token: "hf_abc",
        offline: true,
      },
    );
  });

  it("refuses a malformed endpoint or token without printing the token", () => {
    for (const endpoint of ["not a url", "ftp://hub", "https://user:pw@hub", "https://hub/?x=1"])
      assert.throws(
        () => hubSettings({ HF_ENDPOINT: endpoint }),
        (error: unknown) => isEdgecallError(error, "invalid-argument"),
      );
    assert.throws(
      () => hubSettings({ HF_TOKEN: "hf_a b\nsecret" }),
      (error: unknown) => isEdgecallError(error, "invalid-argument") && !error.message.includes("secret"),
    );
  });
});
