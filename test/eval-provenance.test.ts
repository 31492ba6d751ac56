import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileHashCacheName, fileSha256 } from "../src/backend/file-hash.js";
import { openModelValue } from "../src/backend/open-model.js";
import { assertSameSettings, resolveSettings } from "../src/eval/eval-settings.js";
import { modelProvenance } from "../src/eval/provenance.js";
import { defaultRunDirectory } from "../src/eval/run-directory-name.js";
import { ggufHeaderReads } from "../src/gguf/reader.js";
import { tinyModelPath } from "../src/gguf/synth/tiny-model.test-support.js";

describe("file sha256 with a path+size+mtime cache", () => {
  it("hashes by streaming, reuses the cached hash, and rehashes when the file changes", async () => {
    const directory = mkdtempSync(join(tmpdir(), "edgecall-hash-"));
    const file = join(directory, "model.gguf");
    const content = Buffer.alloc(9 * 1024 * 1024, 7); // more than one 4 MiB read
    writeFileSync(file, content);
    const expected = createHash("sha256").update(content).digest("hex");
    const cacheDirectory = join(directory, "cache");
    assert.equal(await fileSha256(file, cacheDirectory), expected);

    // A cached hash is trusted while path, size and mtime match: plant a marker to prove it is read.
    const cachePath = join(cacheDirectory, fileHashCacheName);
    const cache = JSON.parse(readFileSync(cachePath, "utf8")) as Record<string, { sha256: string }>;
    const key = Object.keys(cache)[0] as string;
    (cache[key] as { sha256: string }).sha256 = "cached-marker";
    writeFileSync(cachePath, JSON.stringify(cache));
    assert.equal(await fileSha256(file, cacheDirectory), "cached-marker");

    // Same size, new mtime: hashed again.
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    assert.equal(await fileSha256(file, cacheDirectory), expected);
    // New content and size: hashed again.
    writeFileSync(file, "other");
    assert.equal(await fileSha256(file, cacheDirectory), createHash("sha256").update("other").digest("hex"));
  });
});

describe("model provenance", () => {
  it("takes the opened model's identity, format and facts, reading no header again", async () => {
    const path = await tinyModelPath("llama");
    const saved = { ...process.env };
    process.env.EDGECALL_CACHE_DIR = mkdtempSync(join(tmpdir(), "edgecall-provenance-"));
    try {
      const opened = await openModelValue(path, { gpu: "off", threads: 1, prefixCacheBytes: 0 });
      try {
        const reads = ggufHeaderReads();
        const provenance = await modelProvenance(opened);
        assert.equal(ggufHeaderReads(), reads);
        assert.equal(provenance.identity, opened.identity);
        assert.equal(provenance.sha256, createHash("sha256").update(readFileSync(path)).digest("hex"));
        assert.equal(provenance.format, opened.formatName);
        assert.equal(provenance.architecture, opened.facts?.architecture);
        assert.equal(provenance.chatTemplateSha256, opened.backend.capabilities?.chatTemplateSha256);
      } finally {
        await opened.backend.close();
      }
    } finally {
      process.env = saved;
    }
  });
});

describe("eval settings", () => {
  it("takes given values, else the original run's, else defaults; suite options as given", () => {
    const fresh = resolveSettings({ suites: ["bfcl:simple_python"] }, undefined);
    assert.deepEqual(fresh, {
      suites: ["bfcl:simple_python"],
      suiteOptions: {},
      limit: null,
      repeats: 1,
      seed: 0,
      temperature: null,
      topP: null,
      topK: null,
      maxTokens: 1024,
      decoding: "free",
      toolChoice: "auto",
      format: null,
      shard: null,
      confirm: "user",
      guards: "on",
      judgeModel: null,
      userModel: null,
      maxSteps: 10,
      tokenBudget: null,
      enableThinking: null,
      dateString: null,
    });
    // Suite options: those given (undefined: not given); on resume, each one not given is the original's.
    const withOptions = resolveSettings(
      { suiteOptions: { "bfcl-mode": "fc", "bfcl-dir": "/data/bfcl", injections: undefined } },
      undefined,
    );
    assert.deepEqual(withOptions.suiteOptions, { "bfcl-dir": "/data/bfcl", "bfcl-mode": "fc" });
    assert.deepEqual(
      resolveSettings({ suiteOptions: { "bfcl-mode": "fc" } }, withOptions).suiteOptions,
      withOptions.suiteOptions,
    );
    assert.throws(
      () =>
        assertSameSettings(
          "run",
          withOptions,
          resolveSettings({ suiteOptions: { "bfcl-mode": "prompt", augment: ["tool-faults"] } }, withOptions),
        ),
      /--augment: was null, now \["tool-faults"\]; --bfcl-mode: was "fc", now "prompt"/,
    );
    // A run recorded before template variables existed resumes unchanged; a new value is refused.
    const { enableThinking: _e, dateString: _d, ...beforeTemplates } = fresh;
    assert.doesNotThrow(() =>
      assertSameSettings("run", beforeTemplates, resolveSettings({}, beforeTemplates)),
    );
    assert.throws(
      () => assertSameSettings("run", fresh, resolveSettings({ enableThinking: false }, fresh)),
      /enableThinking: was null, now false/,
    );
    // A run recorded before agent suites existed has no agent settings: it resumes unchanged.
    const { confirm: _c, userModel: _u, maxSteps: _m, tokenBudget: _t, ...beforeAgents } = fresh;
    assert.doesNotThrow(() => assertSameSettings("run", beforeAgents, resolveSettings({}, beforeAgents)));
    // A run recorded before the security suites has no guards or judge: it resumes unchanged.
    const { guards: _g, judgeModel: _j, ...beforeSecurity } = fresh;
    assert.doesNotThrow(() => assertSameSettings("run", beforeSecurity, resolveSettings({}, beforeSecurity)));
    // A run recorded before shards existed has no shard key: it resumes as a whole run.
    const { shard: _shard, ...older } = fresh;
    assert.equal(resolveSettings({}, older).shard, null);
    assert.doesNotThrow(() => assertSameSettings("run", older, resolveSettings({}, older)));
    assert.throws(
      () => assertSameSettings("run", fresh, resolveSettings({ shard: { index: 1, count: 2 } }, fresh)),
      /shard: was null, now \{"index":1,"count":2\}/,
    );
    const original = { ...fresh, limit: 50, seed: 3, decoding: "constrained" as const };
    const resumed = resolveSettings({}, original);
    assert.deepEqual(resumed, original, "a resume without flags keeps every original setting");
    assert.doesNotThrow(() => assertSameSettings("run", original, resumed));
    assert.throws(
      () =>
        assertSameSettings("run", original, resolveSettings({ constrained: false, repeats: 2 }, original)),
      /repeats: was 1, now 2; decoding: was "constrained", now "free"/,
    );
  });

  it("names run directories by time, model and suites, avoiding collisions", () => {
    const out = mkdtempSync(join(tmpdir(), "edgecall-runs-"));
    const when = new Date("2025-06-02T12:34:56.789Z");
    const first = defaultRunDirectory(
      out,
      { kind: "gguf", path: "/models/Qwen3-0.6B-Q4_K_M.gguf" },
      ["bfcl:simple_python", "assistant"],
      when,
    );
    assert.equal(first, join(out, "20250602T123456Z-Qwen3-0.6B-Q4_K_M-bfcl_simple_python+assistant"));
    writeFileSync(first, "");
    assert.equal(
      defaultRunDirectory(
        out,
        { kind: "gguf", path: "/models/Qwen3-0.6B-Q4_K_M.gguf" },
        ["bfcl:simple_python", "assistant"],
        when,
      ),
      `${first}-2`,
    );
    assert.match(
      defaultRunDirectory(
        out,
        { kind: "openai", baseUrl: "http://h:8080/v1", model: "qwen/qwen3:8b" },
        ["assistant"],
        when,
      ),
      /-qwen-qwen3-8b-assistant$/,
    );
  });
});
