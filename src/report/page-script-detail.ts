/**
 * The part of the page script that builds one attempt's detail in the transcript dialog: verdict
 * and explanation, the request, the expected outcome, the facts, then either the trajectory (agent
 * and conversation samples) or the raw output and parsed calls (single-call samples), an older
 * agent transcript, and the metadata. Pasted inside page-script.ts's function, whose helpers
 * (`el`, `pre`, `json`, `cell`, `verdictBadge`, `ms`) it uses; only ever inserts text.
 */
// String.raw: the script's own escapes ("\n") must reach the page as written.
export const detailScript = String.raw`
  var previewCharacters = 600;
  var previewLines = 12;
  function appendAll(node) {
    for (var index = 1; index < arguments.length; index += 1)
      if (arguments[index] !== null && arguments[index] !== undefined) node.append(arguments[index]);
    return node;
  }
  function cutNote(clipped) {
    return clipped && clipped.cut ? el("p", { class: "muted cut", text: "… " + clipped.cut +
      " more characters left out of the page (results.jsonl has them all)" }) : null;
  }
  // A text block: long texts show their start, with a <details> that shows them whole.
  function textBlock(clipped, emptyText) {
    var text = clipped ? clipped.text : "";
    var box = el("div", { class: "text-block" });
    if (text === "") { box.append(el("p", { class: "muted", text: emptyText || "(empty)" })); return box; }
    var lines = text.split("\n");
    var long = text.length > previewCharacters || lines.length > previewLines;
    if (!long) return appendAll(box, pre(text), cutNote(clipped));
    var start = lines.slice(0, previewLines).join("\n");
    if (start.length > previewCharacters) start = start.slice(0, previewCharacters);
    var preview = pre(start + " …");
    var whole = el("details", { class: "whole" }, el("summary", { text: "show all " + text.length +
      " characters" + (clipped.cut ? " kept here" : "") }), pre(text));
    whole.addEventListener("toggle", function () { preview.hidden = whole.open; });
    return appendAll(box, preview, whole, cutNote(clipped));
  }
  function section(title) { return el("h3", { text: title }); }
  function renderDecisions(decisions) {
    if (!decisions || decisions.length === 0) return el("p", { class: "muted", text: "no guard decisions recorded" });
    var table = el("table", { class: "decisions" },
      el("thead", null, el("tr", null, el("th", { text: "guard" }), el("th", { text: "verdict" }),
        el("th", { text: "reason" }), el("th", { text: "tainted arguments" }))));
    var tbody = el("tbody");
    decisions.forEach(function (decision) {
      var blocked = decision.verdict === "block" || decision.verdict === "denied";
      tbody.append(el("tr", null, cell(decision.guard),
        el("td", { class: blocked ? "decision-block" : "decision-pass", text: decision.verdict }),
        cell(decision.reason || ""), cell((decision.taintedArguments || []).join(", "))));
    });
    table.append(tbody);
    return table;
  }
  function renderFacts(view) {
    var facts = el("dl", { class: "facts" });
    var agent = view.trajectory !== null && view.trajectory !== undefined;
    [["solver", view.recorded ? view.solver : null],
      ["progress", agent ? Math.round(view.score * 1000) / 10 + "%" : null],
      ["format", view.format], ["finish reason", view.finishReason],
      ["tokens in / out", view.usage ? view.usage.inputTokens + " / " + view.usage.outputTokens : null],
      ["time to first token", view.timing ? ms(view.timing.firstTokenMs) : null],
      ["total", view.timing ? ms(view.timing.totalMs) : null],
      ["from cache", view.cached ? "yes" : null], ["parse failure", view.parseFailure ? "yes" : null],
      ["stuck repeating", view.stuck ? "yes" : null], ["repeat", view.repeat]].forEach(function (entry) {
      if (entry[1] === null || entry[1] === undefined || entry[1] === "") return;
      facts.append(el("dt", { text: entry[0] }), el("dd", { text: entry[1] }));
    });
    return facts;
  }
  function renderOutput(view, into) {
    into.append(section("Raw model output"), pre(view.rawText === "" ? "(empty)" : view.rawText));
    if (view.content) into.append(section("Visible text"), pre(view.content));
    into.append(section("Parsed calls"),
      view.calls.length > 0 ? json(view.calls) : el("p", { class: "muted", text: "(no calls)" }));
  }
  function renderView(view) {
    var root = el("div", { class: "result" });
    root.append(el("p", null, verdictBadge(view.verdict), view.errorType ? " " : null,
      view.errorType ? el("code", { text: view.errorType }) : null));
    root.append(section("Verdict and explanation"), el("p", { text: view.explanation || "(none)" }));
    if (view.error) root.append(section("Harness error"), pre(view.error.code + ": " + view.error.message));
    if (view.request) root.append(section("Request"), textBlock(view.request));
    root.append(section("Expected"), renderExpected(view));
    root.append(renderFacts(view));
    if (view.trajectory) {
      root.append(renderTrajectory(view.trajectory));
      var last = el("details", { class: "last-output" }, el("summary", { text: "Last model output and every call made" }));
      renderOutput(view, last);
      root.append(last);
    } else {
      renderOutput(view, root);
      if (view.transcript) root.append(renderAgent(view.transcript));
      else root.append(section("Guard decisions and tool results"),
        el("p", { class: "muted", text: "None: this suite scores the model's calls without running tools (one model call per sample)." }));
    }
    if (Object.keys(view.metadata).length > 0)
      root.append(el("details", null, el("summary", { text: "Sample metadata" }), json(view.metadata)));
    return root;
  }
  // An AgentTranscript (older agent suites: result.transcript or metadata.transcript).
  function renderAgent(transcript) {
    var root = el("div", { class: "agent" });
    root.append(section("Agent steps (stopped: " + transcript.stopReason + ")"));
    if (transcript.error) root.append(pre("harness error " + transcript.error.code + ": " + transcript.error.message));
    transcript.steps.forEach(function (step) {
      var box = el("div", { class: "step" });
      box.append(el("h4", { text: "Step " + step.step + " · " + step.finishReason + " · " +
        step.usage.inputTokens + " in / " + step.usage.outputTokens + " out" }));
      box.append(el("div", { class: "muted", text: "raw model output" }), pre(step.rawText === "" ? "(empty)" : step.rawText));
      if (step.calls.length > 0) box.append(el("div", { class: "muted", text: "parsed calls" }), json(step.calls));
      if (step.parseErrors.length > 0) box.append(el("div", { class: "muted", text: "unreadable calls" }), json(step.parseErrors));
      step.toolResults.forEach(function (result) {
        box.append(el("h4", { text: "tool " + result.call.name }), json(result.call.arguments));
        box.append(el("div", { class: "muted", text: "guard decisions" }), renderDecisions(result.decisions));
        if (result.skipped) box.append(el("p", { class: "muted", text: "not run: " + result.skipped }));
        else if (result.outcome && result.outcome.ok) box.append(el("div", { class: "muted", text: "tool result" }), json(result.outcome.output));
        else if (result.outcome) box.append(el("div", { class: "muted", text: "tool error" }),
          pre(result.outcome.error.type + ": " + result.outcome.error.message));
      });
      root.append(box);
    });
    if (transcript.messages) root.append(el("details", null, el("summary", { text: "Conversation" }), json(transcript.messages)));
    return root;
  }
`;
