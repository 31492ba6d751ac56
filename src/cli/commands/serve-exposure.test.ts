/**
 * `edgecall serve`'s exposure options: `--allowed-hosts` and `--cors` reach the web guard (and bad
 * values are usage errors), and the key can come from `EDGECALL_API_KEY` instead of `--api-key`
 * (which `ps` shows to every user of the machine).
 */
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { describe, it } from "node:test";
import type { ModelBackend } from "../../backend/model-backend.js";
import { isEdgecallError } from "../../errors.js";
import { rawHttpRequest } from "../../http/raw-http-request.test-support.js";
import { type ServeCommandOptions, serveCommand } from "./serve-command.js";

const backend: ModelBackend = {
  info: { backend: "replay", model: "r" },
  generate: async () => {
    throw new Error("not called");
  },
  close: async () => {},
};

const base: ServeCommandOptions = { model: "replay:r.jsonl", gpu: "off", host: "127.0.0.1", port: 0 };

/** Serves with `options`, runs `probe` against the URL, then stops. */
async function serving(options: ServeCommandOptions, probe: (url: string) => Promise<void>): Promise<void> {
  const stop = new AbortController();
  let failure: unknown;
  await serveCommand(options, {
    stderr: new PassThrough(),
    stop: stop.signal,
    openBackend: async () => backend,
    onListening: (url) => {
      probe(url)
        .catch((error: unknown) => {
          failure = error;
        })
        .finally(() => stop.abort());
    },
  });
  if (failure !== undefined) throw failure;
}

describe("edgecall serve: exposure options", () => {
  it("--allowed-hosts and --cors reach the guard", async () => {
    await serving(
      { ...base, allowedHosts: ["gpu-box.lan"], cors: ["http://localhost:5173/"] },
      async (url) => {
        const named = await rawHttpRequest(url, "GET", "/v1/models", { host: "gpu-box.lan:8080" });
        assert.equal(named.status, 200, named.body);
        const other = await rawHttpRequest(url, "GET", "/v1/models", { host: "other.lan:8080" });
        assert.equal(other.status, 403);
        const host = new URL(url).host;
        const page = await rawHttpRequest(url, "GET", "/v1/models", {
          host,
          origin: "http://localhost:5173",
        });
        assert.equal(page.headers["access-control-allow-origin"], "http://localhost:5173");
      },
    );
  });

  it("refuses --cors and --allowed-hosts values that are not origins or names, before opening the model", async () => {
    await assert.rejects(
      serveCommand({ ...base, cors: ["localhost:5173"] }, { openBackend: async () => assert.fail("opened") }),
      (error) => isEdgecallError(error, "usage") && error.subject === "--cors",
    );
    await assert.rejects(
      serveCommand(
        { ...base, allowedHosts: ["http://box"] },
        { openBackend: async () => assert.fail("opened") },
      ),
      (error) => isEdgecallError(error, "usage") && error.subject === "--allowed-hosts",
    );
  });

  it("takes the key from EDGECALL_API_KEY when --api-key is not given", async () => {
    const saved = process.env.EDGECALL_API_KEY;
    process.env.EDGECALL_API_KEY = "from-env";
    try {
      await serving(base, async (url) => {
        const host = new URL(url).host;
        assert.equal((await rawHttpRequest(url, "GET", "/v1/models", { host })).status, 401);
        const keyed = await rawHttpRequest(url, "GET", "/v1/models", {
          host,
          authorization: "Bearer from-env",
        });
        assert.equal(keyed.status, 200);
      });
    } finally {
      if (saved === undefined) delete process.env.EDGECALL_API_KEY;
      else process.env.EDGECALL_API_KEY = saved;
    }
  });
});
