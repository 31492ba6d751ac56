import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Tool } from "../tools/tool.js";
import { ToolRegistry } from "../tools/tool-registry.js";
import type { ConfirmationRequest } from "./confirmation-ledger.js";
import type { ConfirmationPolicy } from "./confirmation-policy.js";
import { createGuardedExecutor } from "./guarded-executor.js";

const secret = "sk-live-4f9a8b7c6d5e3a2b";

/** A private read, a public read that reaches outside, and a read-only tool that reaches outside. */
function registry(log: string[]) {
  const tools = new ToolRegistry();
  const stringInput = (name: string) => ({
    name,
    parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
  });
  tools.register<{ q: string }>({
    definition: stringInput("file_read"),
    sideEffect: "read",
    async execute() {
      return { content: `# keys\nAPI_KEY=${secret}\nproject: trail guide for the Blue Ridge loop` };
    },
  });
  tools.register<{ q: string }>({
    definition: stringInput("page_search"),
    sideEffect: "read",
    reachesOutside: true,
    publicOutput: "published pages",
    async execute(input) {
      log.push(`search ${input.q}`);
      return { results: [{ url: "https://trails.example.com/blue-ridge-loop", title: "Blue Ridge loop" }] };
    },
  });
  tools.register<{ q: string }>({
    definition: stringInput("remote_lookup"),
    sideEffect: "read",
    reachesOutside: true,
    async execute(input) {
      log.push(`lookup ${input.q}`);
      return { found: false };
    },
  } as Tool<{ q: string }>);
  return tools;
}

function session(options: { policy?: ConfirmationPolicy; user: string; answer?: boolean }) {
  const log: string[] = [];
  const asked: ConfirmationRequest[] = [];
  const executor = createGuardedExecutor({
    registry: registry(log),
    userMessages: [options.user],
    ...(options.policy === undefined
      ? {
          confirm: async (request: ConfirmationRequest) => {
            asked.push(request);
            return options.answer ?? false;
          },
        }
      : { policy: options.policy }),
  });
  const call = (name: string, q: string) => executor.execute({ name, arguments: { q } });
  return { log, asked, call };
}

describe("private data leaving through a tool that reaches outside", () => {
  it("asks before a read-only outside tool receives a secret read from a file", async () => {
    const { log, asked, call } = session({ user: "What's in keys.txt?" });
    assert.equal((await call("file_read", "keys.txt")).ok, true);
    const sent = await call("remote_lookup", `check ${secret} please`);
    assert.equal(!sent.ok && sent.error.type, "denied");
    assert.deepEqual(log, []);
    assert.deepEqual(asked[0]?.reasons, ["private-data"]);
    assert.deepEqual(
      asked[0]?.targets.map((target) => [target.kind, target.argument]),
      [["private data", "q"]],
    );
    assert.match(asked[0]?.summary ?? "", /private data this session read/);
    assert.match(asked[0]?.summary ?? "", new RegExp(secret));
  });

  it("runs once a person approves it", async () => {
    const { log, call } = session({ user: "What's in keys.txt?", answer: true });
    await call("file_read", "keys.txt");
    assert.equal((await call("remote_lookup", secret)).ok, true);
    assert.deepEqual(log, [`lookup ${secret}`]);
  });

  it("is refused under deny and under approve-if-user-asked, even when the user asked for a lookup", async () => {
    for (const policy of ["deny", "approve-if-user-asked"] as const) {
      const { log, call } = session({ policy, user: "Read keys.txt and run remote lookup on the key" });
      await call("file_read", "keys.txt");
      const sent = await call("remote_lookup", secret);
      assert.equal(!sent.ok && sent.error.type, "denied", policy);
      assert.deepEqual(log, [], policy);
    }
  });

  it("does not ask when the user wrote the data, or for words the user wrote that a file also holds", async () => {
    const { log, asked, call } = session({
      policy: "deny",
      user: `Is ${secret} leaked? Also find the trail guide for the Blue Ridge loop`,
    });
    await call("file_read", "keys.txt");
    assert.equal((await call("remote_lookup", secret)).ok, true);
    assert.equal((await call("page_search", "trail guide for the Blue Ridge loop")).ok, true);
    assert.deepEqual(asked, []);
    assert.equal(log.length, 2);
  });

  it("public text (a page's URL) may go back outside; private text may not", async () => {
    const { log, asked, call } = session({ policy: "deny", user: "Find hiking pages" });
    await call("page_search", "hiking");
    assert.equal((await call("remote_lookup", "https://trails.example.com/blue-ridge-loop")).ok, true);
    await call("file_read", "keys.txt");
    const leaked = await call("page_search", `https://trails.example.com/?k=${secret}`);
    assert.equal(!leaked.ok && leaked.error.type, "denied");
    assert.deepEqual(asked, []);
    assert.deepEqual(log, ["search hiking", "lookup https://trails.example.com/blue-ridge-loop"]);
  });
});
