/**
 * The script of the `bench --browser` page (plain JavaScript, an ES module served as `page.js`).
 * It reads `config.json` (the test plan of the command), downloads the GGUF part(s), loads them
 * into wllama (llama.cpp compiled to WebAssembly, `wllama.js` + `wllama.wasm` from the same
 * folder; WebGPU off so every figure is WebAssembly on the CPU; multi-threaded when the page is
 * cross-origin isolated) and runs llama-bench's tests as the in-process bench does:
 * - pp N: a prompt of N tokens (a control token's text repeated, one token each, BOS included when
 *   the model adds one; llama.cpp's reported prompt count is checked) and one sampled token;
 * - tg N: from a one-token prompt, N tokens generated greedily, end-of-generation ignored;
 * - one untimed warm-up run per test, then `repeats` timed runs, each from an empty cache.
 * Each run keeps the page's wall time and llama.cpp's own timings. Memory (while the model is
 * loaded) and battery (at start and end) are read where the browser offers them. The results (or
 * the reason it could not run) are POSTed to `results`; status lines go to `status` as it goes.
 */

export const browserPageScript = String.raw`
// wllama's module from the same token-scoped folder (a URL, not a literal specifier).
const { Wllama } = await import(new URL("wllama.js", import.meta.url).href);

const statusLine = document.getElementById("status");
const log = document.getElementById("log");

function show(message) {
  statusLine.textContent = message;
  log.textContent += message + "\n";
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(path + ": the command answered " + response.status + " " + (await response.text()));
}

function status(message) {
  show(message);
  post("status", { message: message.slice(0, 1000) }).catch(() => {});
}

// The smallest module with a SIMD instruction (v128.const): validates only where SIMD is there.
const simdProbe = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

function deviceInfo() {
  let simd = false;
  try { simd = WebAssembly.validate(simdProbe); } catch (error) { simd = false; }
  return {
    userAgent: String(navigator.userAgent || "").slice(0, 2000),
    cores: typeof navigator.hardwareConcurrency === "number" ? navigator.hardwareConcurrency : null,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    threadsAvailable: globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer !== "undefined",
    simd,
  };
}

function hasMemory64() {
  try {
    new WebAssembly.Memory({ address: "i64", initial: BigInt(1) });
    return true;
  } catch (error) {
    return false;
  }
}

async function battery() {
  if (typeof navigator.getBattery !== "function") return null;
  try {
    const state = await navigator.getBattery();
    return { level: state.level, charging: state.charging };
  } catch (error) {
    return null;
  }
}

async function memory() {
  if (typeof performance.measureUserAgentSpecificMemory === "function" && globalThis.crossOriginIsolated) {
    try {
      const timeout = new Promise((resolve) => setTimeout(() => resolve(null), 10000));
      const measured = await Promise.race([performance.measureUserAgentSpecificMemory(), timeout]);
      if (measured && typeof measured.bytes === "number")
        return { source: "measureUserAgentSpecificMemory", bytes: measured.bytes };
    } catch (error) {
      // fall through to performance.memory
    }
  }
  if (performance.memory && typeof performance.memory.usedJSHeapSize === "number")
    return { source: "performance.memory", bytes: performance.memory.usedJSHeapSize };
  return null;
}

function llamaMs(timings) {
  if (!timings) return undefined;
  const ms = (timings.prompt_ms || 0) + (timings.predicted_ms || 0);
  return ms > 0 ? ms : undefined;
}

async function prefill(wllama, config, addBos, tokens) {
  const prompt = config.promptPiece.repeat(Math.max(1, tokens - (addBos ? 1 : 0)));
  const started = performance.now();
  const answer = await wllama.createCompletion({ prompt, max_tokens: 1, temperature: 0, cache_prompt: false, ignore_eos: true });
  const ms = performance.now() - started;
  const evaluated = answer.timings ? answer.timings.prompt_n : answer.usage.prompt_tokens;
  if (evaluated !== tokens) throw new Error("pp" + tokens + ": llama.cpp evaluated " + evaluated + " prompt tokens, not " + tokens);
  return { ms, llamaMs: answer.timings ? answer.timings.prompt_ms : undefined };
}

async function generate(wllama, config, tokens) {
  const started = performance.now();
  const answer = await wllama.createCompletion({ prompt: config.promptPiece, max_tokens: tokens, temperature: 0, cache_prompt: false, ignore_eos: true });
  const ms = performance.now() - started;
  if (answer.usage.completion_tokens !== tokens) throw new Error("tg" + tokens + ": " + answer.usage.completion_tokens + " tokens generated, not " + tokens);
  return { ms, llamaMs: llamaMs(answer.timings) };
}

async function runTest(wllama, config, addBos, kind, tokens, threads) {
  const name = kind + tokens + " at " + threads + " thread" + (threads === 1 ? "" : "s");
  const once = () => (kind === "pp" ? prefill(wllama, config, addBos, tokens) : generate(wllama, config, tokens));
  status(name + ": warm-up");
  await once();
  const runs = [];
  for (let repeat = 1; repeat <= config.repeats; repeat += 1) {
    status(name + ": run " + repeat + "/" + config.repeats);
    const run = await once();
    runs.push(run.llamaMs === undefined ? { ms: run.ms } : run);
  }
  return { kind, tokens, threads, runs };
}

async function main() {
  const config = await (await fetch("config.json")).json();
  const device = deviceInfo();
  status("connected: " + (device.cores === null ? "?" : device.cores) + " cores reported, cross-origin isolated: " + device.crossOriginIsolated);
  if (!WebAssembly.Suspending || !hasMemory64())
    throw new Error("this browser lacks WebAssembly JSPI or memory64, which the bundled wllama build needs (Chrome or Edge 137 or later; Safari and Firefox need wllama's compatibility build, which edgecall does not fetch from a CDN)");
  const batteryStart = await battery();
  const downloadStarted = performance.now();
  const blobs = [];
  for (const part of config.parts) {
    status("downloading " + part.name + " (" + (part.bytes / 1048576).toFixed(1) + " MiB)");
    const response = await fetch(part.url);
    if (!response.ok) throw new Error(part.url + ": " + response.status);
    blobs.push(await response.blob());
  }
  const downloadMs = performance.now() - downloadStarted;
  const threadCounts = config.threads || [Math.max(1, device.cores || 1)];
  const tests = [];
  let loadMs = 0;
  let measuredMemory = null;
  let version = "";
  for (const [index, threads] of threadCounts.entries()) {
    const wllama = new Wllama({ default: new URL("wllama.wasm", location.href).href }, { suppressNativeLog: true });
    wllama.setCompat(null);
    status("loading the model (" + threads + " thread" + (threads === 1 ? "" : "s") + " asked)");
    const started = performance.now();
    await wllama.loadModel(blobs, {
      n_ctx: config.contextSize, n_batch: config.batchSize, n_ubatch: config.batchSize,
      n_gpu_layers: 0, n_threads: threads, n_parallel: 1,
    });
    if (index === 0) loadMs = performance.now() - started;
    version = Wllama.getLibllamaVersion();
    const used = wllama.getNumThreads();
    const addBos = wllama.getLoadedContextInfo().add_bos_token === true;
    for (const tokens of config.promptTokens) tests.push(await runTest(wllama, config, addBos, "pp", tokens, used));
    if (config.genTokens > 0) tests.push(await runTest(wllama, config, addBos, "tg", config.genTokens, used));
    if (index === 0) {
      status("reading memory use");
      measuredMemory = await memory();
    }
    await wllama.exit();
  }
  const batteryEnd = await battery();
  status("sending the results");
  await post("results", {
    ok: true, device, llamaCppVersion: String(version).slice(0, 200), downloadMs, loadMs, tests,
    memory: measuredMemory,
    battery: batteryStart && batteryEnd ? { start: batteryStart, end: batteryEnd } : null,
  });
  show("done: the results are with the command; this page can be closed");
  globalThis.edgecallBenchDone = true;
}

main().catch(async (error) => {
  const message = String((error && error.message) || error).slice(0, 4000);
  show("failed: " + message);
  try {
    await post("results", { ok: false, error: message, userAgent: String(navigator.userAgent || "").slice(0, 2000) });
  } catch (ignored) {
    // the command may be gone
  }
  globalThis.edgecallBenchDone = true;
});
`;
