/**
 * Progress said out loud, on stderr: what a long command is doing (its phase), how far it is
 * (n/N, or bytes of a total), how long it has taken, and an ETA once there is enough data for one.
 * On a terminal: one line redrawn in place with a spinner (carriage return and erase-line; a timer
 * keeps the spinner and the elapsed time moving through a long step). Elsewhere (CI, pipes): plain
 * `edgecall: <label>: ...` lines, sparse: one when a phase starts, then at most one per interval.
 *
 * The ETA needs at least two measured items (items served from a cache do not count) and a few
 * seconds of the phase: from one item, or from items that took no time, it would be a guess
 * ("ETA 0s" at 1/20).
 */
import { formatBytes } from "./byte-units.js";
import { formatDuration } from "./duration.js";

/** Where progress goes: a writable stream that may be a terminal. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Calls `tick` every `ms` milliseconds until the returned function is called. */
export type Ticker = (ms: number, tick: () => void) => () => void;

/** A ticker on `setInterval` that does not keep the process alive. */
export const intervalTicker: Ticker = (ms, tick) => {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
};

/** Options of {@link ProgressLine}. */
export interface ProgressLineOptions {
  /** The command: plain lines read `edgecall: <label>: ...`. */
  label: string;
  /** Default `process.stderr`. */
  stream?: ProgressStream;
  /** Force the live line on or off (default: the stream is a terminal). */
  live?: boolean;
  /** Plain mode: most time between two lines while work goes on, and least between two count lines (default 10 s). */
  intervalMs?: number;
  /** Measured items before rate and ETA are shown (default 2). */
  etaMinItems?: number;
  /** Milliseconds of a phase before rate and ETA are shown (default 3000). */
  etaMinMs?: number;
  /** Milliseconds, monotonic (tests inject a fake clock). */
  now?: () => number;
  /** Redraw timer (default {@link intervalTicker}); false: none (tests draw by hand). */
  ticker?: Ticker | false;
}

/** How a phase counts. */
export interface PhaseOptions {
  /** Items (or bytes) in the phase; omitted for a step that cannot count. */
  total?: number;
  /** Already done when the phase starts (a resumed run): counted, not part of the rate. */
  done?: number;
  /** `bytes` shows sizes (`120.00 MiB of 468.00 MiB`). */
  unit?: "items" | "bytes";
  /** Show an ETA once there is enough data (default true when there is a total). */
  eta?: boolean;
  /** Show the rate in items per second (default false). */
  rate?: boolean;
  /** Plain mode: write the phase's line at once (default true). */
  announce?: boolean;
  /** The text shown after the count at first (see {@link ProgressLine.detail}). */
  detail?: string;
}

/** Options of {@link ProgressLine.advance}. */
export interface AdvanceOptions {
  /** Served from a cache: counted, not measured (no rate, no ETA from it). */
  cached?: boolean;
  /** Amount (default 1). */
  amount?: number;
  /** New text after the count, shown with this item's count. */
  detail?: string;
}

const spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
/** Least ms between two redraws of the live line caused by counting. */
const liveRedrawMs = 100;
/** The live line's timer period (spinner). */
const liveTickMs = 120;
/** The plain mode's timer period (checks whether a line is due). */
const plainTickMs = 1000;
const barWidth = 20;

/** A progress line; see the module comment. */
export class ProgressLine {
  private readonly label: string;
  private readonly stream: ProgressStream;
  /** True when lines are redrawn in place. */
  readonly live: boolean;
  private readonly intervalMs: number;
  private readonly etaMinItems: number;
  private readonly etaMinMs: number;
  private readonly now: () => number;
  private readonly ticker: Ticker | false;
  private stopTicker: (() => void) | undefined;
  private name = "";
  private options: PhaseOptions = {};
  private startedAt = 0;
  private done = 0;
  private measuredItems = 0;
  private measuredAmount = 0;
  private cachedItems = 0;
  private extra = "";
  private frame = 0;
  private lastDrawAt = Number.NEGATIVE_INFINITY;
  private lastLineAt = Number.NEGATIVE_INFINITY;
  private lastLine = "";
  private drawn = false;
  private finished = false;

  constructor(options: ProgressLineOptions) {
    this.label = options.label;
    this.stream = options.stream ?? process.stderr;
    this.live = options.live ?? this.stream.isTTY === true;
    this.intervalMs = options.intervalMs ?? 10_000;
    this.etaMinItems = options.etaMinItems ?? 2;
    this.etaMinMs = options.etaMinMs ?? 3000;
    this.now = options.now ?? (() => performance.now());
    this.ticker = options.ticker ?? intervalTicker;
    this.startedAt = this.now();
  }

  /** Starts a phase (`name` may be empty): the count, the clock and the detail start again. */
  phase(name: string, options: PhaseOptions = {}): void {
    this.name = name;
    this.options = options;
    this.startedAt = this.now();
    this.done = options.done ?? 0;
    this.measuredItems = 0;
    this.measuredAmount = 0;
    this.cachedItems = 0;
    this.extra = options.detail ?? "";
    this.finished = false;
    this.startTicker();
    if (this.live) this.draw();
    else if (options.announce !== false) this.writeLine(this.status());
  }

  /** Sets the text shown after the count (e.g. `acc 58.3%`, `run 2/3`). */
  detail(text: string): void {
    this.extra = text;
    this.changed();
  }

  /** One more item done (or `amount`). */
  advance(options: AdvanceOptions = {}): void {
    const amount = options.amount ?? 1;
    this.done += amount;
    if (options.detail !== undefined) this.extra = options.detail;
    if (options.cached) this.cachedItems += 1;
    else {
      this.measuredItems += 1;
      this.measuredAmount += amount;
    }
    this.changed();
  }

  /** Sets how much of the phase is done (bytes written so far, say); each call counts as measured. */
  update(done: number): void {
    this.measuredAmount += done - this.done;
    this.measuredItems += 1;
    this.done = done;
    this.changed();
  }

  /** A line that stays (a warning, a phase's outcome), written above the live line. */
  note(text: string): void {
    if (this.live && this.drawn) this.stream.write("\r\x1b[2K");
    this.writeLine(text);
    if (this.live && this.drawn && !this.finished) this.draw();
  }

  /** Items and seconds so far, and the rate when there is enough data for one. */
  private rate(): number | undefined {
    const elapsedMs = this.now() - this.startedAt;
    if (this.measuredItems < this.etaMinItems || elapsedMs < this.etaMinMs || this.measuredAmount <= 0)
      return undefined;
    return this.measuredAmount / (elapsedMs / 1000);
  }

  private countText(): string | undefined {
    const { total } = this.options;
    if (total === undefined) return undefined;
    const percent = total === 0 ? 100 : Math.floor((100 * Math.min(this.done, total)) / total);
    if (this.options.unit === "bytes")
      return `${formatBytes(this.done)} of ${formatBytes(total)} (${percent}%)`;
    return `${this.done}/${total} ${percent}%`;
  }

  /** The status text: `name 12/40 30% · detail · 3 from the cache · 2.10/s · elapsed 41s · ETA 13s`. */
  status(): string {
    const head = [this.name, this.countText()].filter((part) => part !== undefined && part !== "").join(" ");
    const parts = head === "" ? [] : [head];
    if (this.extra !== "") parts.push(this.extra);
    if (this.cachedItems > 0) parts.push(`${this.cachedItems} from the cache`);
    const rate = this.rate();
    if (rate !== undefined && this.options.rate === true) parts.push(`${rate.toFixed(rate < 10 ? 2 : 1)}/s`);
    const elapsed = (this.now() - this.startedAt) / 1000;
    if (elapsed >= 1) parts.push(`elapsed ${formatDuration(elapsed)}`);
    const { total } = this.options;
    if (rate !== undefined && total !== undefined && this.options.eta !== false && this.done < total)
      parts.push(`ETA ${formatDuration((total - this.done) / rate)}`);
    return parts.join(" · ");
  }

  /** Draws now (live: the line in place; plain: a line). */
  draw(): void {
    if (!this.live) {
      this.writeLine(this.status());
      return;
    }
    const frame = spinnerFrames[this.frame % spinnerFrames.length];
    this.frame += 1;
    const { total } = this.options;
    let bar = "";
    if (total !== undefined) {
      const filled = total === 0 ? barWidth : Math.round((barWidth * Math.min(this.done, total)) / total);
      bar = `${"█".repeat(filled)}${"░".repeat(barWidth - filled)} `;
    }
    const line = `${frame} ${this.label}: ${bar}${this.status()}`;
    // A pseudo-terminal may report 0 columns; assume a common width then.
    const columns = this.stream.columns !== undefined && this.stream.columns > 20 ? this.stream.columns : 120;
    this.stream.write(`\r\x1b[2K${line.slice(0, columns - 1)}`);
    this.lastDrawAt = this.now();
    this.drawn = true;
  }

  /**
   * Ends the progress: stops the timer and clears the live line; `closing` (e.g. the final count)
   * is written as a line that stays, unless the last plain line already said exactly that.
   */
  finish(closing?: string): void {
    this.stopTicker?.();
    this.stopTicker = undefined;
    if (this.live && this.drawn) this.stream.write("\r\x1b[2K");
    this.drawn = false;
    this.finished = true;
    if (closing !== undefined && (this.live || closing !== this.lastLine)) this.writeLine(closing);
  }

  private changed(): void {
    if (this.finished) return;
    const now = this.now();
    if (this.live) {
      if (now - this.lastDrawAt >= liveRedrawMs) this.draw();
    } else if (now - this.lastLineAt >= this.intervalMs) this.draw();
  }

  private tick(): void {
    if (this.finished) return;
    if (this.live) this.draw();
    else if (this.now() - this.lastLineAt >= this.intervalMs) this.draw();
  }

  private startTicker(): void {
    if (this.ticker === false || this.stopTicker !== undefined) return;
    this.stopTicker = this.ticker(this.live ? liveTickMs : plainTickMs, () => this.tick());
  }

  private writeLine(text: string): void {
    this.stream.write(`edgecall: ${this.label}: ${text}\n`);
    this.lastLine = text;
    this.lastLineAt = this.now();
  }
}
