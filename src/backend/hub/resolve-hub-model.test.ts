import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, beforeEach, describe, it } from "node:test";
import { isEdgecallError } from "../../errors.js";
import { tinyModelPath } from "../../gguf/synth/tiny-model.test-support.js";
import type { ProgressSink } from "./download-progress.js";
import {
  type FakeHub,
  type FakeHubFile,
  type FakeHubOptions,
  startFakeHub,
} from "./fake-hub.test-support.js";
import { cachedFilePath } from "./hub-cache.js";
import { type ResolveHubOptions, resolveHubModel } from "./resolve-hub-model.js";

const commit = "0123456789abcdef0123456789abcdef01234567";
let gguf: Buffer;
const hubs: FakeHub[] = [];

before(async () => {
  gguf = readFileSync(await tinyModelPath("llama"));
});

beforeEach(() => {
  // Each test its own cache: nothing resolved by one test is found by another.
  process.env.EDGECALL_CACHE_DIR = mkdtempSync(join(tmpdir(), "edgecall-hub-cache-"));
});

after(async () => {
  await Promise.all(hubs.map((hub) => hub.close()));
});

function files(): FakeHubFile[] {
  const other = Buffer.from(gguf);
  other[other.length - 1] = (other[other.length - 1]! + 1) % 256;
  return [
    { name: "README.md", content: Buffer.from("# model\n") },
    { name: "tiny-Q4_K_M.gguf", content: gguf },
    { name: "tiny-Q8_0.gguf", content: other },
    { name: "sub/tiny-BF16.gguf", content: Buffer.from("GGUF-bf16") },
  ];
}

async function hub(overrides: Partial<FakeHubOptions> = {}): Promise<FakeHub> {
  const started = await startFakeHub({
    owner: "acme",
    repo: "tiny-GGUF",
    files: files(),
    commit,
    ...overrides,
  });
  hubs.push(started);
  return started;
}

function sink(): ProgressSink & { text: () => string } {
  let written = "";
  let clock = 0;
  return {
    write: (text) => {
      written += text;
    },
    isTTY: false,
    now: () => {
      clock += 400;
      return clock;
    },
    text: () => written,
  };
}

function options(fake: FakeHub, progress: ProgressSink, env: NodeJS.ProcessEnv = {}): ResolveHubOptions {
  return { env: { HF_ENDPOINT: fake.endpoint, ...env }, progress, retryDelayMs: 0 };
}

const downloads = (fake: FakeHub) => fake.requests.filter((request) => !request.path.startsWith("/api/"));

describe("resolveHubModel against a fake hub", () => {
  it("resolves a quant tag through the models API and caches the verified file by commit", async () => {
    const fake = await hub();
    const progress = sink();
    const path = await resolveHubModel(
      { owner: "acme", repo: "tiny-GGUF", quant: "q8_0" },
      options(fake, progress),
    );
    assert.equal(path, cachedFilePath("acme", "tiny-GGUF", { revision: commit, file: "tiny-Q8_0.gguf" }));
    assert.ok(
      path.startsWith(join(process.env.EDGECALL_CACHE_DIR!, "models", "hf", "acme", "tiny-GGUF", commit)),
    );
    assert.deepEqual(readFileSync(path), files()[2]!.content);
    assert.equal(fake.requests[0]?.path, "/api/models/acme/tiny-GGUF?blobs=true");
    assert.equal(downloads(fake)[0]?.path, `/acme/tiny-GGUF/resolve/${commit}/tiny-Q8_0.gguf`);
    assert.match(progress.text(), /downloading tiny-Q8_0\.gguf/);
    assert.match(progress.text(), /sha256 verified/);
    assert.equal(existsSync(`${path}.partial`), false);
    assert.equal(existsSync(`${path}.lock`), false);
  });

  it("picks Q4_K_M without a tag, and a file by its path", async () => {
    const fake = await hub();
    const byDefault = await resolveHubModel({ owner: "acme", repo: "tiny-GGUF" }, options(fake, sink()));
    assert.ok(byDefault.endsWith("tiny-Q4_K_M.gguf"));
    const byFile = await resolveHubModel(
      { owner: "acme", repo: "tiny-GGUF", file: "sub/tiny-BF16.gguf" },
      options(fake, sink()),
    );
    assert.ok(byFile.endsWith(join(commit, "sub", "tiny-BF16.gguf")));
    assert.equal(readFileSync(byFile, "utf8"), "GGUF-bf16");
  });

  it("resolves again from the cache's record without any request (offline)", async () => {
    const fake = await hub();
    const first = await resolveHubModel(
      { owner: "acme", repo: "tiny-GGUF", quant: "Q4_K_M" },
      options(fake, sink()),
    );
    const seen = fake.requests.length;
    await fake.close();
    const progress = sink();
    const second = await resolveHubModel(
      { owner: "acme", repo: "tiny-GGUF", quant: "q4_k_m" },
      { env: { HF_ENDPOINT: fake.endpoint, HF_HUB_OFFLINE: "1" }, progress },
    );
    assert.equal(second, first);
    assert.equal(fake.requests.length, seen);
    assert.equal(progress.text(), "");
  });

  it("resumes with a Range request after the connection is cut mid-file", async () => {
    const half = Math.floor(gguf.length / 2);
    const fake = await hub({ cutFirstDownloadAt: half });
    const progress = sink();
    const path = await resolveHubModel(
      { owner: "acme", repo: "tiny-GGUF", quant: "Q4_K_M" },
      options(fake, progress),
    );
    assert.deepEqual(readFileSync(path), gguf);
    const [first, second] = downloads(fake);
    assert.equal(first?.headers.range, undefined);
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(second?.headers.range ?? "")?.[1]);
    assert.ok(resumedAt > 0 && resumedAt <= half, `resumed at ${second?.headers.range}`);
    assert.equal(downloads(fake).length, 2);
    assert.match(progress.text(), /resuming at/);
  });

  it("resumes a partial file an earlier run left behind", async () => {
    const fake = await hub();
    const path = cachedFilePath("acme", "tiny-GGUF", { revision: commit, file: "tiny-Q4_K_M.gguf" });
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(`${path}.partial`, gguf.subarray(0, 1000));
    await resolveHubModel({ owner: "acme", repo: "tiny-GGUF" }, options(fake, sink()));
    assert.deepEqual(readFileSync(path), gguf);
    assert.deepEqual(
      downloads(fake).map((request) => request.headers.range),
      ["bytes=1000-"],
    );
  });

  it("stops a download when told, keeping the bytes fetched for the next run to resume", async () => {
    const fake = await hub({ stallFirstDownloadAt: 5000 });
    const controller = new AbortController();
    const progress = sink();
    const stalled = resolveHubModel(
      { owner: "acme", repo: "tiny-GGUF" },
      {
        // On a terminal the first bytes written draw the line at once: stop there.
        ...options(fake, {
          ...progress,
          isTTY: true,
          write: (text) => {
            progress.write(text);
            if (text.startsWith("\r")) controller.abort();
          },
        }),
        signal: controller.signal,
      },
    );
    await assert.rejects(stalled, (error: unknown) => isEdgecallError(error, "aborted"));
    const path = cachedFilePath("acme", "tiny-GGUF", { revision: commit, file: "tiny-Q4_K_M.gguf" });
    assert.equal(existsSync(path), false);
    assert.equal(existsSync(`${path}.lock`), false);
    const kept = readFileSync(`${path}.partial`).length;
    assert.ok(kept > 0 && kept <= 5000, `kept ${kept}`);
    await resolveHubModel({ owner: "acme", repo: "tiny-GGUF" }, options(fake, sink()));
    assert.deepEqual(readFileSync(path), gguf);
    assert.equal(downloads(fake).at(-1)?.headers.range, `bytes=${kept}-`);
  });

  it("refuses a file whose sha256 differs from the hub's and keeps none of it", async () => {
    const fake = await hub({
      files: [{ name: "tiny-Q4_K_M.gguf", content: gguf, listedSha256: "b".repeat(64) }],
    });
    await assert.rejects(
      resolveHubModel({ owner: "acme", repo: "tiny-GGUF" }, options(fake, sink())),
      (error: unknown) => isEdgecallError(error, "model-download") && /sha256/.test(error.message),
    );
    const directory = dirname(cachedFilePath("acme", "tiny-GGUF", { revision: commit, file: "x" }));
    assert.deepEqual(readdirSync(directory), []);
    // Nothing was recorded: the next run asks the hub again.
    const seen = fake.requests.length;
    await assert.rejects(resolveHubModel({ owner: "acme", repo: "tiny-GGUF" }, options(fake, sink())));
    assert.ok(fake.requests.length > seen);
  });

  it("sends HF_TOKEN to the hub only, not to the CDN it redirects to, and never prints it", async () => {
    const fake = await hub({ cdn: true });
    const progress = sink();
    const token = "hf_secretTokenValue123";
    const path = await resolveHubModel(
      { owner: "acme", repo: "tiny-GGUF", quant: "Q4_K_M" },
      options(fake, progress, { HF_TOKEN: token }),
    );
    assert.deepEqual(readFileSync(path), gguf);
    const hubRequests = fake.requests.filter((request) => request.server === "hub");
    const cdnRequests = fake.requests.filter((request) => request.server === "cdn");
    assert.equal(hubRequests.length, 2);
    assert.equal(cdnRequests.length, 1);
    for (const request of hubRequests) assert.equal(request.headers.authorization, `Bearer ${token}`);
    assert.equal(cdnRequests[0]?.headers.authorization, undefined);
    assert.ok(!progress.text().includes(token));
  });

  it("refuses a file name from the hub that leaves the cache folder", async () => {
    const fake = await hub({
      files: [
        { name: "../../../escape-Q4_K_M.gguf", content: gguf },
        { name: "ok-Q8_0.gguf", content: gguf },
      ],
    });
    await assert.rejects(
      resolveHubModel({ owner: "acme", repo: "tiny-GGUF", quant: "Q4_K_M" }, options(fake, sink())),
      (error: unknown) =>
        isEdgecallError(error, "model-download") && /refusing the hub's file name/.test(error.message),
    );
    assert.equal(downloads(fake).length, 0);
    assert.equal(existsSync(join(process.env.EDGECALL_CACHE_DIR!, "models", "escape-Q4_K_M.gguf")), false);
  });

  it("says what to do on 401 and 404, without the token", async () => {
    const unauthorised = await hub({ apiStatus: 401 });
    await assert.rejects(
      resolveHubModel({ owner: "acme", repo: "tiny-GGUF" }, options(unauthorised, sink())),
      (error: unknown) => isEdgecallError(error, "model-download") && /401.*set HF_TOKEN/.test(error.message),
    );
    const missing = await hub({ apiStatus: 404 });
    await assert.rejects(
      resolveHubModel({ owner: "acme", repo: "tiny-GGUF" }, options(missing, sink(), { HF_TOKEN: "hf_xyz" })),
      (error: unknown) =>
        isEdgecallError(error, "model-download") &&
        /404.*check the owner/.test(error.message) &&
        !error.message.includes("hf_xyz"),
    );
  });

  it("lists the files when no file or several hold the tag", async () => {
    const fake = await hub({
      files: [
        { name: "tiny-Q4_K_S.gguf", content: gguf },
        { name: "tiny-Q4_K_L.gguf", content: gguf },
      ],
    });
    await assert.rejects(
      resolveHubModel({ owner: "acme", repo: "tiny-GGUF", quant: "Q4_K" }, options(fake, sink())),
      (error: unknown) =>
        isEdgecallError(error, "invalid-model-spec") &&
        /2 GGUF files with the quant tag Q4_K/.test(error.message) &&
        error.message.includes("hf:acme/tiny-GGUF/tiny-Q4_K_L.gguf"),
    );
    await assert.rejects(
      resolveHubModel({ owner: "acme", repo: "tiny-GGUF" }, options(fake, sink())),
      (error: unknown) =>
        isEdgecallError(error, "invalid-model-spec") &&
        /no GGUF file with the default quant tag Q4_K_M/.test(error.message),
    );
  });
});
