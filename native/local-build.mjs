/**
 * Where node-llama-cpp looks for a local build of its addon, and what it expects there.
 *
 * node-llama-cpp (3.x) prefers a "local build" over its prebuilt binaries when the folder
 * `llama/localBuilds/<platform>-<arch>/` of its package holds `Release/llama-addon.node`,
 * `Release/_nlcBuildMetadata.json` and `buildDone.status` (this is where its own `source build`
 * command puts one), and falls back to the prebuilt binaries when that build fails to load. The
 * native runtime edgecall builds (native/build-addon.mjs) is installed there, beside copies of the
 * prebuilt llama.cpp libraries it links against, plus `edgecall-native.json` saying what it is.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The marker file, beside the addon, that says the local build is edgecall's. */
export const markerFileName = "edgecall-native.json";

/** The platforms this build supports: node-llama-cpp's folder names and prebuilt package names. */
export function platformName(platform = process.platform, arch = process.arch) {
  if (platform !== "linux") return undefined;
  if (arch !== "x64" && arch !== "arm64") return undefined;
  return `linux-${arch}`;
}

/**
 * The installed node-llama-cpp: its root folder and version, resolved from `fromDirectory`
 * (default: this project). Undefined when it is not installed.
 * @returns {{ root: string, version: string } | undefined}
 */
export function findNodeLlamaCpp(fromDirectory = dirname(fileURLToPath(import.meta.url))) {
  const require = createRequire(join(fromDirectory, "package.json"));
  let entry;
  try {
    entry = require.resolve("node-llama-cpp");
  } catch {
    return undefined;
  }
  // The entry is <root>/dist/index.js; the package's exports do not include package.json.
  const root = dirname(dirname(entry));
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  return { root, version: String(manifest.version) };
}

/**
 * The folders of one platform's build: the prebuilt binaries node-llama-cpp ships (`prebuilt`),
 * the local build folder it checks first (`localBuild`) and the folder the addon goes in (`release`).
 */
export function buildFolders(nodeLlamaCppRoot, platform) {
  const require = createRequire(join(nodeLlamaCppRoot, "package.json"));
  let prebuiltPackage;
  try {
    prebuiltPackage = dirname(require.resolve(`@node-llama-cpp/${platform}/package.json`));
  } catch {
    // The package's exports hide package.json; fall back to resolving its entry point.
    try {
      prebuiltPackage = dirname(dirname(require.resolve(`@node-llama-cpp/${platform}`)));
    } catch {
      prebuiltPackage = undefined;
    }
  }
  const localBuild = join(nodeLlamaCppRoot, "llama", "localBuilds", platform);
  return {
    prebuilt: prebuiltPackage === undefined ? undefined : join(prebuiltPackage, "bins", platform),
    localBuild,
    release: join(localBuild, "Release"),
  };
}

/** Reads `/etc/os-release` (or `/usr/lib/os-release`) as node-llama-cpp does: keys lower-cased. */
export function readOsRelease(paths = ["/etc/os-release", "/usr/lib/os-release"]) {
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const values = new Map();
    for (const line of readFileSync(path, "utf8").split("\n")) {
      const equals = line.indexOf("=");
      if (equals < 1) continue;
      let value = line.slice(equals + 1);
      if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      values.set(line.slice(0, equals).toLowerCase(), value);
    }
    return values;
  }
  return new Map();
}

/**
 * The `_nlcBuildMetadata.json` of the local build: the prebuilt binaries' own metadata (same
 * llama.cpp release, no GPU, no custom cmake options) with this machine's distribution, so
 * node-llama-cpp loads it directly instead of test-loading it in a child process on every start.
 */
export function localBuildMetadata(prebuiltMetadata, osRelease) {
  const buildOptions = prebuiltMetadata?.buildOptions;
  if (typeof buildOptions !== "object" || buildOptions === null) {
    throw new Error("the prebuilt binaries' _nlcBuildMetadata.json has no buildOptions object");
  }
  return {
    buildOptions: {
      ...buildOptions,
      customCmakeOptions: {},
      gpu: false,
      platformInfo: {
        name: osRelease.get("name") ?? "",
        version: osRelease.get("version_id") ?? osRelease.get("version") ?? "",
      },
    },
  };
}

/**
 * What the installed local build is, when it is edgecall's (its marker), else undefined.
 * @returns {Record<string, unknown> | undefined}
 */
export function readInstalledMarker(nodeLlamaCppRoot, platform) {
  const path = join(buildFolders(nodeLlamaCppRoot, platform).release, markerFileName);
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}
