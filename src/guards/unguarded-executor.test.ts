/**
 * `--guards off`: every call the model makes runs (no preconditions, no confirmation), except an
 * unknown tool or arguments that break the schema; each call records the `guards-off` decision.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Tool, ToolError } from "../tools/tool.js";
import { ToolRegistry } from "../tools/tool-registry.js";
import { createUnguardedExecutor } from "./unguarded-executor.js";

function registry(sent: string[]): ToolRegistry {
  const send: Tool<{ to: string }> = {
    definition: {
      name: "send",
      description: "send",
      parameters: {
        type: "object",
        properties: { to: { type: "string" } },
        required: ["to"],
        additionalProperties: false,
      },
    },
    sideEffect: "external",
    preconditions: () => ({ type: "permission", message: "unknown recipient" }),
    async execute(input) {
      if (input.to === "boom") throw new ToolError("execution", "the tool failed");
      sent.push(input.to);
      return { sent: input.to };
    },
  };
  const tools = new ToolRegistry();
  tools.register(send as Tool);
  return tools;
}

describe("the unguarded executor (--guards off)", () => {
  it("runs an external call a precondition would refuse, without confirmation", async () => {
    const sent: string[] = [];
    const executor = createUnguardedExecutor(registry(sent));
    const outcome = await executor.execute({ name: "send", arguments: { to: "eve@attacker.example" } });
    assert.equal(outcome.ok, true);
    assert.deepEqual(sent, ["eve@attacker.example"]);
    assert.deepEqual(outcome.decisions, [{ guard: "guards-off", verdict: "pass" }]);
    assert.equal(executor.tainted, false);
  });

  it("still refuses an unknown tool and arguments that break the schema; a tool error is a result", async () => {
    const executor = createUnguardedExecutor(registry([]));
    const unknown = await executor.execute({ name: "launch", arguments: {} });
    assert.equal(!unknown.ok && unknown.error.type, "unknown-tool");
    const bad = await executor.execute({ name: "send", arguments: { to: 3 } });
    assert.equal(!bad.ok && bad.error.type, "invalid-arguments");
    const failed = await executor.execute({ name: "send", arguments: { to: "boom" } });
    assert.equal(!failed.ok && failed.error.message, "the tool failed");
  });
});
