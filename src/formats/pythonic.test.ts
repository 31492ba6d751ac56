import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { summariseParts } from "../messages.js";
import { decodePythonicCalls, pythonicFormat } from "./pythonic.js";

const parse = (text: string) => summariseParts(pythonicFormat.parse(text));

describe("pythonic format", () => {
  it("parses BFCL parallel calls with dotted names and rich literals", () => {
    const summary = parse(
      '[math.factorial(number=5), calc_area(base=10, height=-5.5e-1, unit="cm"), plan(days=[("mon", 1), ("tue", 2)], meta={"a": None, "b": False})]',
    );
    assert.deepEqual(summary.toolCalls, [
      { name: "math.factorial", arguments: { number: 5 } },
      { name: "calc_area", arguments: { base: 10, height: -0.55, unit: "cm" } },
      {
        name: "plan",
        arguments: {
          days: [
            ["mon", 1],
            ["tue", 2],
          ],
          meta: { a: null, b: false },
        },
      },
    ]);
  });

  it("accepts code fences, prose around the list, think blocks and bare calls", () => {
    const fenced = parse(
      "<think>\nuse the tool\n</think>\nHere:\n```python\n[get_weather(city='Paris')]\n```\nDone.",
    );
    assert.equal(fenced.reasoning, "use the tool");
    assert.equal(fenced.content.replace(/\n+/g, "\n"), "Here:\nDone.");
    assert.deepEqual(fenced.toolCalls, [{ name: "get_weather", arguments: { city: "Paris" } }]);
    assert.deepEqual(parse('get_weather(city="Paris")').toolCalls, [
      { name: "get_weather", arguments: { city: "Paris" } },
    ]);
    assert.deepEqual(parse("```\n[f(x='''a\nb''')]\n```").toolCalls, [
      { name: "f", arguments: { x: "a\nb" } },
    ]);
  });

  it("treats prose and an empty list as no call", () => {
    assert.deepEqual(parse("None of the functions can answer this; the question lacks a date."), {
      content: "None of the functions can answer this; the question lacks a date.",
      reasoning: "",
      toolCalls: [],
      errors: [],
    });
    assert.deepEqual(pythonicFormat.parse("[]"), []);
  });

  it("types malformed calls", () => {
    assert.equal(parse('[get_weather(city="Par').errors[0]?.type, "truncated");
    assert.equal(parse("[get_weather(city=Paris)]").errors[0]?.type, "invalid-syntax");
    assert.equal(parse('[get_weather("Paris")]').errors[0]?.type, "invalid-syntax");
    assert.equal(parse("[f(a=1), g(b=[1, 2)]").errors[0]?.raw, "[f(a=1), g(b=[1, 2)]");
  });

  it("decodes losslessly for the BFCL checker", () => {
    const result = decodePythonicCalls("```python\n[f(a=3.0, b=3)]\n```");
    assert.ok(result.ok);
    assert.deepEqual(result.value[0]?.arguments, {
      a: { kind: "float", value: 3 },
      b: { kind: "int", value: 3, text: "3" },
    });
    assert.equal(decodePythonicCalls("no calls here").ok, false);
  });

  it("renders a BFCL-style system prompt and calls as a Python list", () => {
    const prompt = pythonicFormat.render(
      [
        { role: "user", content: "Area?" },
        { role: "assistant", content: "", toolCalls: [{ name: "area", arguments: { r: 2.5, exact: true } }] },
      ],
      [{ name: "area", description: "Circle area", parameters: { type: "object" } }],
    );
    assert.ok(
      prompt.includes(
        "[func_name1(params_name1=params_value1, params_name2=params_value2...), func_name2(params)]",
      ),
    );
    assert.ok(prompt.includes('"name": "area", "description": "Circle area"'));
    assert.ok(prompt.includes("<|im_start|>assistant\n[area(r=2.5, exact=True)]<|im_end|>"));
  });
});
