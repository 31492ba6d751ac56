/**
 * The header and the provenance of a report: the title with a banner that cannot be missed when the
 * weights are random, the run is incomplete or it is one shard of a run; and what exactly was
 * measured (model file, sha256, quantisation, format, backend, device), with which settings, on
 * which machine.
 */
import type { RunRecord } from "../eval/run-directory.js";
import { bytes, escapeHtml, factList } from "./html-page.js";
import { hasRandomWeights, type RunData, runLabel } from "./run-data.js";

function optional(value: number | null | undefined): number | string | undefined {
  return value === null || value === undefined ? "default" : value;
}

function numberFact(value: unknown, unit = ""): string | undefined {
  return typeof value === "number" ? `${value}${unit}` : undefined;
}

/**
 * The eval's own peak resident memory: the largest of its sessions' (each the edgecall process's
 * VmHWM when it ended: model, context and Node.js), or undefined for runs that did not record it.
 */
function evalPeak(sessions: readonly { peakRssBytes?: unknown }[] | undefined): string | undefined {
  const peaks = (sessions ?? []).flatMap((session) =>
    typeof session.peakRssBytes === "number" ? [session.peakRssBytes] : [],
  );
  return peaks.length === 0
    ? undefined
    : `${bytes(Math.max(...peaks))} (the edgecall process, Node.js included)`;
}

/**
 * BFCL's mode when a BFCL suite ran: what the suites resolved (run.json's suite entries,
 * `settings.mode`), else `--bfcl-mode` as recorded (runs written before suites recorded settings).
 */
function bfclMode(record: RunRecord): string | undefined {
  const bfcl = record.suites.filter((suite) => suite.name.startsWith("bfcl:"));
  if (bfcl.length === 0) return undefined;
  const resolved = bfcl.map((suite) => suite.settings?.mode).find((mode) => typeof mode === "string");
  const given = record.settings.suiteOptions?.["bfcl-mode"];
  return typeof resolved === "string" ? resolved : typeof given === "string" ? given : undefined;
}

/** The banners of a run (random weights, incomplete run). */
export function runBanners(run: RunData): string {
  const banners: string[] = [];
  if (hasRandomWeights(run))
    banners.push(
      `<div class="banner" id="random-weights-banner">Random weights: this model was synthesised with random weights. Its accuracy figures are noise, not a measurement of any real model; only speed and memory are meaningful.</div>`,
    );
  const shard = run.eval?.record.settings.shard;
  if (shard)
    banners.push(
      `<div class="banner warn">One shard of a run: shard ${shard.index} of ${shard.count} (one sample in ${shard.count}). Join all shards with <code>edgecall merge</code> for the whole run's figures.</div>`,
    );
  const summary = run.eval?.summary;
  if (summary !== undefined && !summary.complete)
    banners.push(
      `<div class="banner warn">Incomplete run: ${summary.overall.n} of ${summary.planned} attempts have a result (resume with <code>edgecall eval --resume ${escapeHtml(run.directory)}</code>).</div>`,
    );
  return banners.join("\n");
}

/** The model and settings facts of one run (used side by side on compare pages). */
export function provenanceFacts(run: RunData): string {
  const parts: string[] = [];
  const record = run.eval?.record;
  if (record !== undefined) {
    const { model, settings } = record;
    parts.push(
      `<div><h3>Model</h3>`,
      factList([
        ["model file", model.path],
        ["model spec", model.spec],
        ["sha256", model.sha256],
        ["identity", model.sha256 === undefined ? model.identity : undefined],
        ["architecture", model.architecture],
        ["quantisation", model.quantisation],
        ["tool-call format", model.format],
        ["chat template sha256", model.chatTemplateSha256],
        ["backend", model.backendVersion ? `${model.backend} ${model.backendVersion}` : model.backend],
        ["device", model.device],
        ["random weights", model.randomWeights ? "yes" : "no"],
      ]),
      "</div>",
    );
    parts.push("<div><h3>Settings</h3>");
    parts.push(
      factList([
        ["suites", record.suites.map((suite) => `${suite.name} (version ${suite.version})`).join(", ")],
        ["temperature", optional(settings.temperature)],
        ["top-p", optional(settings.topP)],
        ["top-k", optional(settings.topK)],
        ["seed", settings.seed],
        ["max tokens", settings.maxTokens],
        ["decoding", settings.decoding],
        ["tool choice", settings.toolChoice],
        ["repeats", settings.repeats],
        ["limit", settings.limit ?? "none"],
        ["threads", numberFact(model.backendInfo.threads)],
        ["context size", numberFact(model.backendInfo.contextSize, " tokens")],
        [
          "shard",
          settings.shard
            ? `${settings.shard.index} of ${settings.shard.count} (one sample in ${settings.shard.count})`
            : undefined,
        ],
        ["BFCL mode", bfclMode(record)],
      ]),
      "</div>",
    );
    const host = record.host ?? {};
    parts.push("<div><h3>Run</h3>");
    parts.push(
      factList([
        ["status", record.status],
        ["started", record.startedAt],
        ["ended", record.endedAt],
        ["sessions", record.sessions?.length],
        ["edgecall", record.edgecallVersion],
        [
          "host",
          [host.cpu, host.cpuCount ? `${host.cpuCount} cores` : undefined, host.platform, host.node]
            .filter(Boolean)
            .join(" · "),
        ],
        ["host RAM", typeof host.memoryBytes === "number" ? bytes(host.memoryBytes) : undefined],
        ["eval peak memory (RSS)", evalPeak(record.sessions)],
        [
          "merged from",
          Array.isArray(record.mergedFrom)
            ? record.mergedFrom
                .map(
                  (shard) =>
                    `shard ${shard.shard.index}/${shard.shard.count}: ${shard.results} of ${shard.planned} results, ${shard.status}, ${shard.directory}`,
                )
                .join("; ")
            : undefined,
        ],
        ["directory", run.directory],
      ]),
      "</div>",
    );
  }
  const bench = run.bench;
  if (bench !== undefined) {
    parts.push("<div><h3>Bench</h3>");
    parts.push(
      factList([
        ["model", bench.description ?? bench.modelName],
        ["quantisation", bench.quantisation],
        ["device", bench.device],
        ["load", bench.loadMs === null ? "n/a (a server)" : `${Math.round(bench.loadMs)} ms`],
        ["peak memory (RSS)", bench.peakRssBytes === null ? "n/a (a server)" : bytes(bench.peakRssBytes)],
        ["random weights", hasRandomWeights(run) ? "yes" : "no"],
      ]),
      "</div>",
    );
  }
  return `<div class="fact-grid">${parts.join("\n")}</div>`;
}

/**
 * The page header: title, where the run is, and the banners (random weights, incomplete run,
 * shard). The results follow it; the provenance facts come after the figures, linked from here.
 */
export function reportHeader(run: RunData, generatedAt: string): string {
  return `<header>
<h1>edgecall report: ${escapeHtml(runLabel(run))}</h1>
<p class="muted">generated ${escapeHtml(generatedAt)} from ${escapeHtml(run.directory)} · <a href="#provenance">provenance</a>: model file, settings and machine, below the figures</p>
${runBanners(run)}
</header>`;
}

/** The provenance facts: model file, settings, machine (and the bench's model). */
export function provenanceSection(run: RunData): string {
  return `<section id="provenance">
<h2>Provenance</h2>
${provenanceFacts(run)}
</section>`;
}
