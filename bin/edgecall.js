#!/usr/bin/env node
// The edgecall command. The TypeScript sources are compiled to dist/ by `npm run build`,
// which `npm ci` runs through the `prepare` script.
import("../dist/cli/main.js").catch((error) => {
  if (error && error.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist/cli/main.js")) {
    process.stderr.write("edgecall: not built: run `npm run build` (or `npm ci`) in the edgecall folder\n");
    process.exit(1);
  }
  throw error;
});
