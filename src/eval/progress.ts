/**
 * Eval progress on stderr. On a terminal: one live line redrawn in place (plain ANSI: carriage
 * return and erase-line), with a bar, done/total, accuracy so far, rate and ETA. Elsewhere (CI,
 * pipes): a plain line every `intervalMs` (default 10 s) and one at the end.
 */
import { percentOf } from "../text/percent.js";

/** Where progress goes: a writable stream that may be a terminal. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Options of {@link EvalProgress}. */
export interface ProgressOptions {
  total: number;
  /** Results already in the store (a resumed run). */
  done?: number;
  passed?: number;
  stream?: ProgressStream;
  /** Force the live bar on or off (default: the stream is a TTY). */
  live?: boolean;
  /** Plain mode: least time between lines. Live mode redraws at most every 100 ms. */
  intervalMs?: number;
  /** Injected clock (tests). */
  now?: () => number;
}

/** Formats seconds as `1h02m`, `3m07s` or `12s`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "?";
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours}h${String(minutes).padStart(2, "0")}m`;
  if (minutes > 0) return `${minutes}m${String(rest).padStart(2, "0")}s`;
  return `${rest}s`;
}

/** Tracks and draws progress. */
export class EvalProgress {
  private readonly total: number;
  private done: number;
  private passed: number;
  private doneThisSession = 0;
  private readonly stream: ProgressStream;
  private readonly live: boolean;
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly startedAt: number;
  private lastDrawAt = Number.NEGATIVE_INFINITY;
  private lastDrawnDone = -1;
  private drawn = false;

  constructor(options: ProgressOptions) {
    this.total = options.total;
    this.done = options.done ?? 0;
    this.passed = options.passed ?? 0;
    this.stream = options.stream ?? process.stderr;
    this.live = options.live ?? this.stream.isTTY === true;
    this.intervalMs = options.intervalMs ?? (this.live ? 100 : 10_000);
    this.now = options.now ?? (() => performance.now());
    this.startedAt = this.now();
  }

  /** Records one finished attempt and redraws when due. */
  record(passed: boolean): void {
    this.done += 1;
    this.doneThisSession += 1;
    if (passed) this.passed += 1;
    if (this.now() - this.lastDrawAt >= this.intervalMs || this.done === this.total) this.draw();
  }

  /** The status text (without bar): `12/40 30% · acc 58.3% · 2.1/s · ETA 13s`. */
  status(): string {
    const elapsed = (this.now() - this.startedAt) / 1000;
    const rate = elapsed > 0 ? this.doneThisSession / elapsed : 0;
    const remaining = this.total - this.done;
    const percent = this.total === 0 ? 100 : Math.floor((100 * this.done) / this.total);
    const accuracy = this.done === 0 ? "-" : percentOf(this.passed, this.done);
    const eta = rate > 0 ? formatDuration(remaining / rate) : "?";
    return `${this.done}/${this.total} ${percent}% · acc ${accuracy} · ${rate.toFixed(rate < 10 ? 2 : 1)}/s · ETA ${eta}`;
  }

  /** Draws now. */
  draw(): void {
    this.lastDrawAt = this.now();
    this.lastDrawnDone = this.done;
    if (this.live) {
      const width = 24;
      const filled = this.total === 0 ? width : Math.round((width * this.done) / this.total);
      const bar = `${"█".repeat(filled)}${"░".repeat(width - filled)}`;
      const line = `${bar} ${this.status()}`;
      // A pseudo-terminal may report 0 columns; assume a common width then.
      const columns =
        this.stream.columns !== undefined && this.stream.columns > 20 ? this.stream.columns : 120;
      this.stream.write(`\r\x1b[2K${line.slice(0, columns - 1)}`);
      this.drawn = true;
    } else {
      this.stream.write(`edgecall: eval: ${this.status()}\n`);
    }
  }

  /** Final draw; ends the live line. */
  finish(): void {
    if (this.live) {
      if (this.doneThisSession > 0 || this.drawn) {
        if (this.lastDrawnDone !== this.done) this.draw();
        this.stream.write("\n");
      }
    } else if (this.doneThisSession > 0 && this.lastDrawnDone !== this.done) this.draw();
  }
}
