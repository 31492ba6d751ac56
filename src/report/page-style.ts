/** The stylesheet of report and compare pages (inline: the page loads nothing). */
export const pageStyle = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #5b6470; --line: #d9dee4; --pass: #1f7a3a;
  --fail: #b3261e; --error: #8a5a00; --accent: #1f4e8c; --band: #f5f7fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink);
  background: #fff; }
main { max-width: 1100px; margin: 0 auto; padding: 20px 24px 60px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 10px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 14px; margin: 14px 0 6px; }
.muted { color: var(--muted); }
.banner { background: #fff4d6; border: 2px solid #e0a800; color: #5a4100; padding: 10px 14px;
  border-radius: 6px; font-weight: 600; margin: 12px 0; }
.banner.warn { background: #fdecea; border-color: #d9534f; color: #7a1c17; }
.fact-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 0 28px; }
.fact-grid h3 { margin-top: 6px; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 8px 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
code, pre { font: 12.5px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: var(--band); border: 1px solid var(--line); border-radius: 4px; padding: 8px 10px;
  white-space: pre-wrap; overflow-wrap: anywhere; max-height: 420px; overflow: auto; margin: 4px 0 10px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--band); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.num { white-space: nowrap; }
figure.chart { margin: 10px 0 18px; }
figure.chart figcaption { font-weight: 600; margin-bottom: 4px; }
figure.chart .note { font-weight: normal; color: var(--muted); }
.charts svg { max-width: 100%; height: auto; }
.controls { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; margin: 8px 0; }
.controls label { color: var(--muted); }
select, input[type=search], button { font: inherit; padding: 3px 6px; }
#samples tbody tr { cursor: pointer; }
#samples tbody tr:hover, #samples tbody tr:focus { background: #eef3fa; outline: none; }
.verdict { font-weight: 600; }
.verdict.pass { color: var(--pass); }
.verdict.fail { color: var(--fail); }
.verdict.error { color: var(--error); }
td.explanation { max-width: 420px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
dialog { width: min(1100px, 96vw); max-height: 92vh; overflow: auto; border: 1px solid var(--line); border-radius: 8px;
  padding: 0; }
dialog::backdrop { background: rgba(20, 25, 35, 0.45); }
dialog header { position: sticky; top: 0; background: #fff; border-bottom: 1px solid var(--line);
  padding: 10px 16px; display: flex; justify-content: space-between; align-items: center; gap: 12px; }
dialog .body { padding: 6px 16px 16px; }
.columns { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.step { border-left: 3px solid var(--line); padding-left: 10px; margin: 10px 0; }
.decision-block { color: var(--fail); font-weight: 600; }
.decision-pass { color: var(--pass); }
.table-scroll { overflow-x: auto; }
table.with-agent { font-size: 13px; }
table.with-agent th, table.with-agent td { padding: 4px 6px; }
h4 { font-size: 13px; margin: 12px 0 4px; }
details > summary { cursor: pointer; color: var(--accent); }
.text-block details.whole { margin: -6px 0 8px; }
.cut { margin: -6px 0 8px; font-size: 12px; }
table.milestones, table.minefields, table.expected-calls { margin: 4px 0 10px; }
table.milestones code, table.minefields code { overflow-wrap: anywhere; }
ol.reference { margin: 4px 0 10px; padding-left: 22px; }
ol.reference code.call { display: inline-block; margin: 2px 0; overflow-wrap: anywhere; }
ol.events { list-style: none; margin: 6px 0; padding: 0; }
li.event { border-left: 3px solid var(--line); padding: 2px 0 2px 10px; margin: 8px 0; }
li.event-user { border-left-color: var(--accent); }
li.event-model { border-left-color: #8a8f98; }
li.event-tool { border-left-color: #c08a00; }
li.event-end { border-left-color: var(--ink); }
.event-head { display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; margin-bottom: 4px; }
.event-index { color: var(--muted); font-variant-numeric: tabular-nums; min-width: 58px; }
.call { margin: 2px 0 6px; }
.call-name { font-weight: 600; }
.call-arguments { overflow-wrap: anywhere; }
.marks { display: inline-flex; flex-wrap: wrap; gap: 4px; }
.mark { font-size: 12px; padding: 0 6px; border-radius: 9px; border: 1px solid; }
.mark.mark-reached { color: var(--pass); background: #e8f5ec; }
.mark.mark-hit { color: var(--fail); background: #fdecea; }
span.mark-reached { color: var(--pass); font-weight: 600; white-space: nowrap; }
span.mark-missed, span.mark-clear { white-space: nowrap; }
span.mark-hit, span.mark-missed { color: var(--fail); font-weight: 600; }
span.mark-clear { color: var(--pass); }
.marks-line { display: flex; gap: 6px; align-items: baseline; }
.not-a-score-note { color: #5a4100; font-weight: 600; }
td.num[title], span.not-a-score { cursor: help; }
`;
