import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Environment, Template } from "@huggingface/jinja";
import { type EdgecallError, isEdgecallError } from "../errors.js";
import type { ChatMessage } from "../messages.js";
import { assertTemplateWithinLimits, renderChatTemplate } from "./chat-template.js";
import {
  officialTemplates,
  readOfficialTemplate,
  toolConversation,
  weatherTool,
} from "./official-templates.test-support.js";
import {
  BoundedInterpreter,
  boundedRange,
  defaultTemplateLimits,
  TemplateLimitError,
  templateLimits,
} from "./template-limits.js";

const hello: ChatMessage[] = [{ role: "user", content: "hi" }];

/** A {@link BoundedInterpreter} for `template` with `variables`, and how it renders. */
function boundedInterpreter(
  template: string,
  variables: Record<string, unknown>,
  limits: Parameters<typeof templateLimits>[0],
) {
  const environment = new Environment();
  environment.set("range", boundedRange(100_000));
  for (const [name, value] of Object.entries(variables)) environment.set(name, value);
  const interpreter = new BoundedInterpreter(environment, templateLimits(limits));
  return {
    render: () => String(interpreter.run(new Template(template).parsed).value),
    get longestString() {
      return interpreter.longestString;
    },
  };
}

/** Renders `template` and returns the refusal (failing when it renders). */
function refusal(
  template: string,
  limits?: Parameters<typeof templateLimits>[0],
  messages: ChatMessage[] = hello,
): EdgecallError {
  let caught: unknown;
  try {
    renderChatTemplate(template, messages, undefined, { source: "model.gguf", limits });
  } catch (error) {
    caught = error;
  }
  assert.ok(isEdgecallError(caught, "invalid-argument"), `expected a refusal, got ${String(caught)}`);
  assert.ok(caught.cause instanceof TemplateLimitError, `not a limit: ${caught.message}`);
  assert.equal(caught.subject, "model.gguf");
  return caught;
}

describe("chat template limits", () => {
  it("refuses range(10^12) before building it (it was a V8 fatal error), at the default limits", () => {
    const error = refusal("{% for i in range(1000000000000) %}{{ i }}{% endfor %}");
    assert.equal(
      error.message,
      "model.gguf: chat template refused: range() of 1000000000000 items is over the limit of 100000 loop iterations",
    );
  });

  it("refuses nested loops at the iteration limit (two of 100,000 hung with growing memory)", () => {
    const error = refusal(
      "{% for i in range(4000) %}{% for j in range(4000) %}{{ j }}{% endfor %}{% endfor %}",
      {
        maxIterations: 5_000,
      },
    );
    assert.equal(
      error.message,
      "model.gguf: chat template refused: it ran more than 5000 loop iterations (the limit on loop iterations)",
    );
    assert.equal((error.cause as TemplateLimitError).limit, "maxIterations");
  });

  it("counts the iterations of every loop together", () => {
    const loops =
      "{% for i in range(60) %}{{ i }}{% endfor %}{% for m in messages %}{{ m.content }}{% endfor %}";
    assert.doesNotThrow(() => renderChatTemplate(loops, hello, undefined, { limits: { maxIterations: 61 } }));
    assert.match(refusal(loops, { maxIterations: 60 }).message, /more than 60 loop iterations/);
  });

  it("refuses strings and lists that grow past the limits, however they grow", () => {
    const doubling =
      "{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}";
    assert.match(
      refusal(doubling, { maxCharacters: 1_000 }).message,
      /^model\.gguf: chat template refused: it built a string of 1024 characters, over the limit of 1000 characters$/,
    );
    const lists =
      "{% set ns = namespace(l=[1]) %}{% for i in range(40) %}{% set ns.l = ns.l + ns.l %}{% endfor %}";
    assert.match(
      refusal(lists, { maxIterations: 1_000 }).message,
      /it built a list of 1024 items, over the limit of 1000/,
    );
    assert.match(
      refusal("{{ 'a\\nb'|indent(5000) }}", { maxCharacters: 1_000 }).message,
      /indent\(\) would build a string of 5003 characters/,
    );
  });

  it("sizes what replace, join and indent would build before building it", () => {
    // 1,000 characters replaced by 1,000 each: a million, ten times the limit.
    const thousand = "x".repeat(1_000);
    const cases: [string, string][] = [
      ["{{ s | replace('x', s) }}", "replace() would build a string of 1000000 characters"],
      ["{{ s.replace('x', s) }}", "replace() would build a string of 1000000 characters"],
      ["{{ s | replace('x', s, 150) }}", "replace() would build a string of 150850 characters"],
      ["{{ s | join(s) }}", "join() would build a string of 1000000 characters"],
      [
        "{% set ns = namespace(l=[]) %}{% for i in range(150) %}{% set ns.l = ns.l + [s] %}{% endfor %}{{ ns.l | join }}",
        "join() would build a string of 150000 characters",
      ],
      [
        "{{ (s | replace('x', 'x\\n')) | indent(100) }}",
        "indent() would build a string of 101900 characters",
      ],
    ];
    for (const [template, message] of cases) {
      const interpreter = boundedInterpreter(template, { s: thousand }, { maxCharacters: 100_000 });
      assert.throws(
        () => interpreter.render(),
        (error: unknown) => {
          assert.ok(error instanceof TemplateLimitError, `${template}: ${String(error)}`);
          assert.equal(error.limit, "maxCharacters");
          assert.equal(error.message, `${message}, over the limit of 100000 characters`);
          return true;
        },
      );
      // Refused before building: no string past the limit ever existed.
      assert.ok(interpreter.longestString <= 100_000, `${template}: built ${interpreter.longestString}`);
    }
    const within = boundedInterpreter("{{ s | replace('x', 'yy') | length }}", { s: thousand }, {});
    assert.equal(within.render(), "2000");
    // A method call first in a loop body still counts as an iteration.
    const calls = "{% for i in range(50) %}{% for j in range(50) %}{{ 'a'.upper() }}{% endfor %}{% endfor %}";
    assert.match(refusal(calls, { maxIterations: 1_000 }).message, /more than 1000 loop iterations/);
  });

  it("refuses a replace that would build hundreds of millions of characters, at the default limits", () => {
    // 20,000 x 20,000: 400 M characters (the review's template built 335 M before the check).
    const error = refusal("{% set s = messages[0].content %}{{ s | replace('x', s) }}", undefined, [
      { role: "user", content: "x".repeat(20_000) },
    ]);
    assert.match(
      error.message,
      /replace\(\) would build a string of 400000000 characters, over the limit of 16777216/,
    );
  });

  it("stops a render that runs past its time (a macro that calls itself twice, 2^40 calls)", (context) => {
    // A clock that moves 1 ms each time it is read: the render reaches its 100 ms deadline after a
    // fixed amount of work, however busy the machine, and must stop at the first look past it.
    let now = 0;
    let reads = 0;
    context.mock.method(performance, "now", () => {
      reads++;
      return now++;
    });
    const error = refusal(
      "{% macro f(n) %}{% if n > 0 %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(40) }}",
      { maxMilliseconds: 100 },
    );
    context.mock.restoreAll();
    assert.equal(
      error.message,
      "model.gguf: chat template refused: rendering took more than 100 ms (the time limit)",
    );
    assert.ok(reads >= 100 && reads <= 105, `the clock was read ${reads} times for a 100 ms limit`);
  });

  it("stops a render past its time on the real clock too", () => {
    // 2^40 macro calls would run for days: that the render ends at all is the check.
    const error = refusal(
      "{% macro f(n) %}{% if n > 0 %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(40) }}",
      { maxMilliseconds: 100 },
    );
    assert.equal((error.cause as TemplateLimitError).limit, "maxMilliseconds");
  });

  it("renders every official template with a long conversation and many tools well inside the defaults", () => {
    const tools = Array.from({ length: 100 }, (_, index) => ({ ...weatherTool, name: `tool_${index}` }));
    const alternating = [
      toolConversation[0]!,
      ...Array.from({ length: 50 }, () => toolConversation.slice(1)).flat(),
    ];
    for (const { file } of officialTemplates.filter(({ file }) => !/mistral/i.test(file))) {
      const prompt = renderChatTemplate(readOfficialTemplate(file), alternating, tools, {
        limits: { maxIterations: defaultTemplateLimits.maxIterations / 20 },
      });
      assert.ok(prompt.includes("tool_99"), file);
    }
  });

  it("assertTemplateWithinLimits refuses only templates that pass a limit", () => {
    assert.throws(
      () =>
        assertTemplateWithinLimits(
          "{% for i in range(10) %}{% for j in range(10) %}.{% endfor %}{% endfor %}",
          "m.gguf",
          { maxIterations: 50 },
        ),
      /^EdgecallError: m\.gguf: chat template refused: it ran more than 50 loop iterations/,
    );
    assert.doesNotThrow(() =>
      assertTemplateWithinLimits("{{ raise_exception('needs a system message') }}", "m.gguf"),
    );
    assert.doesNotThrow(() => assertTemplateWithinLimits(readOfficialTemplate("Qwen3.5-4B.jinja"), "m.gguf"));
  });

  it("boundedRange is Python's range below the limit", () => {
    const range = boundedRange(10);
    assert.deepEqual(range(3), [0, 1, 2]);
    assert.deepEqual(range(2, 8, 3), [2, 5]);
    assert.deepEqual(range(5, 0, -2), [5, 3, 1]);
    assert.deepEqual(range(4, 1), []);
    assert.deepEqual(range(10), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert.throws(() => range(11), TemplateLimitError);
    assert.throws(() => range(0, 1, 0), /step must not be zero/);
    assert.throws(() => templateLimits({ maxIterations: 0 }), /maxIterations must be a positive number/);
  });
});
