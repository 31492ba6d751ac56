#!/usr/bin/env node
// The edgecall command. The TypeScript sources are compiled to dist/ by `npm run build`,
// which `npm ci` runs through the `prepare` script.

// node-llama-cpp decodes and samples every token on libuv's thread pool. With Node's default of
// four pool threads consecutive tokens run on different threads and cores; one thread that keeps
// them decoded faster here (docs/benchmarks.md, "libuv's thread pool"). Set before anything uses
// the pool; an explicit UV_THREADPOOL_SIZE wins.
process.env.UV_THREADPOOL_SIZE ??= "1";
import("../dist/cli/main.js").catch((error) => {
  if (error && error.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist/cli/main.js")) {
    process.stderr.write("edgecall: not built: run `npm run build` (or `npm ci`) in the edgecall folder\n");
    process.exit(1);
  }
  throw error;
});
