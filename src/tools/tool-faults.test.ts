import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Tool } from "./tool.js";
import { ToolError } from "./tool.js";
import { truncatedOutput, withToolFaults } from "./tool-faults.js";
import { ToolRegistry } from "./tool-registry.js";

function counter(): { tool: Tool; runs: () => number } {
  let runs = 0;
  return {
    runs: () => runs,
    tool: {
      definition: {
        name: "notes_add",
        description: "adds a note",
        parameters: { type: "object", properties: {} },
      },
      sideEffect: "write",
      async execute() {
        runs += 1;
        return { id: `note-${runs}`, text: "a note long enough to be cut short by the fault" };
      },
    },
  };
}

describe("transient tool faults", () => {
  for (const kind of ["timeout", "server-error"] as const)
    it(`${kind}: the faulted call does not run and fails with a tool error; the next call runs`, async () => {
      const { tool, runs } = counter();
      const registry = withToolFaults(new ToolRegistry().register(tool), [
        { tool: "notes_add", kind, call: 1 },
      ]);
      const faulty = registry.get("notes_add");
      assert.ok(faulty);
      await assert.rejects(faulty.execute({}, {} as never), (error: unknown) => error instanceof ToolError);
      assert.equal(runs(), 0);
      assert.deepEqual(await faulty.execute({}, {} as never), {
        id: "note-1",
        text: "a note long enough to be cut short by the fault",
      });
    });

  it("truncated: the call runs and its result comes back cut short", async () => {
    const { tool, runs } = counter();
    const registry = withToolFaults(new ToolRegistry().register(tool), [
      { tool: "notes_add", kind: "truncated", call: 1 },
    ]);
    const output = await registry.get("notes_add")?.execute({}, {} as never);
    assert.equal(runs(), 1);
    assert.equal(typeof output, "string");
    assert.match(String(output), /response truncated/);
    assert.ok(String(output).length < JSON.stringify({ id: "note-1" }).length + 80);
    assert.match(truncatedOutput("x".repeat(100)), /^x{40}… /);
  });

  it("leaves other tools as they are", () => {
    const { tool } = counter();
    const registry = withToolFaults(new ToolRegistry().register(tool), [
      { tool: "other", kind: "timeout", call: 1 },
    ]);
    assert.equal(registry.get("notes_add"), tool);
  });
});
