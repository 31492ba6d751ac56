#!/usr/bin/env node
/**
 * Builds edgecall's native runtime: node-llama-cpp's own addon, compiled from the sources its
 * package ships, with two additions (native/persistent-threadpool.cpp: each context keeps a ggml
 * thread pool instead of starting and joining worker threads for every token; native/fast-greedy.cpp:
 * plain greedy sampling is answered on the calling thread from the logits, without node-llama-cpp's
 * copy of the whole vocabulary into candidates and its worker round trip), linked against
 * node-llama-cpp's prebuilt llama.cpp libraries and installed as node-llama-cpp's local build,
 * which it then loads instead of its prebuilt addon (falling back to the prebuilt one if the local
 * build fails to load). Nothing is downloaded: the llama.cpp headers come from the git bundle in
 * node-llama-cpp's package. About a minute on 2 cores; needs g++ (or $CXX) and git.
 *
 *   node native/build-addon.mjs                build and install (fails loudly)
 *   node native/build-addon.mjs --if-possible  as npm's postinstall: skip with a note when this
 *                                              machine cannot build (or EDGECALL_NATIVE_BUILD=0)
 *   node native/build-addon.mjs --remove       uninstall: node-llama-cpp's prebuilt addon is used
 *   node native/build-addon.mjs --status       say which addon node-llama-cpp will load
 *
 * docs/benchmarks.md "Native build" explains why and what it measured.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism, tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { editedFiles, patchAddonSources, patchedNodeLlamaCppVersion } from "./addon-patch.mjs";
import {
  buildFolders,
  findNodeLlamaCpp,
  localBuildMetadata,
  markerFileName,
  platformName,
  readInstalledMarker,
  readOsRelease,
} from "./local-build.mjs";

const nativeDirectory = dirname(fileURLToPath(import.meta.url));
const ourSources = [
  "persistent-threadpool.h",
  "persistent-threadpool.cpp",
  "fast-greedy.h",
  "fast-greedy.cpp",
];
/** The llama.cpp folders whose headers the addon includes. */
const headerFolders = ["include", "ggml/include", "common", "src", "vendor"];

class CannotBuild extends Error {}

function log(message) {
  process.stderr.write(`edgecall native: ${message}\n`);
}

function commandWorks(command, args) {
  const result = spawnSync(command, args, { encoding: "utf8" });
  return result.status === 0 ? result.stdout.split("\n")[0].trim() : undefined;
}

/** Everything the build needs, or a CannotBuild naming what is missing. */
function preconditions() {
  const platform = platformName();
  if (platform === undefined)
    throw new CannotBuild(`${process.platform}-${process.arch} is not supported (Linux x64/arm64 only)`);
  const nodeLlamaCpp = findNodeLlamaCpp();
  if (nodeLlamaCpp === undefined) throw new CannotBuild("node-llama-cpp is not installed (run npm ci first)");
  if (nodeLlamaCpp.version !== patchedNodeLlamaCppVersion) {
    throw new CannotBuild(
      `node-llama-cpp ${nodeLlamaCpp.version} is installed; the patch is for ${patchedNodeLlamaCppVersion}`,
    );
  }
  const folders = buildFolders(nodeLlamaCpp.root, platform);
  if (folders.prebuilt === undefined || !existsSync(join(folders.prebuilt, "_nlcBuildMetadata.json"))) {
    throw new CannotBuild(`node-llama-cpp's prebuilt binaries for ${platform} are not installed`);
  }
  const compiler = process.env.CXX || "g++";
  const compilerVersion = commandWorks(compiler, ["--version"]);
  if (compilerVersion === undefined)
    throw new CannotBuild(`no C++ compiler (${compiler}; Debian: apt-get install g++)`);
  if (commandWorks("git", ["--version"]) === undefined) throw new CannotBuild("git is not installed");
  const bundle = join(nodeLlamaCpp.root, "llama", "gitRelease.bundle");
  if (!existsSync(bundle)) throw new CannotBuild(`${bundle} is missing`);
  const require = createRequire(join(nodeLlamaCpp.root, "package.json"));
  let addonApiInclude;
  let nodeApiInclude;
  try {
    addonApiInclude = require("node-addon-api").include_dir;
    nodeApiInclude = require("node-api-headers").include_dir;
  } catch (error) {
    throw new CannotBuild(
      `node-addon-api or node-api-headers (installed with node-llama-cpp) not found: ${error.message}`,
    );
  }
  return {
    platform,
    nodeLlamaCpp,
    folders,
    compiler,
    compilerVersion,
    bundle,
    addonApiInclude,
    nodeApiInclude,
  };
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.slice(0, 3).join(" ")} failed: ${(result.stderr || result.stdout || "").trim().slice(0, 2000)}`,
    );
  }
  return result.stdout;
}

/** The addon sources with edgecall's edits, written to `directory`; returns their hash. */
function prepareSources(nodeLlamaCppRoot, directory) {
  cpSync(join(nodeLlamaCppRoot, "llama", "addon"), directory, { recursive: true });
  const originals = Object.fromEntries(
    editedFiles().map((file) => [file, readFileSync(join(directory, file), "utf8")]),
  );
  const patched = patchAddonSources(originals);
  if (!patched.ok)
    throw new CannotBuild(
      `node-llama-cpp's addon sources differ from what the patch expects: ${patched.reason}`,
    );
  for (const [file, text] of Object.entries(patched.sources)) writeFileSync(join(directory, file), text);
  for (const file of ourSources) cpSync(join(nativeDirectory, file), join(directory, file));
  const hash = createHash("sha256");
  for (const file of sourceFiles(directory).sort()) hash.update(file).update(readFileSync(file));
  return hash.digest("hex");
}

function sourceFiles(directory) {
  const found = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(path));
    else if (/\.(cpp|h)$/.test(entry.name)) found.push(path);
  }
  return found;
}

function compileOne(compiler, flags, source, object) {
  return new Promise((resolve, reject) => {
    const child = spawn(compiler, [...flags, "-c", source, "-o", object], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk) => {
      errors += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`compiling ${basename(source)} failed:\n${errors.trim().slice(0, 3000)}`));
    });
  });
}

/** Compiles every .cpp of `sourceDirectory`, at most one per CPU at a time. */
async function compileAll(compiler, flags, sourceDirectory, objectDirectory) {
  const sources = sourceFiles(sourceDirectory).filter((file) => file.endsWith(".cpp"));
  const queue = sources.map((source, index) => ({
    source,
    object: join(objectDirectory, `${index}-${basename(source)}.o`),
  }));
  const workers = Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
    for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
      await compileOne(compiler, flags, job.source, job.object);
    }
  });
  await Promise.all(workers);
  return readdirSync(objectDirectory).map((file) => join(objectDirectory, file));
}

function sharedLibraries(prebuilt) {
  return readdirSync(prebuilt).filter((file) => file.endsWith(".so"));
}

function libraryNamed(libraries, pattern) {
  const matches = libraries.filter((file) => pattern.test(file));
  if (matches.length !== 1)
    throw new CannotBuild(
      `expected one library matching ${pattern} in the prebuilt binaries, found ${matches.length}`,
    );
  return matches[0];
}

/** Loads node-llama-cpp in a child process and returns the build type it picked. */
function loadedBuildType(nodeLlamaCppRoot) {
  const entry = pathToFileURL(join(nodeLlamaCppRoot, "dist", "index.js")).href;
  const script = `const { getLlama, LlamaLogLevel } = await import(${JSON.stringify(entry)});
const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error, progressLogs: false });
process.stdout.write(llama.buildType);
await llama.dispose();`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
    timeout: 120_000,
  });
  return result.status === 0
    ? result.stdout.trim()
    : `failed (${(result.stderr || "").trim().split("\n").slice(-3).join(" ")})`;
}

async function build() {
  const started = performance.now();
  const needs = preconditions();
  const { nodeLlamaCpp, folders, compiler } = needs;
  const workDirectory = mkdtempSync(join(tmpdir(), "edgecall-native-"));
  try {
    log(`building node-llama-cpp ${nodeLlamaCpp.version}'s addon with edgecall's additions (${compiler})`);
    const llamaSource = join(workDirectory, "llama.cpp");
    run("git", ["clone", "--quiet", "--no-checkout", needs.bundle, llamaSource]);
    run("git", [
      "-C",
      llamaSource,
      "-c",
      "advice.detachedHead=false",
      "checkout",
      "--quiet",
      "HEAD",
      "--",
      ...headerFolders,
    ]);
    const addonSource = join(workDirectory, "addon");
    const sourceHash = prepareSources(nodeLlamaCpp.root, addonSource);
    const objects = join(workDirectory, "objects");
    mkdirSync(objects);
    const includes = [
      needs.addonApiInclude,
      needs.nodeApiInclude,
      llamaSource,
      ...headerFolders.map((folder) => join(llamaSource, folder)),
    ];
    const flags = [
      "-std=c++17",
      "-O3",
      "-DNDEBUG",
      "-fPIC",
      "-pthread",
      "-fexceptions",
      "-DNAPI_VERSION=7",
      ...includes.map((folder) => `-I${folder}`),
    ];
    const objectFiles = await compileAll(compiler, flags, addonSource, objects);
    const libraries = sharedLibraries(folders.prebuilt);
    const linked = [
      /^libllama-common.*\.so$/,
      /^libllama\..*so$/,
      /^libggml\..*so$/,
      /^libggml-base.*\.so$/,
    ].map((pattern) => `-l:${libraryNamed(libraries, pattern)}`);
    const addon = join(workDirectory, "llama-addon.node");
    run(compiler, [
      "-shared",
      "-pthread",
      ...objectFiles,
      "-o",
      addon,
      `-L${folders.prebuilt}`,
      ...linked,
      "-Wl,-rpath,$ORIGIN",
    ]);
    install(needs, addon, libraries, sourceHash);
    const buildType = loadedBuildType(nodeLlamaCpp.root);
    if (buildType !== "localBuild") {
      rmSync(folders.localBuild, { recursive: true, force: true });
      throw new Error(`node-llama-cpp did not load the new addon (build type: ${buildType}); removed it`);
    }
    log(
      `installed in ${folders.release} (${((performance.now() - started) / 1000).toFixed(0)} s); node-llama-cpp now loads it`,
    );
  } finally {
    rmSync(workDirectory, { recursive: true, force: true });
  }
}

/** Puts the addon, the prebuilt libraries and the metadata in place; replaces any earlier build. */
function install(needs, addon, libraries, sourceHash) {
  const { folders } = needs;
  const staging = `${folders.localBuild}.edgecall-staging`;
  rmSync(staging, { recursive: true, force: true });
  const release = join(staging, "Release");
  mkdirSync(release, { recursive: true });
  for (const library of libraries) cpSync(join(folders.prebuilt, library), join(release, library));
  cpSync(addon, join(release, "llama-addon.node"));
  const prebuiltMetadata = JSON.parse(readFileSync(join(folders.prebuilt, "_nlcBuildMetadata.json"), "utf8"));
  writeFileSync(
    join(release, "_nlcBuildMetadata.json"),
    JSON.stringify(localBuildMetadata(prebuiltMetadata, readOsRelease())),
  );
  const marker = {
    builtBy: "edgecall native/build-addon.mjs",
    nodeLlamaCpp: needs.nodeLlamaCpp.version,
    llamaCpp: prebuiltMetadata.buildOptions?.llamaCpp,
    additions: [
      "persistent ggml thread pool per context (EDGECALL_GGML_THREADPOOL=0 turns it off)",
      "plain greedy sampling on the calling thread (EDGECALL_FAST_GREEDY=0 turns it off)",
    ],
    libraries: "node-llama-cpp's prebuilt llama.cpp libraries, unchanged",
    compiler: needs.compilerVersion,
    sourceSha256: sourceHash,
    builtAt: new Date().toISOString(),
  };
  writeFileSync(join(release, markerFileName), `${JSON.stringify(marker, null, 2)}\n`);
  writeFileSync(join(staging, "buildDone.status"), "");
  rmSync(folders.localBuild, { recursive: true, force: true });
  renameSync(staging, folders.localBuild);
}

function status() {
  const platform = platformName();
  const nodeLlamaCpp = findNodeLlamaCpp();
  if (platform === undefined || nodeLlamaCpp === undefined) {
    log("not installed (unsupported platform or node-llama-cpp missing)");
    return;
  }
  const marker = readInstalledMarker(nodeLlamaCpp.root, platform);
  log(
    marker === undefined
      ? "not installed: node-llama-cpp loads its prebuilt addon"
      : `installed: ${JSON.stringify(marker)}`,
  );
  log(`node-llama-cpp loads: ${loadedBuildType(nodeLlamaCpp.root)}`);
}

function remove() {
  const platform = platformName();
  const nodeLlamaCpp = findNodeLlamaCpp();
  if (platform === undefined || nodeLlamaCpp === undefined) return;
  if (readInstalledMarker(nodeLlamaCpp.root, platform) === undefined) {
    log("nothing to remove (no local build of edgecall's is installed)");
    return;
  }
  rmSync(buildFolders(nodeLlamaCpp.root, platform).localBuild, { recursive: true, force: true });
  log("removed: node-llama-cpp loads its prebuilt addon again");
}

async function main(argv) {
  const known = new Set(["--if-possible", "--remove", "--status"]);
  const unknown = argv.filter((argument) => !known.has(argument));
  if (unknown.length > 0) {
    log(`unknown argument ${unknown[0]} (expected --if-possible, --remove or --status)`);
    return 2;
  }
  if (argv.includes("--remove")) {
    remove();
    return 0;
  }
  if (argv.includes("--status")) {
    status();
    return 0;
  }
  const ifPossible = argv.includes("--if-possible");
  if (ifPossible && process.env.EDGECALL_NATIVE_BUILD === "0") {
    log("skipped (EDGECALL_NATIVE_BUILD=0): node-llama-cpp's prebuilt addon will be used");
    return 0;
  }
  try {
    await build();
    return 0;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (ifPossible) {
      log(`skipped: ${reason}`);
      log("node-llama-cpp's prebuilt addon will be used (see docs/benchmarks.md, Native build)");
      return 0;
    }
    log(`failed: ${reason}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
