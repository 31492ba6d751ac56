import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { executeCalls, instanceSet } from "../multi-turn/execute-calls.js";
import { checkAgenticAnswer, standardizeAnswer } from "./agentic-checker.js";
import { createMemoryInstance, type MemoryBackendName } from "./memory-backend.js";
import { WebSearchApi } from "./web-search-api.js";

function run(
  backend: MemoryBackendName,
  calls: string[],
  snapshot?: Parameters<typeof createMemoryInstance>[1],
) {
  const instance = createMemoryInstance(backend, snapshot);
  return { instance, results: executeCalls(calls, instanceSet([["memory", instance]])) };
}

describe("BFCL memory backends", () => {
  it("key-value: BFCL's limits, key rules and error texts", () => {
    const { instance, results } = run("kv", [
      "core_memory_add(key='first_name', value='Michael')",
      "core_memory_add(key='First Name', value='x')",
      "core_memory_add(key='first_name', value='again')",
      `core_memory_add(key='bio', value='${"a".repeat(301)}')`,
      "core_memory_retrieve(key='first_name')",
      "core_memory_retrieve(key='missing')",
      "archival_memory_add(key='age', value=35)",
      "archival_memory_retrieve(key='age')",
      "core_memory_list_keys()",
      "core_memory_remove(key='nope')",
    ]);
    assert.deepEqual(results, [
      '{"status": "Key-value pair added."}',
      '{"error": "Key must be in snake_case format and cannot contain spaces."}',
      '{"error": "Key name must be unique."}',
      '{"error": "Entry is too long. Please shorten the entry to less than 300 characters."}',
      '{"value": "Michael"}',
      '{"error": "Key not found."}',
      '{"status": "Key added."}',
      '{"value": "35"}',
      '{"keys": ["first_name"]}',
      '{"error": "Key not found."}',
    ]);
    assert.equal(instance.coreMemoryForContext(), '{\n    "first_name": "Michael"\n}');
    const full = run(
      "kv",
      Array.from({ length: 8 }, (_, index) => `core_memory_add(key='k_${index}', value='v')`),
    ).results;
    assert.equal(full[7], '{"error": "Core memory is full. Please clear some entries."}');
  });

  it("key-value: key search ranks by rank_bm25 0.2.2's BM25+ (scores from numpy)", () => {
    const keys = [
      "first_name",
      "home_city",
      "favorite_latte_flavor",
      "kitchen_counter_size",
      "new_customer_discount",
      "order_accessories",
    ];
    const { results } = run("kv", [
      ...keys.map((key) => `archival_memory_add(key='${key}', value='x')`),
      "archival_memory_key_search(query='latte flavor', k=3)",
      "core_memory_key_search(query='anything')",
    ]);
    assert.equal(
      results[6],
      '{"ranked_results": [[7.462297635826799, "favorite_latte_flavor"], [3.8918202981106265, "first_name"], [3.8918202981106265, "home_city"]]}',
    );
    assert.equal(results[7], "Error during execution: division by zero");
  });

  it("recursive summary and vector memories; snapshots carry memory to the next conversation", () => {
    const summary = run("rec_sum", [
      "memory_retrieve()",
      "memory_append(text='Name: Michael. ')",
      "memory_append(text='Lives in Seattle.')",
      "memory_replace(old_text='Seattle', new_text='Tacoma')",
      "memory_replace(old_text='Paris', new_text='x')",
    ]);
    assert.deepEqual(summary.results, [
      '{"error": "Memory is empty."}',
      '{"status": "Memory appended."}',
      '{"status": "Memory appended."}',
      '{"status": "Memory updated."}',
      `{"error": "Text 'Paris' not found in memory."}`,
    ]);
    const next = run("rec_sum", ["memory_retrieve()"], summary.instance.snapshot());
    assert.equal(next.results[0], '{"memory_content": "Name: Michael. Lives in Tacoma."}');

    const vector = run("vector", [
      "core_memory_add(text='The user likes strawberry matcha lattes.')",
      "core_memory_add(text='The user lives in Seattle.')",
      "core_memory_retrieve(query='which latte', top_k=1)",
      "core_memory_remove(vec_id=7)",
      "core_memory_update(vec_id=1, new_text='The user lives in Tacoma.')",
    ]);
    assert.equal(vector.results[0], '{"id": 0}');
    assert.equal(vector.results[1], '{"id": 1}');
    assert.match(
      vector.results[2] ?? "",
      /^\{"result": \[\{"id": 0, "similarity_score": [0-9.]+, "text": "The user likes/,
    );
    assert.equal(vector.results[3], '{"error": "ID 7 not present in store."}');
    assert.equal(vector.results[4], '{"status": "ID 1 updated."}');
    const restored = createMemoryInstance("vector", vector.instance.snapshot());
    assert.equal(
      restored.coreMemoryForContext(),
      '{\n    "0": "The user likes strawberry matcha lattes.",\n    "1": "The user lives in Tacoma."\n}',
    );
  });

  it("web search: results as BFCL shapes them, with and without snippets; bad URLs as BFCL errors", () => {
    const source = {
      label: "two pages",
      search: () => [{ title: "Tea", href: "https://tea.example/da-hong-pao", body: "The priciest tea." }],
      fetch: (url: string) =>
        url.includes("da-hong-pao")
          ? { html: "<p>Da Hong Pao</p>", markdown: "Da Hong Pao", text: "Da Hong Pao" }
          : undefined,
    };
    const calls = [
      "search_engine_query(keywords='expensive tea')",
      "fetch_url_content(url='https://tea.example/da-hong-pao', mode='truncate')",
      "fetch_url_content(url='tea.example')",
      "fetch_url_content(url='https://tea.example/none')",
    ];
    const withSnippet = executeCalls(calls, instanceSet([["web", new WebSearchApi(source, true)]]));
    assert.deepEqual(withSnippet, [
      "[{'title': 'Tea', 'href': 'https://tea.example/da-hong-pao', 'body': 'The priciest tea.'}]",
      '{"content": "Da Hong Pao"}',
      "Error during execution: Invalid URL: tea.example",
      '{"error": "An error occurred while fetching https://tea.example/none: 404 Client Error: Not Found for url: https://tea.example/none"}',
    ]);
    const bare = executeCalls(calls.slice(0, 1), instanceSet([["web", new WebSearchApi(source, false)]]));
    assert.deepEqual(bare, ["[{'title': 'Tea', 'href': 'https://tea.example/da-hong-pao'}]"]);
  });
});

describe("BFCL's agentic checker", () => {
  it("standardises both sides and matches whole words only", () => {
    assert.equal(standardizeAnswer("April 1, 2024 (U.S.)"), "april 1 2024 us");
    assert.equal(
      checkAgenticAnswer("{'answer': 'Zhang Yiming', 'context': '...'}", ["Zhang Yiming"]).valid,
      true,
    );
    assert.equal(checkAgenticAnswer("The answer is 35.", ["35", "thirty five"]).valid, true);
    assert.equal(checkAgenticAnswer("The answer is 350.", ["35"]).valid, false);
    assert.equal(checkAgenticAnswer("I do not know", ["Michael"]).errorType, "agentic:answer_not_found");
    assert.equal(checkAgenticAnswer("Its name is Da-Hong Pao", ["DaHong Pao"]).valid, true);
  });
});
