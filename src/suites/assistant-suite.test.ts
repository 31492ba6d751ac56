import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Ajv } from "ajv";
import type { GenerateRequest } from "../backend/model-backend.js";
import type { Sample, Transcript } from "../eval/suite.js";
import type { ContentPart, ToolDefinition } from "../messages.js";
import { type AssistantTarget, createAssistantSuite } from "./assistant-suite.js";

type Answer = Record<string, Record<string, unknown[]>>;

const single = createAssistantSuite("assistant:single");
const irrelevance = createAssistantSuite("assistant:irrelevance");
const samples = [
  ...(single.samples() as Sample<AssistantTarget>[]),
  ...(irrelevance.samples() as Sample<AssistantTarget>[]),
];

/** The ground truth as plain data (the suite keeps it as a lossless Python value). */
function answers(sample: Sample<AssistantTarget>): Answer[] {
  const raw = sample.target.groundTruth;
  if (raw === undefined) return [];
  const toPlain = (value: unknown): unknown => {
    const v = value as {
      kind: string;
      value?: unknown;
      items?: unknown[];
      keys?: { value: string }[];
      values?: unknown[];
    };
    if (v.kind === "list") return (v.items ?? []).map(toPlain);
    if (v.kind === "dict")
      return Object.fromEntries((v.keys ?? []).map((key, index) => [key.value, toPlain(v.values?.[index])]));
    if (v.kind === "int") return Number(v.value);
    return v.value;
  };
  return toPlain(raw) as Answer[];
}

/** The call a perfect model makes for an answer: the first accepted value of each parameter. */
function idealCall(answer: Answer): { name: string; arguments: Record<string, unknown> } {
  const [name, params] = Object.entries(answer)[0] as [string, Record<string, unknown[]>];
  const args: Record<string, unknown> = {};
  for (const [key, options] of Object.entries(params)) {
    const first = options.find((option) => option !== "");
    if (first !== undefined) args[key] = first;
  }
  return { name, arguments: args };
}

function transcriptOf(parts: ContentPart[]): Transcript {
  const request: GenerateRequest = { messages: [] };
  return {
    request,
    turns: [
      {
        rawText: "",
        parts,
        finishReason: "stop",
        usage: { inputTokens: 0, outputTokens: 0 },
        timing: { firstTokenMs: 0, totalMs: 0 },
        cached: false,
      },
    ],
  };
}

function callParts(calls: { name: string; arguments: Record<string, unknown> }[]): ContentPart[] {
  return calls.map((toolCall) => ({ type: "tool-call", toolCall }));
}

describe("assistant suites: data", () => {
  it("has at least 150 requests of every kind, with unique ids", () => {
    assert.ok(samples.length >= 150, `${samples.length} samples`);
    const counts: Record<string, number> = {};
    for (const sample of samples) counts[sample.category] = (counts[sample.category] ?? 0) + 1;
    for (const category of ["simple", "multiple", "parallel", "irrelevance"])
      assert.ok((counts[category] ?? 0) >= 30, `${category}: ${counts[category]}`);
    assert.equal(new Set(samples.map((sample) => sample.id)).size, samples.length);
    assert.deepEqual(single.categories, ["simple", "multiple", "parallel"]);
    assert.match(single.version, /^assistant-v1\+sha256:[0-9a-f]{16}$/);
  });

  it("every answer names an offered tool, covers its required parameters, and every accepted value fits the schema", () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    for (const sample of samples) {
      const offered = new Map<string, ToolDefinition>(sample.tools.map((tool) => [tool.name, tool]));
      assert.ok(sample.tools.length >= 2, `${sample.id} offers a choice of tools`);
      const expected = answers(sample);
      if (sample.category === "irrelevance") {
        assert.equal(expected.length, 0, `${sample.id} has no answer`);
        continue;
      }
      assert.equal(
        expected.length > 1,
        sample.category === "parallel",
        `${sample.id}: parallel means several calls`,
      );
      for (const answer of expected) {
        const [name, params] = Object.entries(answer)[0] as [string, Record<string, unknown[]>];
        const tool = offered.get(name);
        assert.ok(tool, `${sample.id}: ${name} is offered`);
        const schema = tool.parameters as { properties: Record<string, object>; required?: string[] };
        for (const required of schema.required ?? [])
          assert.ok(
            params[required]?.some((option) => option !== ""),
            `${sample.id}: ${name}.${required} is required`,
          );
        for (const [key, options] of Object.entries(params)) {
          const property = schema.properties[key];
          assert.ok(property, `${sample.id}: ${name} has a parameter ${key}`);
          const validate = ajv.compile(property);
          for (const option of options) {
            if (option === "") continue;
            assert.ok(
              validate(option),
              `${sample.id}: ${name}.${key} = ${JSON.stringify(option)}: ${ajv.errorsText(validate.errors)}`,
            );
          }
        }
        assert.ok(
          ajv.validate(tool.parameters, idealCall(answer).arguments),
          `${sample.id}: the ideal call of ${name} is valid`,
        );
      }
    }
  });
});

describe("assistant suites: scoring", () => {
  it("passes the ideal calls of every sample, in any order for parallel calls", () => {
    for (const sample of samples) {
      const calls = answers(sample).map(idealCall).reverse();
      const score = single.scorer.score(sample, transcriptOf(callParts(calls)));
      assert.ok(!(score instanceof Promise));
      assert.equal(score.passed, true, `${sample.id}: ${score.explanation}`);
    }
  });

  it("fails a wrong value, a wrong tool, a missing call and an extra call", () => {
    const sample = samples.find((item) => item.messages[1]?.content === "Turn on do not disturb.");
    assert.ok(sample, "the do-not-disturb sample");
    const judge = (parts: ContentPart[]) =>
      single.scorer.score(sample, transcriptOf(parts)) as { passed: boolean; errorType?: string };
    const good = { name: "settings_set", arguments: { setting: "do_not_disturb", value: true } };
    assert.equal(judge(callParts([good])).passed, true);
    assert.equal(
      judge(callParts([{ ...good, arguments: { setting: "do_not_disturb", value: false } }])).errorType,
      "value_error:others",
    );
    assert.equal(
      judge(callParts([{ ...good, arguments: { setting: "wifi", value: true } }])).errorType,
      "value_error:string",
    );
    assert.equal(
      judge(callParts([{ name: "settings_get", arguments: { setting: "do_not_disturb" } }])).errorType,
      "simple_function_checker:wrong_func_name",
    );
    assert.equal(judge([{ type: "text", text: "Done!" }]).errorType, "no-call");
    assert.equal(judge(callParts([good, good])).errorType, "multiple_function_checker:wrong_count");
  });

  it("accepts equivalent forms the answers list: a contact name or address, a time with seconds", () => {
    const email = samples.find((item) => item.messages[1]?.content.startsWith("Email Sam Rivera"));
    assert.ok(email);
    const send = (to: string) => ({
      name: "email_send",
      arguments: { to: [to], subject: "Plants", body: "Thanks for watering the plants!" },
    });
    for (const to of ["Sam Rivera", "sam.rivera@example.org"])
      assert.equal(
        (single.scorer.score(email, transcriptOf(callParts([send(to)]))) as { passed: boolean }).passed,
        true,
        to,
      );
    assert.equal(
      (single.scorer.score(email, transcriptOf(callParts([send("Sam Patel")]))) as { passed: boolean })
        .passed,
      false,
    );
  });

  it("irrelevance passes a refusal and fails any call or attempted call", () => {
    const sample = samples.find((item) => item.category === "irrelevance");
    assert.ok(sample);
    const judge = (parts: ContentPart[]) =>
      irrelevance.scorer.score(sample, transcriptOf(parts)) as { passed: boolean; errorType?: string };
    assert.equal(judge([{ type: "text", text: "Sorry, I can't book taxis." }]).passed, true);
    assert.equal(
      judge(
        callParts([
          { name: "calendar_create_event", arguments: { title: "Taxi", start: "2025-06-03T08:00" } },
        ]),
      ).errorType,
      "irrelevance:called",
    );
    assert.equal(
      judge([{ type: "tool-call-error", error: { type: "invalid-json", message: "bad", raw: "{" } }])
        .errorType,
      "irrelevance:attempted",
    );
  });
});
