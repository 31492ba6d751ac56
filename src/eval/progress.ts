/**
 * Eval progress on stderr, through the shared progress line (src/text/progress-line.ts): on a
 * terminal one live line with a spinner, a bar, done/total, accuracy so far, rate and ETA;
 * elsewhere (CI, pipes) a plain line when the run starts, every `intervalMs` (default 10 s) and at
 * the end. Results served from the response cache are counted apart: they give no rate and no ETA,
 * and the end says how many there were, and that their speeds are not measured.
 */
import { percentOf } from "../text/percent.js";
import { ProgressLine, type ProgressStream, type Ticker } from "../text/progress-line.js";

export { formatDuration } from "../text/duration.js";
export type { ProgressStream } from "../text/progress-line.js";

/** Options of {@link EvalProgress}. */
export interface ProgressOptions {
  total: number;
  /** Results already in the store (a resumed run). */
  done?: number;
  passed?: number;
  stream?: ProgressStream;
  /** Force the live line on or off (default: the stream is a TTY). */
  live?: boolean;
  /** Plain mode: least time between lines. */
  intervalMs?: number;
  /** Injected clock (tests). */
  now?: () => number;
  /** Injected redraw timer (tests); false: none. */
  ticker?: Ticker | false;
  /** Show the accuracy so far (default true; false for random weights, whose accuracy is noise). */
  showAccuracy?: boolean;
}

/** What the end of a run says about the response cache, or undefined when nothing came from it. */
export function cacheStatement(fromCache: number, doneThisSession: number): string | undefined {
  if (fromCache === 0) return undefined;
  if (fromCache === doneThisSession)
    return `${fromCache === 1 ? "the one result" : `all ${fromCache}`} from the response cache; speeds n/a; --no-cache to measure`;
  return `${fromCache} of ${doneThisSession} from the response cache; speeds cover the ${doneThisSession - fromCache} measured; --no-cache to measure all`;
}

/** An eval's progress on `stream` (default stderr), or undefined when progress is off (`false`). */
export function evalProgressOn(
  stream: ProgressStream | false | undefined,
  options: Omit<ProgressOptions, "stream">,
): EvalProgress | undefined {
  return stream === false
    ? undefined
    : new EvalProgress({ ...options, ...(stream === undefined ? {} : { stream }) });
}

/** Tracks and draws an eval's progress. */
export class EvalProgress {
  private readonly total: number;
  private done: number;
  private passed: number;
  private doneThisSession = 0;
  private fromCache = 0;
  private readonly showAccuracy: boolean;
  private readonly line: ProgressLine;

  constructor(options: ProgressOptions) {
    this.total = options.total;
    this.done = options.done ?? 0;
    this.passed = options.passed ?? 0;
    this.showAccuracy = options.showAccuracy ?? true;
    this.line = new ProgressLine({
      label: "eval",
      ...(options.stream === undefined ? {} : { stream: options.stream }),
      ...(options.live === undefined ? {} : { live: options.live }),
      ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.ticker === undefined ? {} : { ticker: options.ticker }),
    });
    this.line.phase("", {
      total: this.total,
      done: this.done,
      rate: true,
      announce: this.done < this.total,
      detail: this.accuracy(),
    });
  }

  private accuracy(): string {
    return this.done === 0 || !this.showAccuracy ? "" : `acc ${percentOf(this.passed, this.done)}`;
  }

  /** Records one finished attempt (`cached`: served from the response cache) and redraws when due. */
  record(passed: boolean, cached = false): void {
    this.done += 1;
    this.doneThisSession += 1;
    if (passed) this.passed += 1;
    if (cached) this.fromCache += 1;
    this.line.advance({ cached, detail: this.accuracy() });
  }

  /** The status text: `12/40 30% · acc 58.3% · 2.10/s · elapsed 6s · ETA 13s`. */
  status(): string {
    return this.line.status();
  }

  /** Final line (when this session ran anything) and what came from the response cache. */
  finish(): void {
    this.line.finish(this.doneThisSession > 0 ? this.status() : undefined);
    const statement = cacheStatement(this.fromCache, this.doneThisSession);
    if (statement !== undefined) this.line.note(statement);
  }
}
