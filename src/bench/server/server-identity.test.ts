import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readServerIdentity } from "./server-identity.js";

/** A fetch answering each path with the given response. */
function answering(paths: Record<string, () => Response>): typeof fetch {
  return async (input) => {
    const path = new URL(String(input)).pathname;
    return paths[path]?.() ?? new Response("not found", { status: 404 });
  };
}

describe("server identity", () => {
  it("reads llama-server's /props and /v1/models, cutting long strings", async () => {
    const identity = await readServerIdentity(
      "http://s",
      "http://s/v1",
      answering({
        "/props": () =>
          Response.json({
            model_path: `/m/${"q".repeat(500)}.gguf`,
            build_info: "b1-5b4ebc5",
            total_slots: 4,
            default_generation_settings: { n_ctx: 1024, params: {} },
            chat_template: "{{ x }}",
          }),
        "/v1/models": () =>
          Response.json({
            data: [{ id: "/m/a.gguf", owned_by: "llamacpp", meta: { n_vocab: 1536, n_ctx_train: 4096 } }],
          }),
      }),
    );
    assert.equal(identity.props?.modelPath?.length, 300);
    assert.deepEqual(
      { ...identity.props, modelPath: undefined },
      {
        modelPath: undefined,
        buildInfo: "b1-5b4ebc5",
        contextSize: 1024,
        slots: 4,
      },
    );
    assert.deepEqual(identity.models, [
      { id: "/m/a.gguf", ownedBy: "llamacpp", vocabularySize: 1536, trainContextSize: 4096 },
    ]);
  });

  it("has no props where /props is absent or not llama-server's, and refuses a server without a model list", async () => {
    const models = () => Response.json({ data: [{ id: "m" }] });
    const plain = await readServerIdentity("http://s", "http://s/v1", answering({ "/v1/models": models }));
    assert.deepEqual(plain, { models: [{ id: "m" }] });
    const odd = await readServerIdentity(
      "http://s",
      "http://s/v1",
      answering({ "/v1/models": models, "/props": () => Response.json({ total_slots: "four" }) }),
    );
    assert.equal(odd.props, undefined);
    await assert.rejects(
      readServerIdentity("http://s", "http://s/v1", answering({})),
      /\/v1\/models answered HTTP 404/,
    );
    await assert.rejects(
      readServerIdentity(
        "http://s",
        "http://s/v1",
        answering({ "/v1/models": () => Response.json({ models: [] }) }),
      ),
      /not an OpenAI model list/,
    );
    const huge = "x".repeat(2 * 1024 * 1024);
    await assert.rejects(
      readServerIdentity("http://s", "http://s/v1", answering({ "/v1/models": () => new Response(huge) })),
      /over 1048576 bytes/,
    );
    await assert.rejects(
      readServerIdentity("http://s", "http://s/v1", async () => {
        throw new TypeError("fetch failed");
      }),
      /cannot reach http:\/\/s\/v1\/models: fetch failed/,
    );
  });
});
