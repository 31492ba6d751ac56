/**
 * The script of report and compare pages (plain JavaScript, inline). It reads the embedded data,
 * renders one page of the sample table at a time (so a run of many thousand samples opens at
 * once), filters by category, verdict (or, on a compare page, which run passed) and text, and
 * opens a row's full transcript in a dialog. Data is only ever inserted as text, never as markup.
 *
 * Data shape: `{mode: "run", categories, rows: SampleView[]}` or
 * `{mode: "compare", categories, labels: {a, b}, rows: [{key, category, passedIn: "a"|"b", a, b}]}`.
 * For tests it sets `window.reportReady` (ms from navigation start to the first table page) and
 * `window.lastFilterMs` (ms the last filter took to apply and render).
 */
// biome-ignore lint/complexity/noUselessStringRaw: keeps any backslash added to the script literal.
export const pageScript = String.raw`
(function () {
  "use strict";
  var source = document.getElementById("report-data");
  var data = JSON.parse(source.textContent);
  var rows = data.rows;
  var pageSize = data.pageSize || 50;
  var compare = data.mode === "compare";
  function byId(id) { return document.getElementById(id); }
  function el(tag, props) {
    var node = document.createElement(tag);
    if (props) Object.keys(props).forEach(function (name) {
      var value = props[name];
      if (value === undefined || value === null) return;
      if (name === "text") node.textContent = String(value);
      else if (name === "class") node.className = value;
      else node.setAttribute(name, String(value));
    });
    for (var index = 2; index < arguments.length; index += 1) {
      var child = arguments[index];
      if (child !== null && child !== undefined) node.append(child);
    }
    return node;
  }
  function pre(text) { return el("pre", { text: text }); }
  function json(value) { return pre(JSON.stringify(value, null, 2)); }
  function verdictBadge(verdict) { return el("span", { class: "verdict " + verdict, text: verdict }); }
  function ms(value) { return typeof value === "number" ? Math.round(value) + " ms" : "n/a"; }

  var body = byId("samples").tBodies[0];
  var categorySelect = byId("filter-category");
  var verdictSelect = byId("filter-verdict");
  var search = byId("filter-search");
  var status = byId("filter-status");
  var previous = byId("page-previous");
  var next = byId("page-next");
  var dialog = byId("transcript");
  var dialogTitle = byId("transcript-title");
  var dialogBody = byId("transcript-body");
  data.categories.forEach(function (category) {
    categorySelect.append(el("option", { value: category, text: category }));
  });

  var filtered = rows;
  var page = 0;

  function searchText(row) {
    if (row.searchText === undefined) {
      var views = compare ? [row.a, row.b] : [row];
      row.searchText = (row.key + " " + views.map(function (view) {
        return view.explanation + " " + (view.errorType || "") + " " + view.rawText;
      }).join(" ")).toLowerCase();
    }
    return row.searchText;
  }
  function verdictMatches(row, wanted) {
    if (wanted === "") return true;
    if (compare) return row.passedIn === wanted;
    if (wanted === "parse-failure") return row.parseFailure;
    if (wanted === "stuck") return row.stuck;
    if (wanted === "length") return row.finishReason === "length";
    return row.verdict === wanted;
  }
  function applyFilters() {
    var started = performance.now();
    var category = categorySelect.value;
    var wanted = verdictSelect.value;
    var needle = search.value.trim().toLowerCase();
    filtered = rows.filter(function (row) {
      return (category === "" || row.category === category) && verdictMatches(row, wanted) &&
        (needle === "" || searchText(row).indexOf(needle) !== -1);
    });
    page = 0;
    renderPage();
    window.lastFilterMs = performance.now() - started;
  }
  function cell(text, className) { return el("td", { class: className, text: text }); }
  function runRow(row) {
    var tokens = row.usage ? row.usage.inputTokens + " / " + row.usage.outputTokens : "";
    return [cell(row.key), cell(row.category), el("td", null, verdictBadge(row.verdict)),
      cell(row.errorType || ""), el("td", { class: "explanation", title: row.explanation, text: row.explanation }),
      cell(row.finishReason || ""), cell(tokens, "num"), cell(row.timing ? ms(row.timing.firstTokenMs) : "", "num")];
  }
  function compareRow(row) {
    return [cell(row.key), cell(row.category), el("td", null, verdictBadge(row.a.verdict)),
      el("td", null, verdictBadge(row.b.verdict)),
      cell(row.passedIn === "a" ? data.labels.a : data.labels.b),
      el("td", { class: "explanation", title: row.a.explanation, text: row.a.explanation }),
      el("td", { class: "explanation", title: row.b.explanation, text: row.b.explanation })];
  }
  function renderPage() {
    var pages = Math.max(1, Math.ceil(filtered.length / pageSize));
    if (page >= pages) page = pages - 1;
    var start = page * pageSize;
    var end = Math.min(filtered.length, start + pageSize);
    var fragment = document.createDocumentFragment();
    for (var index = start; index < end; index += 1) {
      var row = filtered[index];
      var tr = el("tr", { tabindex: "0", "data-index": index });
      (compare ? compareRow(row) : runRow(row)).forEach(function (td) { tr.append(td); });
      fragment.append(tr);
    }
    body.replaceChildren(fragment);
    status.textContent = filtered.length === 0
      ? "no samples match (" + rows.length + " in all)"
      : "showing " + (start + 1) + "–" + end + " of " + filtered.length + " (" + rows.length + " in all), page " +
        (page + 1) + " of " + pages;
    previous.disabled = page === 0;
    next.disabled = page >= pages - 1;
  }

  function renderView(view) {
    var root = el("div", { class: "result" });
    root.append(el("p", null, verdictBadge(view.verdict), view.errorType ? " " : null,
      view.errorType ? el("code", { text: view.errorType }) : null));
    root.append(el("h3", { text: "Verdict and explanation" }), el("p", { text: view.explanation || "(none)" }));
    if (view.error) root.append(el("h3", { text: "Harness error" }), pre(view.error.code + ": " + view.error.message));
    var facts = el("dl", { class: "facts" });
    [["format", view.format], ["finish reason", view.finishReason],
      ["tokens in / out", view.usage ? view.usage.inputTokens + " / " + view.usage.outputTokens : null],
      ["time to first token", view.timing ? ms(view.timing.firstTokenMs) : null],
      ["total", view.timing ? ms(view.timing.totalMs) : null],
      ["from cache", view.cached ? "yes" : null], ["parse failure", view.parseFailure ? "yes" : null],
      ["stuck repeating", view.stuck ? "yes" : null], ["repeat", view.repeat]].forEach(function (entry) {
      if (entry[1] === null || entry[1] === undefined || entry[1] === "") return;
      facts.append(el("dt", { text: entry[0] }), el("dd", { text: entry[1] }));
    });
    root.append(facts);
    root.append(el("h3", { text: "Raw model output" }), pre(view.rawText === "" ? "(empty)" : view.rawText));
    if (view.content) root.append(el("h3", { text: "Visible text" }), pre(view.content));
    root.append(el("h3", { text: "Parsed calls" }),
      view.calls.length > 0 ? json(view.calls) : el("p", { class: "muted", text: "(no calls)" }));
    if (view.transcript) root.append(renderAgent(view.transcript));
    else root.append(el("h3", { text: "Guard decisions and tool results" }),
      el("p", { class: "muted", text: "None: this suite scores the model's calls without running tools (one model call per sample)." }));
    if (Object.keys(view.metadata).length > 0)
      root.append(el("details", null, el("summary", { text: "Sample metadata" }), json(view.metadata)));
    return root;
  }
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
  function renderAgent(transcript) {
    var root = el("div", { class: "agent" });
    root.append(el("h3", { text: "Agent steps (stopped: " + transcript.stopReason + ")" }));
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
  function openRow(row) {
    dialogTitle.textContent = row.key + " · " + row.category;
    if (compare) {
      var columns = el("div", { class: "columns" });
      [["a", data.labels.a], ["b", data.labels.b]].forEach(function (side) {
        columns.append(el("div", null, el("h3", { text: side[1] }), renderView(row[side[0]])));
      });
      dialogBody.replaceChildren(columns);
    } else dialogBody.replaceChildren(renderView(row));
    if (typeof dialog.showModal === "function") dialog.showModal(); else dialog.setAttribute("open", "");
    dialogBody.scrollTop = 0;
  }
  function rowFromEvent(event) {
    var tr = event.target.closest("tr");
    if (!tr || !tr.hasAttribute("data-index")) return null;
    return filtered[Number(tr.getAttribute("data-index"))] || null;
  }
  body.addEventListener("click", function (event) { var row = rowFromEvent(event); if (row) openRow(row); });
  body.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") return;
    var row = rowFromEvent(event);
    if (row) { event.preventDefault(); openRow(row); }
  });
  byId("transcript-close").addEventListener("click", function () { dialog.close(); });
  categorySelect.addEventListener("change", applyFilters);
  verdictSelect.addEventListener("change", applyFilters);
  var searchTimer = 0;
  search.addEventListener("input", function () { clearTimeout(searchTimer); searchTimer = setTimeout(applyFilters, 150); });
  previous.addEventListener("click", function () { page -= 1; renderPage(); });
  next.addEventListener("click", function () { page += 1; renderPage(); });
  renderPage();
  window.reportReady = performance.now();
})();
`;
