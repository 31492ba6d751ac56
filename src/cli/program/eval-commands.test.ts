import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Command } from "commander";
import { registerEvalCommands } from "./eval-commands.js";

/** The long flags a command declares, in order. */
function flags(command: Command | undefined): string[] {
  assert.ok(command !== undefined);
  return command.options.map((option) => option.long ?? option.short ?? "");
}

describe("the commands that write run directories", () => {
  it("take the same run options: eval, compare-quants, size and both probes", () => {
    const program = new Command("edgecall");
    registerEvalCommands(program);
    const named = (name: string) => program.commands.find((command) => command.name() === name);
    const probe = named("probe");
    const runners = {
      eval: named("eval"),
      "compare-quants": named("compare-quants"),
      size: named("size"),
      "probe tools": probe?.commands.find((command) => command.name() === "tools"),
      "probe context": probe?.commands.find((command) => command.name() === "context"),
    };
    const shared = [
      "--out",
      "--concurrency",
      "--repeats",
      "--seed",
      "--gpu",
      "--max-tokens",
      "--no-cache",
      "--json",
    ];
    const first = flags(runners.eval);
    for (const flag of shared) assert.ok(first.includes(flag), `eval lacks ${flag}`);
    // The run options come last, in the same order, wherever they are added.
    const runOptions = first.slice(first.indexOf("--fail-under-each") + 1);
    assert.ok(runOptions.length > 20, `run options read wrongly: ${runOptions.join(" ")}`);
    for (const [name, command] of Object.entries(runners))
      assert.deepEqual(flags(command).slice(-runOptions.length), runOptions, `${name}'s run options`);
  });
});
