import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { listTools } from "../tool-calls.js";
import { firstSentence, formatToolList } from "./tools-command.js";

describe("tools list", () => {
  it("takes the first sentence, not stopping at 'e.g.' or inside parentheses", () => {
    assert.equal(
      firstSentence("Look up contacts by relationship (e.g. 'dentist', 'sister'). An empty query lists all."),
      "Look up contacts by relationship (e.g. 'dentist', 'sister').",
    );
    assert.equal(firstSentence("Search the web. Returns pages."), "Search the web.");
    assert.equal(firstSentence("No period at the end"), "No period at the end");
  });

  it("wraps descriptions at word boundaries under their column, never cutting mid-phrase", () => {
    const tools = listTools();
    const lines = formatToolList(tools, 100);
    assert.ok(
      lines.every((line) => line.length <= 99),
      lines.filter((line) => line.length > 99).join("\n"),
    );
    // Join each tool's lines back: its whole first sentence is there.
    const nameWidth = Math.max(...tools.map((tool) => tool.name.length));
    const indent = nameWidth + 13;
    let index = 0;
    for (const tool of tools) {
      const parts = [lines[index]?.slice(indent) ?? ""];
      index += 1;
      while (lines[index]?.startsWith(" ".repeat(indent))) {
        parts.push(lines[index]?.slice(indent) ?? "");
        index += 1;
      }
      const shown = parts.join(" ");
      const sentence = firstSentence(tool.description).replace(/\s+/g, " ");
      if (shown.endsWith("…"))
        assert.ok(sentence.startsWith(shown.slice(0, -1)), `${tool.name}: cut mid-word: ${shown}`);
      else assert.equal(shown, sentence, tool.name);
    }
    const contacts = lines.findIndex((line) => line.startsWith("contacts_search"));
    assert.match(`${lines[contacts]} ${lines[contacts + 1]?.trim()}`, /\(e\.g\. 'dentist', 'sister'\)\.$/);
  });
});
