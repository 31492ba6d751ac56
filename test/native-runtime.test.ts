import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { addonEdits, editedFiles, patchAddonSources } from "../native/addon-patch.mjs";
import {
  buildFolders,
  findNodeLlamaCpp,
  localBuildMetadata,
  platformName,
  readInstalledMarker,
  readOsRelease,
} from "../native/local-build.mjs";
import { describeRuntime } from "../src/backend/llama-cpp-runtime.js";
import { tinyModelPath } from "../src/gguf/synth/tiny-model.test-support.js";

const nodeLlamaCpp = findNodeLlamaCpp();
const scratch = mkdtempSync(join(tmpdir(), "edgecall-native-test-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

function addonSources(): Record<string, string> {
  assert.ok(nodeLlamaCpp, "node-llama-cpp is installed");
  return Object.fromEntries(
    editedFiles().map((file) => [
      file,
      readFileSync(join(nodeLlamaCpp.root, "llama", "addon", file), "utf8"),
    ]),
  );
}

describe("native addon patch", () => {
  it("applies to the installed node-llama-cpp's addon sources, each line right after its anchor", () => {
    const originals = addonSources();
    const patched = patchAddonSources(originals);
    assert.ok(patched.ok, patched.ok ? "" : patched.reason);
    for (const edit of addonEdits) {
      const text: string = patched.sources[edit.file]!;
      assert.equal(text.split(edit.anchor + edit.insert).length, 2, `${edit.file}: ${edit.insert.trim()}`);
    }
    for (const file of editedFiles()) {
      const added: number = patched.sources[file]!.length - originals[file]!.length;
      const expected = addonEdits
        .filter((edit) => edit.file === file)
        .reduce((sum, edit) => sum + edit.insert.length, 0);
      assert.equal(added, expected, `${file} gains exactly the inserted lines`);
    }
    assert.deepEqual(originals, addonSources(), "the input texts are left as they were");
  });

  it("refuses sources where an anchor is missing or repeated, naming the file and the line", () => {
    const originals = addonSources();
    const header = originals["AddonContext.h"]!;
    const missing = patchAddonSources({
      ...originals,
      "AddonContext.h": header.replace("llama_context* ctx = nullptr;", "llama_context* context = nullptr;"),
    });
    assert.equal(missing.ok, false);
    assert.match(
      missing.ok ? "" : missing.reason,
      /^AddonContext\.h: expected the line "llama_context\* ctx = nullptr;" once, found it 0 times$/,
    );
    const anchor = "        llama_free(currentCtx);\n";
    const repeated = patchAddonSources({
      ...originals,
      "AddonContext.cpp": originals["AddonContext.cpp"]!.replace(anchor, anchor + anchor),
    });
    assert.match(
      repeated.ok ? "" : repeated.reason,
      /AddonContext\.cpp: .*llama_free\(currentCtx\);.* found it 2 times/,
    );
    const absent = patchAddonSources({ "AddonContext.h": header });
    assert.deepEqual(absent, { ok: false, reason: "AddonContext.cpp is missing from the addon sources" });
  });
});

describe("node-llama-cpp local build layout", () => {
  it("names the supported platforms as node-llama-cpp's folders", () => {
    assert.equal(platformName("linux", "x64"), "linux-x64");
    assert.equal(platformName("linux", "arm64"), "linux-arm64");
    assert.equal(platformName("darwin", "arm64"), undefined);
    assert.equal(platformName("linux", "ia32"), undefined);
  });

  it("finds the prebuilt binaries and the local build folder of the installed node-llama-cpp", () => {
    assert.ok(nodeLlamaCpp);
    assert.equal(nodeLlamaCpp.version, "3.21.1");
    const platform = platformName();
    if (platform === undefined) return;
    const folders = buildFolders(nodeLlamaCpp.root, platform);
    assert.ok(
      folders.prebuilt?.endsWith(join("@node-llama-cpp", platform, "bins", platform)),
      folders.prebuilt,
    );
    assert.equal(folders.localBuild, join(nodeLlamaCpp.root, "llama", "localBuilds", platform));
    assert.equal(folders.release, join(folders.localBuild, "Release"));
  });

  it("reads os-release as node-llama-cpp does and writes CPU-only metadata for this distribution", () => {
    const path = join(scratch, "os-release");
    writeFileSync(
      path,
      'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\n# comment\n',
    );
    const osRelease = readOsRelease([join(scratch, "absent"), path]);
    assert.equal(osRelease.get("name"), "Debian GNU/Linux");
    const prebuilt = {
      buildOptions: {
        customCmakeOptions: {},
        progressLogs: true,
        platform: "linux",
        platformInfo: { name: "Ubuntu", version: "22.04" },
        arch: "x64",
        gpu: false,
        llamaCpp: { repo: "ggml-org/llama.cpp", release: "v0.4.0" },
      },
    };
    assert.deepEqual(localBuildMetadata(prebuilt, osRelease), {
      buildOptions: { ...prebuilt.buildOptions, platformInfo: { name: "Debian GNU/Linux", version: "12" } },
    });
    assert.equal(readOsRelease([join(scratch, "absent")]).size, 0);
    assert.throws(() => localBuildMetadata({}, osRelease), /no buildOptions object/);
  });
});

describe("runtime description", () => {
  it("says a prebuilt addon has no persistent pool and keeps the plain version as identity", () => {
    assert.deepEqual(describeRuntime({ buildType: "prebuilt" }), {
      kind: "prebuilt",
      persistentThreadPool: false,
      fastGreedy: false,
      version: "node-llama-cpp 3.21.1",
      description: "node-llama-cpp 3.21.1, prebuilt addon",
    });
  });

  it("tells edgecall's native build from another local build, and its switches from the identity", () => {
    const platform = platformName();
    const installed = nodeLlamaCpp && platform ? readInstalledMarker(nodeLlamaCpp.root, platform) : undefined;
    const described = describeRuntime({ buildType: "localBuild" });
    if (installed === undefined) {
      assert.equal(described.kind, "local");
      return;
    }
    assert.equal(described.kind, "edgecall-native");
    assert.equal(described.persistentThreadPool, true);
    assert.equal(described.fastGreedy, true);
    assert.equal(
      described.description,
      "node-llama-cpp 3.21.1, edgecall native build (persistent ggml thread pool, fast greedy)",
    );
    const off = describeRuntime({ buildType: "localBuild" }, { EDGECALL_GGML_THREADPOOL: "0" });
    assert.equal(off.persistentThreadPool, false);
    assert.equal(off.fastGreedy, true);
    assert.equal(off.version, described.version);
    assert.equal(off.version, "node-llama-cpp 3.21.1 (edgecall native build)");
    const slowGreedy = describeRuntime({ buildType: "localBuild" }, { EDGECALL_FAST_GREEDY: "0" });
    assert.deepEqual([slowGreedy.persistentThreadPool, slowGreedy.fastGreedy], [true, false]);
    assert.equal(slowGreedy.version, described.version);
    assert.match(slowGreedy.description, /fast greedy off: EDGECALL_FAST_GREEDY=0\)$/);
  });
});

/**
 * Runs greedy generation in a fresh process and reports the build, its thread counts, and for three
 * kinds of sampling (plain greedy; greedy with a repeat penalty; plain greedy asking for each
 * token's confidence) the tokens and how many sampling calls were answered at once (their promise
 * settled before a second microtask turn, which a worker thread's answer never is).
 */
function generateInChild(modelPath: string, environment: Record<string, string>) {
  const script = `
import { readdirSync } from "node:fs";
import { getLlama, LlamaLogLevel } from "node-llama-cpp";
const threadCount = () => readdirSync("/proc/self/task").length;
const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
const model = await llama.loadModel({ modelPath: process.argv[1] });
const before = threadCount();
const context = await model.createContext({ contextSize: 256, threads: 3 });
const binding = context._ctx;
const sampleToken = binding.sampleToken.bind(binding);
let answeredAtOnce = 0;
Object.defineProperty(binding, "sampleToken", { value: (...args) => {
  const answer = sampleToken(...args);
  let settled = false;
  answer.then(() => { settled = true; }, () => {});
  queueMicrotask(() => queueMicrotask(() => { if (settled) answeredAtOnce += 1; }));
  return answer;
} });
const sequence = context.getSequence();
async function generate(options, metadata) {
  await sequence.clearHistory();
  answeredAtOnce = 0;
  const tokens = [];
  const prompt = [1, 2, 3, 4, 5, 6, 7, 8];
  const evaluation = metadata
    ? sequence.evaluateWithMetadata(prompt, metadata, { temperature: 0, yieldEogToken: true, ...options })
    : sequence.evaluate(prompt, { temperature: 0, yieldEogToken: true, ...options });
  for await (const item of evaluation) {
    tokens.push(typeof item === "number" ? item : item.token);
    if (tokens.length >= 24) break;
  }
  return { tokens, answeredAtOnce };
}
const greedy = await generate({});
const during = threadCount();
const penalised = await generate({ repeatPenalty: { penalty: 3, punishTokens: () => [8] } });
const withConfidence = await generate({}, { confidence: true });
await context.dispose();
const afterDispose = threadCount();
process.stdout.write(JSON.stringify({ buildType: llama.buildType, greedy, penalised, withConfidence, before, during, afterDispose }));
await model.dispose();
await llama.dispose();
`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script, modelPath], {
    cwd: process.cwd(),
    encoding: "utf8",
    env: { ...process.env, ...environment },
    timeout: 120_000,
  });
  assert.equal(result.status, 0, result.stderr);
  type Generated = { tokens: number[]; answeredAtOnce: number };
  return JSON.parse(result.stdout) as {
    buildType: string;
    greedy: Generated;
    penalised: Generated;
    withConfidence: Generated;
    before: number;
    during: number;
    afterDispose: number;
  };
}

const nativeInstalled =
  nodeLlamaCpp !== undefined &&
  platformName() !== undefined &&
  readInstalledMarker(nodeLlamaCpp.root, platformName()!) !== undefined;

describe("edgecall's native build", {
  skip: nativeInstalled ? false : "not installed here (npm's postinstall could not build it)",
}, () => {
  it("keeps two pool workers for a 3-thread context, frees them with it, and answers plain greedy sampling at once", async () => {
    const modelPath = await tinyModelPath("qwen3");
    const native = generateInChild(modelPath, {});
    const plain = generateInChild(modelPath, { EDGECALL_GGML_THREADPOOL: "0", EDGECALL_FAST_GREEDY: "0" });
    assert.equal(native.buildType, "localBuild");
    assert.equal(plain.buildType, "localBuild");
    // Same tokens with and without both additions, for every kind of sampling.
    for (const kind of ["greedy", "penalised", "withConfidence"] as const) {
      assert.equal(native[kind].tokens.length, 24, kind);
      assert.deepEqual(native[kind].tokens, plain[kind].tokens, kind);
      assert.equal(plain[kind].answeredAtOnce, 0, kind);
    }
    assert.notDeepEqual(native.penalised.tokens, native.greedy.tokens, "the penalty changed the output");
    // Plain greedy sampling is answered on the calling thread; a penalty or a request for
    // confidence goes through node-llama-cpp's own path.
    assert.equal(native.greedy.answeredAtOnce, 24);
    assert.equal(native.penalised.answeredAtOnce, 0);
    assert.equal(native.withConfidence.answeredAtOnce, 0);
    // With the pool, the 2 workers of a 3-thread context outlive each decode; without it, ggml
    // joins them at the end of every graph. Either way nothing is left after the context goes.
    assert.equal(native.during - native.before, 2, JSON.stringify(native));
    assert.equal(plain.during - plain.before, 0, JSON.stringify(plain));
    assert.equal(native.afterDispose, native.before, JSON.stringify(native));
  });
});
