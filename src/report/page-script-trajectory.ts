/**
 * The part of the page script that shows what a sample expected and what an agent did: the
 * expected outcome (a sentence, the expected calls with their accepted values, or a stateful
 * scenario's milestones, minefields and reference solution) and the trajectory, event by event,
 * each event with the milestones it reached and the minefields it hit. Pasted inside
 * page-script.ts's function (helpers `el`, `pre`, `cell`; `textBlock`, `renderDecisions` and
 * `section` from page-script-detail.ts); only ever inserts text.
 */
// String.raw: the script's own escapes ("\n") must reach the page as written.
export const trajectoryScript = String.raw`
  function table(headers, rows, className) {
    var head = el("tr");
    headers.forEach(function (header) { head.append(el("th", { text: header })); });
    var tbody = el("tbody");
    rows.forEach(function (cells) {
      var tr = el("tr");
      cells.forEach(function (value) { tr.append(typeof value === "string" ? cell(value) : el("td", null, value)); });
      tbody.append(tr);
    });
    return el("table", { class: className }, el("thead", null, head), tbody);
  }
  function where(at, yes, no) {
    if (at === undefined) return el("span", { class: "muted", text: "not scored" });
    if (at === null) return el("span", { class: no.className, text: no.text });
    return el("span", { class: yes, text: at < 0 ? "from the start" : "at event " + at });
  }
  function renderExpectedCalls(calls) {
    var rows = [];
    calls.forEach(function (call, number) {
      if (call.params.length === 0) rows.push([String(number + 1), call.tool, "(no arguments)", ""]);
      call.params.forEach(function (param, index) {
        var accepted = param.accepted.map(function (value) { return value === "" ? "(may be left out)" : value; });
        rows.push([index === 0 ? String(number + 1) : "", index === 0 ? call.tool : "", param.name, accepted.join("  |  ")]);
      });
    });
    return table(["#", "call", "parameter", "accepted values"], rows, "expected-calls");
  }
  function renderReference(steps) {
    var list = el("ol", { class: "reference" });
    steps.forEach(function (step) {
      if (step.text) {
        list.append(el("li", null, el("span", { class: "muted", text: "reply: " }), el("span", { text: step.text.text }),
          cutNote(step.text)));
        return;
      }
      var item = el("li");
      step.calls.forEach(function (call) {
        item.append(el("code", { class: "call", text: call.name + " " + call.arguments }));
        if (call.loose.length > 0) item.append(el("span", { class: "muted", text: " (any value for " + call.loose.join(", ") + ")" }));
        item.append(el("br"));
      });
      list.append(item);
    });
    return list;
  }
  function renderStateful(expected) {
    var box = el("div", { class: "expected-stateful" });
    box.append(el("h4", { text: "Milestones (in order: each is checked after those it comes after)" }));
    box.append(table(["milestone", "what", "after", "checks", "reached"], expected.milestones.map(function (item) {
      return [el("code", { text: item.id }), item.description, item.after.length > 0 ? item.after.join(", ") : "-",
        el("code", { text: item.check }), where(item.reachedAt, "mark-reached", { className: "mark-missed", text: "not reached" })];
    }), "milestones"));
    box.append(el("h4", { text: "Minefields (must never happen)" }));
    if (expected.minefields.length === 0) box.append(el("p", { class: "muted", text: "none" }));
    else box.append(table(["minefield", "what", "checks", "hit"], expected.minefields.map(function (item) {
      return [el("code", { text: item.id }), item.description, el("code", { text: item.check }),
        where(item.hitAt, "mark-hit", { className: "mark-clear", text: "not hit" })];
    }), "minefields"));
    if (expected.reference.length > 0)
      box.append(el("h4", { text: "Reference solution" }), renderReference(expected.reference));
    return box;
  }
  function renderMultiTurn(expected) {
    var box = el("div", { class: "expected-multi-turn" });
    box.append(el("p", { class: expected.firstFailingTurn === null ? "mark-reached" : "mark-missed",
      text: expected.firstFailingTurn === null ? "every turn matches the ground truth" : "first failing turn: " + expected.firstFailingTurn }));
    function lines(list) { return pre(list.length > 0 ? list.join("\n") : "(none)"); }
    box.append(table(["turn", "model calls (per step)", "model results", "ground-truth calls", "ground-truth results"],
      expected.turns.map(function (turn) {
        var label = String(turn.turn) + (turn.turn === expected.firstFailingTurn ? " ✗" : "");
        return [label, lines(turn.calls.map(function (step, index) { return "step " + index + ": " + step.join("; "); })),
          lines(turn.results.map(function (step) { return step.join("\n"); })), lines(turn.groundTruthCalls), lines(turn.groundTruthResults)];
      }), "multi-turn"));
    return box;
  }
  function renderExpected(view) {
    var expected = view.expected;
    if (!expected) return el("p", { class: "muted", text: view.recorded ? "(none recorded by the suite)" :
      "(not recorded: this result was written before expected outcomes were)" });
    if (expected.kind === "text") return el("p", { class: "expected-text", text: expected.text.text });
    if (expected.kind === "calls") return renderExpectedCalls(expected.calls);
    if (expected.kind === "stateful") return renderStateful(expected);
    if (expected.kind === "multi-turn") return renderMultiTurn(expected);
    return textBlock(expected.text);
  }

  function renderMarks(marks) {
    var box = el("span", { class: "marks" });
    if (!marks) return box;
    marks.reached.forEach(function (mark) {
      box.append(el("span", { class: "mark mark-reached", title: mark.description, text: "✓ milestone " + mark.id }));
    });
    marks.hit.forEach(function (mark) {
      box.append(el("span", { class: "mark mark-hit", title: mark.description, text: "✗ minefield " + mark.id }));
    });
    return box;
  }
  function marksLine(label, marks) {
    return el("p", { class: "marks-line" }, el("span", { class: "muted", text: label }), renderMarks(marks));
  }
  // A call: name and arguments on one line when they are short, the arguments as a text block otherwise.
  function callBlock(call) {
    var name = call.name + (call.calledAs ? " (called as " + call.calledAs + ")" : "");
    var args = call.arguments;
    if (args.text.indexOf("\n") === -1 && args.text.length <= 160 && !args.cut)
      return el("div", { class: "call" }, el("code", { class: "call-name", text: name }), " ",
        el("code", { class: "call-arguments", text: args.text }));
    return el("div", { class: "call" }, el("code", { class: "call-name", text: name }), textBlock(args, "{}"));
  }
  function eventTitle(event) {
    if (event.type === "user") return "user" + (event.by === "user-model" ? " (simulated)" : "") + " · turn " + event.turn;
    if (event.type === "model") return "model · turn " + event.turn + " step " + event.step + (event.cached ? " · from cache" : "") + (event.figures ? " · " + event.figures : "");
    if (event.type === "tool") return "tool " + event.call.name + " · step " + event.step;
    if (event.type === "end") return "end: " + event.stopReason;
    return "event";
  }
  function renderModelEvent(event, box) {
    if (event.content.text !== "") box.append(textBlock(event.content));
    else if (event.calls.length === 0) box.append(el("p", { class: "muted", text: "(no text, no calls)" }));
    if (event.calls.length > 0) box.append(el("div", { class: "muted", text: event.calls.length === 1 ? "call" : "calls" }));
    event.calls.forEach(function (call) { box.append(callBlock(call)); });
    event.parseErrors.forEach(function (error) {
      box.append(el("div", { class: "decision-block", text: "unreadable call · " + error.type + ": " + error.message }), textBlock(error.raw));
    });
    if (event.rawText) box.append(el("details", null, el("summary", { text: "raw output" }), textBlock(event.rawText)));
  }
  function renderToolEvent(event, box) {
    box.append(callBlock(event.call), renderDecisions(event.decisions));
    if (event.confirmation) box.append(el("p", { class: event.confirmation.approved ? "decision-pass" : "decision-block",
      text: "confirmation asked: " + (event.confirmation.approved ? "approved" : "declined") +
        (event.confirmation.by ? " by " + event.confirmation.by : "") }));
    if (event.skipped) box.append(el("p", { class: "muted", text: "not run: " + event.skipped }));
    if (event.outcome && event.outcome.ok) box.append(el("div", { class: "muted", text: "result" }), textBlock(event.outcome.output));
    else if (event.outcome) box.append(el("div", { class: "muted", text: "error" }),
      pre(event.outcome.error.type + ": " + event.outcome.error.message));
  }
  function renderEvent(event) {
    var box = el("li", { class: "event event-" + event.type, "data-event": event.index });
    box.append(el("div", { class: "event-head" }, el("span", { class: "event-index", text: "event " + event.index }),
      el("strong", { text: eventTitle(event) }), renderMarks(event.marks)));
    if (event.type === "user") box.append(textBlock(event.text));
    else if (event.type === "model") renderModelEvent(event, box);
    else if (event.type === "tool") renderToolEvent(event, box);
    else if (event.type === "end") {
      if (event.reason && event.reason !== event.stopReason) box.append(el("p", { text: event.reason }));
    }
    else box.append(textBlock(event.text));
    return box;
  }
  function count(number, noun) { return number + " " + noun + (number === 1 ? "" : "s"); }
  function renderTrajectory(trajectory) {
    var root = el("div", { class: "trajectory" });
    root.append(section("Trajectory"), el("p", { class: "muted", text: count(trajectory.userTurns, "user turn") + " · " +
      count(trajectory.steps, "model step") + " · " + count(trajectory.toolCalls, "tool call") + " · " +
      count(trajectory.confirmationsAsked, "confirmation") + " asked · stopped: " + trajectory.stopReason }));
    if (trajectory.atStart) root.append(marksLine("before the first event: ", trajectory.atStart));
    var list = el("ol", { class: "events" });
    trajectory.events.forEach(function (event) { list.append(renderEvent(event)); });
    root.append(list);
    if (trajectory.omittedEvents > 0) root.append(el("p", { class: "muted", text: trajectory.omittedEvents +
      " more events left out of the page (results.jsonl has them all)" }));
    if (trajectory.inOmitted) root.append(marksLine("in the events left out: ", trajectory.inOmitted));
    return root;
  }
`;
