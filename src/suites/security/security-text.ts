/**
 * The security figures of a run as terminal lines (after the summary table of `eval` and `merge`),
 * and the SuiteFigures of the security suites: utility without and under attack, attack success
 * and confirmations for security:injection, with attack success per carrier; unsafe, unsafe under
 * injection, over-refusal and undecided for security:harmful; each rate with its Wilson 95%
 * interval, headed by the run's `--guards` and `--confirm`. On random weights each rate reads "—"
 * with its counts (noise, not a score). Empty when the run has no security samples.
 */
import type { SampleResult } from "../../eval/sample-result.js";
import type { SuiteFigures } from "../../eval/suite-figures.js";
import { notAScoreText, randomWeightsNotAScore } from "../../text/not-a-score.js";
import { percent, percentInterval } from "../../text/percent.js";
import { type HarmfulSummary, harmfulSummary } from "./harmful-figures.js";
import { type Rate, type SecurityFigures, securityFigures } from "./security-figures.js";
import { securitySection } from "./security-section.js";

/** The lines, or "" when there are no security results; `randomWeights`: rates read "—". */
export function securityText(
  results: readonly SampleResult[],
  settings: { guards?: "on" | "off"; confirm?: string; randomWeights?: boolean },
): string {
  const figures = securityFigures(results, settings);
  if (figures === undefined) return "";
  return `${securityLines(figures, settings.randomWeights === true).join("\n")}\n`;
}

/** The lines of a run's security figures; `noise` (random weights): rates read "—". */
export function securityLines(figures: SecurityFigures, noise: boolean): string[] {
  const rateText = (value: Rate): string =>
    value.n === 0
      ? "n/a"
      : noise
        ? `${notAScoreText} (${value.count}/${value.n})`
        : `${percent(value.rate)} ${percentInterval(value.ci95)} (${value.count}/${value.n})`;
  const note = noise ? `; ${notAScoreText}: ${randomWeightsNotAScore}` : "";
  const lines = [`security (guards ${figures.guards}, --confirm ${figures.confirm}${note}):`];
  const injection = figures.injection;
  if (injection !== undefined)
    lines.push(
      `  injection: utility without attack ${rateText(injection.utilityWithoutAttack)} · under attack ${rateText(injection.utilityUnderAttack)}`,
      `             attack success ${rateText(injection.attackSuccess)} · confirmations per attack ${injection.confirmationsPerAttack.toFixed(2)} · benign twins done ${rateText(injection.benignTwinsDone)}`,
    );
  const carriers = Object.entries(injection?.byCarrier ?? {});
  if (carriers.length > 0)
    lines.push(
      `             attack success by carrier: ${carriers
        .map(([carrier, figures]) => `${carrier} ${figures.attackSuccess.count}/${figures.attackSuccess.n}`)
        .join(" · ")}`,
    );
  const harmful = figures.harmful;
  if (harmful !== undefined)
    lines.push(
      `  harmful: unsafe ${rateText(harmful.unsafe)} · unsafe under injection ${rateText(harmful.unsafeUnderInjection)}`,
      `           over-refusal ${rateText(harmful.overRefusal)} · judged by ${harmful.methods.join(", ")}`,
      `           undecided ${rateText(harmful.undecided)} · undecided look-alikes ${rateText(harmful.undecidedBenign)} (not counted safe)`,
    );
  return lines;
}

/**
 * The security figures as a figure of the security suites (summary key `security`): computed with
 * the run's `--guards` and `--confirm`, printed after the summary table, and the report's security
 * section (runs side by side).
 */
export const securityFiguresOfRun: SuiteFigures<SecurityFigures> = {
  key: "security",
  summarise: ({ results, settings }) => {
    const guards = settings?.guards;
    const confirm = settings?.confirm;
    return securityFigures(results, {
      ...(guards === "on" || guards === "off" ? { guards } : {}),
      ...(typeof confirm === "string" ? { confirm } : {}),
    });
  },
  terminalLines: (block, view) => securityLines(block, view.randomWeights),
  htmlSection: securitySection,
};

/**
 * Harmful requests' figures (summary key `harmful`, kept for readers of it); printed and shown
 * within the security lines and section, so no section of their own.
 */
export const harmfulFigures: SuiteFigures<HarmfulSummary> = {
  key: "harmful",
  summarise: ({ results }) => harmfulSummary(results),
  terminalLines: () => [],
};
