// Progress of a long run on stderr. On a terminal, simulate draws a bar; `--progress` prints plain
// lines instead, wherever stderr goes (a log file, a test waiting for the run to be under way).
// Lines are printed only from inside withCancellation, so once one is out, Ctrl-C is handled.

/** Lines at most this often, after the first. */
const EVERY_MS = 1000;

export class ProgressLines {
  private last = -Infinity;
  private readonly started = Date.now();

  /**
   * `unit` names what is counted ("games", "samples"); `total` is how many there will be; `from`,
   * how many were done before (a resumed run's), which the rate leaves out.
   */
  constructor(private readonly unit: string, private readonly total: number, private readonly from = 0) {}

  /** A line saying what has begun. */
  begin(what: string): void {
    this.print(what);
  }

  /** `done` of the total are finished; printed at once the first time, then at most once a second. */
  update(done: number): void {
    const now = Date.now();
    if (now - this.last < EVERY_MS && done < this.total) return;
    this.last = now;
    const seconds = Math.max(0.001, (now - this.started) / 1000);
    const rate = (done - this.from) / seconds;
    this.print(`${done.toLocaleString('en-US')} of ${this.total.toLocaleString('en-US')} ${this.unit}, ${formatRate(rate)} ${this.unit}/s`);
  }

  private print(text: string): void {
    process.stderr.write(`cluedo: progress: ${text}\n`);
  }
}

function formatRate(rate: number): string {
  return rate >= 100 ? Math.round(rate).toLocaleString('en-US') : rate.toFixed(1);
}
