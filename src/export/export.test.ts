import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, it } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { exportCommand } from "../cli/commands/export-command.js";
import { checkSuites } from "../eval/suite-check.js";
import { traceIds, writeTraceFile } from "../suites/traces/traces.test-support.js";
import { createTracesSuite } from "../suites/traces/traces-suite.js";

const scratch = mkdtempSync(join(tmpdir(), "edgecall-export-"));
const traces = writeTraceFile(scratch);
const ids = traceIds("team.jsonl");
const rightWeather = JSON.stringify([{ name: "get_weather", arguments: { city: "Paris" } }]);

async function quietly<T>(run: () => Promise<T>): Promise<T> {
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = (() => true) as typeof process.stderr.write;
  try {
    return await run();
  } finally {
    process.stderr.write = write;
  }
}

describe("edgecall export --as sft", () => {
  it("writes each reference solution as a fine-tuning conversation that reads back as a traces suite", async () => {
    const output = join(scratch, "sft.jsonl");
    await quietly(() =>
      exportCommand({
        suite: `traces:${traces},assistant:single,assistant:stateful`,
        as: "sft",
        output,
        limit: 3,
      }),
    );
    const lines = readFileSync(output, "utf8").trim().split("\n");
    // traces: its 4 turns are 4 samples (limit 3 keeps 3); assistant:single 3; stateful 3.
    assert.equal(lines.length, 9);
    for (const line of lines) {
      const document = JSON.parse(line) as {
        messages: { role: string; tool_calls?: unknown[] }[];
        tools?: unknown[];
      };
      assert.ok(document.messages.length >= 2);
      assert.equal(document.messages.at(-1)?.role, "assistant");
      assert.ok(Array.isArray(document.tools) && document.tools.length > 0);
    }
    const stateful = lines.slice(6).map((line) => JSON.parse(line) as { messages: { role: string }[] });
    assert.ok(
      stateful.some((document) => document.messages.some((message) => message.role === "tool")),
      "an agent suite's conversations hold the tool results the reference saw",
    );
    const roundTrip = createTracesSuite(`traces:${output}`);
    assert.deepEqual(roundTrip.notes, []);
    const [check] = await checkSuites([roundTrip], {});
    assert.ok(check !== undefined && check.samples >= 9);
    assert.deepEqual(check.gold.failed, [], JSON.stringify(check.gold.explanations));
  });
});

describe("edgecall export --as rewards and edgecall reward", () => {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const built = existsSync(join(root, "dist", "index.js"));

  it("writes a module that imports edgecall by name and rewards trajectories after being moved", {
    skip: built ? false : "dist/ is not built (npm run build)",
  }, async () => {
    // A project that depends on edgecall: node_modules/edgecall is this package (its dist/).
    const project = mkdtempSync(join(tmpdir(), "edgecall-project-"));
    mkdirSync(join(project, "node_modules"));
    symlinkSync(root, join(project, "node_modules", "edgecall"), "dir");
    mkdirSync(join(project, "training", "rewards"), { recursive: true });
    const written = join(project, "rewards.mjs");
    await quietly(() =>
      exportCommand({ suite: `traces:${traces},assistant:stateful`, as: "rewards", output: written }),
    );
    const text = readFileSync(written, "utf8");
    assert.match(text, /^import \{ loadRewardFunction \} from "edgecall";$/m);
    assert.doesNotMatch(text, /file:|node_modules|dist\//);
    assert.ok(!text.includes(root), "no path into the installation");
    const moved = join(project, "training", "rewards", "moved.mjs");
    renameSync(written, moved);
    const module = (await import(pathToFileURL(moved).href)) as {
      reward: (
        input: Record<string, unknown>,
      ) => Promise<{ reward: number; score: number; passed: boolean; explanation: string }>;
    };
    const right = await module.reward({ id: ids[0]!.id, completion: rightWeather });
    assert.deepEqual([right.score, right.passed], [1, true]);
    const wrong = await module.reward({ sample: ids[0]!.id, completion: "I don't know." });
    assert.deepEqual([wrong.score, wrong.passed, wrong.explanation], [0, false, "made no tool call"]);
    const message = await module.reward({
      sample: { id: ids[3]!.id },
      completion: {
        content: null,
        tool_calls: [
          {
            type: "function",
            function: { name: "convert_currency", arguments: '{"amount": 100, "from": "USD", "to": "EUR"}' },
          },
        ],
      },
    });
    assert.equal(message.passed, true, message.explanation);
    // A conversation of an agent suite, in the same {id, messages} shape as the library's.
    const dnd = [
      { role: "user", content: "Turn on do not disturb please." },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "c1",
            type: "function",
            function: { name: "settings_set", arguments: '{"setting":"do_not_disturb","value":true}' },
          },
        ],
      },
      { role: "assistant", content: "Do not disturb is on." },
    ];
    const done = await module.reward({ id: "stateful_single_dnd", messages: dnd });
    assert.deepEqual([done.reward, done.score, done.passed], [1, 1, true], done.explanation);
    const claimed = await module.reward({
      id: "stateful_single_dnd",
      messages: [dnd[0], { role: "assistant", content: "Done!" }],
    });
    assert.deepEqual([claimed.reward, claimed.score, claimed.passed], [0, 0, false]);
  });

  it("notes when the module's folder cannot reach the edgecall package", async () => {
    const lonely = mkdtempSync(join(tmpdir(), "edgecall-lonely-"));
    let stderr = "";
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => {
      stderr += chunk;
      return true;
    }) as typeof process.stderr.write;
    try {
      await exportCommand({ suite: `traces:${traces}`, as: "rewards", output: join(lonely, "rewards.mjs") });
    } finally {
      process.stderr.write = write;
    }
    assert.match(stderr, /imports the "edgecall" package, which is not installed in its folder or above/);
  });

  it("answers each stdin line on stdout as it comes, as a trainer's subprocess", async (context) => {
    const main = fileURLToPath(new URL("../cli/main.ts", import.meta.url));
    const child = spawn(
      process.execPath,
      ["--import", "tsx", main, "reward", "--suite", `traces:${traces},assistant:stateful`],
      {
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    // A failed assertion must not leave the subprocess waiting on stdin (the test file would never exit).
    context.after(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const replies = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const ask = async (line: string) => {
      child.stdin.write(`${line}\n`);
      const next = await replies.next();
      assert.equal(next.done, false, stderr);
      return JSON.parse(next.value as string) as Record<string, unknown>;
    };
    // One line in, one line out, before stdin ends.
    assert.deepEqual(await ask(JSON.stringify({ id: ids[0]!.id, completion: rightWeather })), {
      id: ids[0]!.id,
      reward: 1,
      score: 1,
      passed: true,
      explanation: "matches the recorded calls",
    });
    const text = await ask(JSON.stringify({ id: ids[1]!.id, completion: rightWeather }));
    assert.deepEqual([text.reward, text.score, text.passed, text.errorType], [0, 0, false, "text:called"]);
    const unknown = await ask(JSON.stringify({ id: "nope", completion: "x" }));
    assert.match(String(unknown.error), /line 3: no sample "nope"/);
    const bad = await ask("{oops");
    assert.equal(bad.id, null);
    assert.match(String(bad.error), /^line 4: /);
    // A whole conversation of an agent suite: its calls run in the sample's world.
    const call = {
      role: "assistant",
      tool_calls: [
        {
          id: "c1",
          type: "function",
          function: { name: "settings_set", arguments: '{"setting":"do_not_disturb","value":true}' },
        },
      ],
    };
    const user = { role: "user", content: "Turn on do not disturb please." };
    const done = await ask(
      JSON.stringify({
        id: "stateful_single_dnd",
        messages: [user, call, { role: "assistant", content: "On." }],
      }),
    );
    assert.deepEqual([done.reward, done.score, done.passed], [1, 1, true], String(done.explanation));
    const claimed = await ask(
      JSON.stringify({
        id: "stateful_single_dnd",
        messages: [user, { role: "assistant", content: "Done!" }],
      }),
    );
    assert.deepEqual([claimed.reward, claimed.score, claimed.passed], [0, 0, false]);
    const shape = await ask(JSON.stringify({ id: "stateful_single_dnd", messages: [{ role: "robot" }] }));
    assert.match(String(shape.error), /^line 7: messages\[0\]\.role must be/);
    child.stdin.end();
    const code = await new Promise((resolve) => child.on("close", resolve));
    assert.equal(code, 0, stderr);
  });
});
