/**
 * The BFCL AST checker rules one by one, each on a small hand-written entry. Rule references are
 * to the official checker (gorilla, bfcl_eval/eval_checker/ast_eval/ast_checker.py and
 * eval_runner.py); expected error types are the official strings.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { entry, fn, judgeCalls, judgeText } from "./checker.test-support.js";

const weather = fn(
  "get_weather",
  {
    city: { type: "string" },
    days: { type: "integer" },
    unit: { type: "string" },
    detailed: { type: "boolean" },
  },
  ["city"],
);
const weatherTruth =
  '[{"get_weather": {"city": ["San Francisco, CA", "SF"], "days": [3, ""], "unit": ["celsius", ""], "detailed": [false, ""]}}]';
const simple = entry("simple_python", [weather], weatherTruth);

function expect(verdict: { valid: boolean; errorType: string | null }, errorType: string | null): void {
  assert.equal(verdict.errorType, errorType);
  assert.equal(verdict.valid, errorType === null);
}

describe("dispatch and counts (ast_checker)", () => {
  test("simple: exactly one call, else simple_function_checker:wrong_count", () => {
    expect(judgeCalls(simple, '[{"get_weather": {"city": "SF"}}]'), null);
    expect(judgeCalls(simple, "[]"), "simple_function_checker:wrong_count");
    expect(
      judgeCalls(simple, '[{"get_weather": {"city": "SF"}}, {"get_weather": {"city": "SF"}}]'),
      "simple_function_checker:wrong_count",
    );
  });

  test('"multiple" in the category: one call to the expected function among several docs', () => {
    const multiple = entry(
      "multiple",
      [fn("other", { x: { type: "integer" } }, ["x"]), weather],
      weatherTruth,
    );
    expect(judgeCalls(multiple, '[{"get_weather": {"city": "SF"}}]'), null);
    expect(judgeCalls(multiple, '[{"other": {"x": 1}}]'), "simple_function_checker:wrong_func_name");
    expect(
      judgeCalls(multiple, '[{"get_weather": {"city": "SF"}}, {"other": {"x": 1}}]'),
      "multiple_function_checker:wrong_count",
    );
  });

  test('"parallel" in the category: every expected call matched in any order, greedily in expected order', () => {
    const docs = [fn("add", { a: { type: "integer" }, b: { type: "integer" } }, ["a", "b"])];
    const parallel = entry(
      "parallel",
      docs,
      '[{"add": {"a": [1], "b": [2]}}, {"add": {"a": [3], "b": [4]}}]',
    );
    expect(judgeCalls(parallel, '[{"add": {"a": 3, "b": 4}}, {"add": {"a": 1, "b": 2}}]'), null);
    expect(
      judgeCalls(parallel, '[{"add": {"a": 1, "b": 2}}]'),
      "parallel_function_checker_no_order:wrong_count",
    );
    expect(
      judgeCalls(parallel, '[{"add": {"a": 1, "b": 2}}, {"add": {"a": 1, "b": 2}}]'),
      "parallel_function_checker_no_order:cannot_find_match",
    );
    // live_parallel_multiple contains "parallel", so it is checked the same way.
    const liveParallelMultiple = entry("live_parallel_multiple", docs, '[{"add": {"a": [1], "b": [2]}}]');
    expect(judgeCalls(liveParallelMultiple, '[{"add": {"b": 2, "a": 1}}]'), null);
  });

  test("greedy matching: an earlier expected call may take the output a later one needed", () => {
    const docs = [fn("f", { x: { type: "integer" } }, [])];
    const parallel = entry("parallel", docs, '[{"f": {"x": [1, ""]}}, {"f": {"x": [1]}}]');
    // The first expected call (x optional) takes output 0 ({x: 1}); output 1 ({}) then fails the second.
    expect(
      judgeCalls(parallel, '[{"f": {"x": 1}}, {"f": {}}]'),
      "parallel_function_checker_no_order:cannot_find_match",
    );
    expect(judgeCalls(parallel, '[{"f": {}}, {"f": {"x": 1}}]'), null);
  });
});

describe("function and parameter presence (simple_function_checker)", () => {
  test("the function name must match the doc's name", () => {
    expect(
      judgeCalls(simple, '[{"get_forecast": {"city": "SF"}}]'),
      "simple_function_checker:wrong_func_name",
    );
  });

  test('fcNames compares against the function-calling name ("." → "_")', () => {
    const dotted = entry(
      "simple_python",
      [fn("weather.get", { city: { type: "string" } }, ["city"])],
      '[{"weather.get": {"city": ["SF"]}}]',
    );
    expect(judgeCalls(dotted, '[{"weather_get": {"city": "SF"}}]', true), null);
    expect(
      judgeCalls(dotted, '[{"weather_get": {"city": "SF"}}]', false),
      "simple_function_checker:wrong_func_name",
    );
    expect(
      judgeCalls(dotted, '[{"weather.get": {"city": "SF"}}]', true),
      "simple_function_checker:wrong_func_name",
    );
  });

  test("every required parameter must be present", () => {
    expect(judgeCalls(simple, '[{"get_weather": {"days": 3}}]'), "simple_function_checker:missing_required");
  });

  test("a parameter not in the doc, or in the doc but not in the possible answer, is unexpected", () => {
    expect(
      judgeCalls(simple, '[{"get_weather": {"city": "SF", "country": "US"}}]'),
      "simple_function_checker:unexpected_param",
    );
    const narrow = entry("simple_python", [weather], '[{"get_weather": {"city": ["SF"]}}]');
    expect(
      judgeCalls(narrow, '[{"get_weather": {"city": "SF", "days": 3}}]'),
      "simple_function_checker:unexpected_param",
    );
  });

  test('a possible-answer parameter whose options lack "" must be given', () => {
    const strict = entry("simple_python", [weather], '[{"get_weather": {"city": ["SF"], "days": [3]}}]');
    expect(
      judgeCalls(strict, '[{"get_weather": {"city": "SF"}}]'),
      "simple_function_checker:missing_optional",
    );
    expect(judgeCalls(simple, '[{"get_weather": {"city": "SF"}}]'), null);
  });

  test("arguments are checked in the model's order, so the first failing one decides the error type", () => {
    expect(
      judgeCalls(simple, '[{"get_weather": {"city": "SF", "days": "3", "zone": 1}}]'),
      "type_error:simple",
    );
    expect(
      judgeCalls(simple, '[{"get_weather": {"zone": 1, "city": "SF", "days": "3"}}]'),
      "simple_function_checker:unexpected_param",
    );
  });
});

describe("types (type_checker)", () => {
  test("bool is not int, and a string is not a number", () => {
    expect(judgeCalls(simple, '[{"get_weather": {"city": "SF", "days": true}}]'), "type_error:simple");
    expect(judgeCalls(simple, '[{"get_weather": {"city": "SF", "days": 3.0}}]'), "type_error:simple");
    expect(judgeCalls(simple, '[{"get_weather": {"city": "SF", "detailed": 0}}]'), "type_error:simple");
  });

  test("an int is accepted for a Python float parameter (converted first)", () => {
    const floats = entry(
      "simple_python",
      [fn("scale", { factor: { type: "float" } }, ["factor"])],
      '[{"scale": {"factor": [2.0]}}]',
    );
    expect(judgeCalls(floats, '[{"scale": {"factor": 2}}]'), null);
    expect(judgeCalls(floats, '[{"scale": {"factor": 2.0}}]'), null);
    expect(judgeCalls(floats, '[{"scale": {"factor": 2.5}}]'), "value_error:others");
  });

  test("a JSON 3.0 is a float, 3 an int: the lossless reading decides the verdict", () => {
    expect(judgeCalls(simple, '[{"get_weather": {"city": "SF", "days": 3}}]'), null);
    expect(judgeCalls(simple, '[{"get_weather": {"city": "SF", "days": 3.0}}]'), "type_error:simple");
  });

  test("a tuple is accepted for a tuple parameter (as a list); an array parameter needs a list", () => {
    const docs = [
      fn(
        "plot",
        {
          point: { type: "tuple", items: { type: "integer" } },
          values: { type: "array", items: { type: "integer" } },
        },
        [],
      ),
    ];
    const plot = entry("simple_python", docs, '[{"plot": {"point": [[1, 2], ""], "values": [[1, 2], ""]}}]');
    expect(judgeText(plot, "[plot(point=(1, 2))]"), null);
    expect(judgeText(plot, "[plot(point=[1, 2])]"), null);
    expect(judgeText(plot, "[plot(values=(1, 2))]"), "type_error:simple");
  });

  test("list items are type-checked one level deep against the possible lists", () => {
    const docs = [fn("sum_all", { values: { type: "array", items: { type: "integer" } } }, ["values"])];
    const sum = entry("simple_python", docs, '[{"sum_all": {"values": [[1, 2]]}}]');
    expect(judgeCalls(sum, '[{"sum_all": {"values": [1, "2"]}}]'), "type_error:nested");
    expect(judgeCalls(sum, '[{"sum_all": {"values": [1, 2.0]}}]'), "type_error:nested");
    expect(judgeCalls(sum, '[{"sum_all": {"values": "1, 2"}}]'), "type_error:simple");
  });

  test("a value of the possible answer's type is a variable, compared without standardisation", () => {
    const docs = [fn("repeat", { times: { type: "integer" } }, ["times"])];
    const variable = entry("simple_python", docs, '[{"repeat": {"times": ["num_items"]}}]');
    expect(judgeText(variable, "[repeat(times=num_items)]"), null);
    expect(judgeCalls(variable, '[{"repeat": {"times": "Num Items"}}]'), "value_error:others");
    // 5 has the documented type, so it is checked by value against the variable name.
    expect(judgeCalls(variable, '[{"repeat": {"times": 5}}]'), "value_error:others");
  });

  test("values otherwise compare with Python equality (1 == 1.0 == True)", () => {
    const docs = [fn("toggle", { on: { type: "boolean" }, level: { type: "float" } }, [])];
    const toggle = entry("simple_python", docs, '[{"toggle": {"on": [1], "level": [1, ""]}}]');
    expect(judgeCalls(toggle, '[{"toggle": {"on": true}}]'), null);
    expect(judgeCalls(toggle, '[{"toggle": {"on": true, "level": 1.0}}]'), null);
    expect(judgeCalls(toggle, '[{"toggle": {"on": false}}]'), "value_error:others");
  });
});

describe("values (string, list and dict checkers)", () => {
  test("strings are standardised: spaces and , . / - _ * ^ removed, lower case, ' → \"", () => {
    expect(judgeCalls(simple, '[{"get_weather": {"city": "san francisco ca"}}]'), null);
    expect(judgeCalls(simple, '[{"get_weather": {"city": "SAN_FRANCISCO/-CA*^."}}]'), null);
    expect(judgeCalls(simple, '[{"get_weather": {"city": "San Francisco!"}}]'), "value_error:string");
    const quotes = entry("simple_python", [weather], `[{"get_weather": {"city": ["Joe's \\"Place\\""]}}]`);
    expect(judgeCalls(quotes, `[{"get_weather": {"city": "joe\\"s 'place'"}}]`), null);
  });

  test("lists compare element-wise in order, top-level strings standardised", () => {
    const docs = [fn("visit", { cities: { type: "array", items: { type: "string" } } }, ["cities"])];
    const visit = entry("simple_python", docs, '[{"visit": {"cities": [["New York", "Boston"]]}}]');
    expect(judgeCalls(visit, '[{"visit": {"cities": ["new-york", "BOSTON"]}}]'), null);
    expect(judgeCalls(visit, '[{"visit": {"cities": ["Boston", "New York"]}}]'), "value_error:list/tuple");
    expect(judgeCalls(visit, '[{"visit": {"cities": ["New York"]}}]'), "value_error:list/tuple");
  });

  test("dicts compare key by key against each possible dict", () => {
    const docs = [fn("order", { item: { type: "dict" } }, ["item"])];
    const order = entry(
      "simple_python",
      docs,
      '[{"order": {"item": [{"name": ["Latte"], "size": ["large", ""]}]}}]',
    );
    expect(judgeCalls(order, '[{"order": {"item": {"name": "latte"}}}]'), null);
    expect(judgeCalls(order, '[{"order": {"item": {"name": "latte", "size": "LARGE"}}}]'), null);
    expect(
      judgeCalls(order, '[{"order": {"item": {"name": "latte", "milk": "oat"}}}]'),
      "value_error:dict_key",
    );
    expect(judgeCalls(order, '[{"order": {"item": {"size": "large"}}}]'), "value_error:dict_key");
    expect(
      judgeCalls(order, '[{"order": {"item": {"name": "mocha", "size": "large"}}}]'),
      "value_error:dict_value",
    );
  });

  test("a wrong dict value with a missing key reports the missing key (both loops run)", () => {
    const docs = [fn("order", { item: { type: "dict" } }, ["item"])];
    const order = entry(
      "simple_python",
      docs,
      '[{"order": {"item": [{"name": ["Latte"], "size": ["large"]}]}}]',
    );
    const verdict = judgeCalls(order, '[{"order": {"item": {"name": "mocha"}}}]');
    expect(verdict, "value_error:dict_key");
    assert.deepEqual(verdict.errors, [
      "Invalid value for parameter 'name': 'mocha'. Expected one of ['latte'].",
      "Missing dict key parameter: 'size'.",
    ]);
  });

  test("lists of dicts compare dict by dict, count first", () => {
    const docs = [fn("book", { guests: { type: "array", items: { type: "dict" } } }, ["guests"])];
    const book = entry(
      "simple_python",
      docs,
      '[{"book": {"guests": [[{"name": ["Ann"]}, {"name": ["Bo"]}]]}}]',
    );
    expect(judgeCalls(book, '[{"book": {"guests": [{"name": "ann"}, {"name": "bo"}]}}]'), null);
    expect(judgeCalls(book, '[{"book": {"guests": [{"name": "ann"}]}}]'), "value_error:list_dict_count");
    expect(
      judgeCalls(book, '[{"book": {"guests": [{"name": "bo"}, {"name": "ann"}]}}]'),
      "value_error:dict_value",
    );
  });

  test("where the official checker raises, the verdict says so instead of aborting", () => {
    const docs = [fn("book", { guests: { type: "array", items: { type: "dict" } } }, [])];
    const book = entry("simple_python", docs, '[{"book": {"guests": [[{"name": ["Ann"]}], ""]}}]');
    // "" among the options lets any list pass the item type check; a non-dict item then breaks dict_checker.
    expect(judgeCalls(book, '[{"book": {"guests": [5]}}]'), "edgecall:official_checker_raises");
  });
});

describe("Java and JavaScript values are literal strings, converted before comparison", () => {
  const javaDocs = [
    fn("Store.put", {
      key: { type: "String" },
      ttl: { type: "long" },
      count: { type: "integer" },
      flag: { type: "boolean" },
      ids: { type: "ArrayList", items: { type: "integer" } },
      meta: { type: "HashMap" },
    }),
  ];
  const java = entry(
    "simple_java",
    javaDocs,
    '[{"Store.put": {"key": ["user"], "ttl": [60, ""], "count": [2, ""], "flag": [true, ""], "ids": [[1, 2], ""], "meta": [{"a": ["x"]}, ""]}}]',
  );

  test("a Java value that is not a string fails with type_error:java", () => {
    expect(judgeCalls(java, '[{"Store.put": {"key": "user", "count": 2}}]'), "type_error:java");
  });

  test("Java literals convert: 60L long, true boolean, ArrayList, HashMap", () => {
    expect(
      judgeCalls(
        java,
        '[{"Store.put": {"key": "user", "ttl": "60L", "count": "2", "flag": "true", "ids": "new ArrayList<>(Arrays.asList(1, 2))", "meta": "new HashMap<String, String>() {{ put(\\"a\\", \\"x\\"); }}"}}]',
      ),
      null,
    );
    expect(judgeCalls(java, '[{"Store.put": {"key": "user", "ttl": "60"}}]'), "type_error:simple");
    expect(judgeCalls(java, '[{"Store.put": {"key": "user", "flag": "True"}}]'), "type_error:simple");
    expect(judgeCalls(java, '[{"Store.put": {"key": "user", "count": "2L"}}]'), "type_error:simple");
  });

  test("JavaScript literals convert: quoted strings, numbers, arrays, objects", () => {
    const docs = [
      fn("track", {
        name: { type: "String" },
        size: { type: "float" },
        tags: { type: "array", items: { type: "String" } },
        opts: { type: "dict" },
      }),
    ];
    const js = entry(
      "simple_javascript",
      docs,
      '[{"track": {"name": ["page"], "size": [1.5, ""], "tags": [["a", "b"], ""], "opts": [{"x": [1]}, ""]}}]',
    );
    expect(
      judgeCalls(
        js,
        '[{"track": {"name": "\'page\'", "size": "1.5", "tags": "[\'a\', \'b\']", "opts": "{x: 1}"}}]',
      ),
      null,
    );
    expect(judgeCalls(js, '[{"track": {"name": "page", "size": 1.5}}]'), "type_error:js");
    expect(judgeCalls(js, '[{"track": {"name": "page", "size": "1.5f"}}]'), "type_error:simple");
  });
});

describe("decoding and (ir)relevance (eval_runner)", () => {
  test("raw text decodes as BFCL's default_decode_ast_prompting does", () => {
    expect(judgeText(simple, '[get_weather(city="SF", days=3)]'), null);
    expect(judgeText(simple, 'get_weather(city="SF")'), null);
    expect(judgeText(simple, '```\n[get_weather(city="SF")]\n```'), null);
    expect(judgeText(simple, '```python\n[get_weather(city="SF")]\n```'), "ast_decoder:decoder_failed");
    expect(judgeText(simple, 'Here: [get_weather(city="SF")]'), "ast_decoder:decoder_failed");
    expect(judgeText(simple, '[get_weather(city="SF", detailed=true)]'), "type_error:simple");
  });

  test("decoded output that is not a list of {name: {args}} is wrong_output_format", () => {
    expect(judgeCalls(simple, '{"get_weather": {"city": "SF"}}'), "ast_decoder:decoder_wrong_output_format");
    expect(judgeCalls(simple, '[{"get_weather": "SF"}]'), "ast_decoder:decoder_wrong_output_format");
  });

  test("irrelevance passes iff decoding fails or yields no call", () => {
    const irrelevance = entry("irrelevance", [weather]);
    expect(judgeText(irrelevance, "I cannot help with that."), null);
    expect(judgeText(irrelevance, "[]"), null);
    expect(judgeCalls(irrelevance, "[]"), null);
    expect(judgeText(irrelevance, '[get_weather(city="SF")]'), "irrelevance_error:decoder_success");
  });

  test("relevance passes iff at least one call is decoded", () => {
    const relevance = entry("live_relevance", [weather]);
    expect(judgeText(relevance, "[get_weather()]"), null);
    expect(judgeText(relevance, "[]"), "relevance_error:decoder_failed");
    expect(judgeText(relevance, "Sorry."), "relevance_error:decoder_failed");
  });
});
