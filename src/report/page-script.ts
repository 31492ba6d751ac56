/**
 * The script of report and compare pages (plain JavaScript, inline). It reads the embedded data,
 * renders one page of the sample table at a time (so a run of many thousand samples opens at
 * once), filters by category, verdict (or, on a compare page, which run passed) and text, and
 * opens a row's full transcript in a dialog (built only when opened: page-script-detail.ts and
 * page-script-trajectory.ts). Data is only ever inserted as text, never as markup.
 *
 * Data shape: `{mode: "run", categories, rows: SampleView[]}` or
 * `{mode: "compare", categories, labels: {a, b}, rows: [{key, category, passedIn: "a"|"b", a, b}]}`.
 * For tests it sets `window.reportReady` (ms from navigation start to the first table page) and
 * `window.lastFilterMs` (ms the last filter took to apply and render).
 */
import { detailScript } from "./page-script-detail.js";
import { trajectoryScript } from "./page-script-trajectory.js";

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
        return (view.request ? view.request.text + " " : "") + view.explanation + " " + (view.errorType || "") + " " +
          view.rawText;
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

${detailScript}
${trajectoryScript}
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
