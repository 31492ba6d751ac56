import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { Command } from "commander";
import { registerModelCommands } from "./model-commands.js";

describe("serve --help", () => {
  it("names every /v1 route the server answers", () => {
    const program = new Command("edgecall");
    registerModelCommands(program);
    const serve = program.commands.find((command) => command.name() === "serve");
    assert.ok(serve !== undefined);
    // The command's description, the first thing --help says (an option naming a route is not enough).
    const help = serve.description();
    const server = readFileSync(join(import.meta.dirname, "..", "..", "serve", "openai-server.ts"), "utf8");
    const routes = [...server.matchAll(/app\.(?:get|post)\("(\/v1\/[^"]+)"/g)].map((match) => match[1] ?? "");
    assert.ok(routes.includes("/v1/chat/completions"), `routes read wrongly: ${routes.join(", ")}`);
    for (const route of routes)
      assert.ok(help.includes(route), `serve --help does not name ${route}:\n${help}`);
  });
});
