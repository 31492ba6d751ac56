/**
 * The spinner `chat` shows on a terminal while the model works: one line, redrawn in place
 * (`⠋ thinking… 2 s · Ctrl-C stops`) and erased before anything else is written. Off a terminal
 * nothing is drawn, so piped output stays a plain transcript.
 */

const frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/** A spinner on one terminal line. */
export class WorkSpinner {
  private timer: NodeJS.Timeout | undefined;
  private frame = 0;
  private shown = false;
  private startedAt = 0;
  private label = "";

  /**
   * `enabled`: draw at all (true on a terminal); `intervalMs`: time between frames.
   */
  constructor(
    private readonly output: NodeJS.WritableStream,
    private readonly enabled: boolean,
    private readonly intervalMs = 100,
  ) {}

  /** Shows the spinner with `label` (drawn at once, then redrawn each interval) until {@link stop}. */
  start(label: string): void {
    if (!this.enabled) return;
    this.label = label;
    if (this.timer !== undefined) return;
    this.startedAt = performance.now();
    this.draw();
    this.timer = setInterval(() => this.draw(), this.intervalMs);
    this.timer.unref?.();
  }

  /** Erases the spinner's line and stops redrawing it; nothing happens when it is not shown. */
  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    if (this.shown) this.output.write("\r\u001b[K");
    this.shown = false;
  }

  private draw(): void {
    const seconds = Math.floor((performance.now() - this.startedAt) / 1000);
    const glyph = frames[this.frame % frames.length];
    this.frame += 1;
    this.output.write(`\r${glyph} ${this.label}… ${seconds} s · Ctrl-C stops\u001b[K`);
    this.shown = true;
  }
}
