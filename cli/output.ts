/**
 * Where `cert` writes: results on stdout (`--json` makes them one JSON document a script parses),
 * progress and messages on stderr. On a terminal the wait shows one line that updates in place; in a
 * CI log every change is a line of its own with the time it took.
 */
export interface Output {
  json: boolean;
  quiet: boolean;
  result(text: string): void;
  resultJson(value: unknown): void;
  info(text: string): void;
  error(text: string): void;
}

export function output(opts: { json: boolean; quiet: boolean }, out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Output {
  return {
    ...opts,
    result: (text) => {
      if (!opts.json) out.write(text.endsWith('\n') ? text : `${text}\n`);
    },
    resultJson: (value) => {
      if (opts.json) out.write(`${JSON.stringify(value, null, 2)}\n`);
    },
    info: (text) => {
      if (!opts.quiet) err.write(`${text}\n`);
    },
    error: (text) => err.write(`cert: ${text}\n`),
  };
}

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** The progress display of `--wait`: the state, how long it has lasted, what the service expects next. */
export class Progress {
  private state = '';
  private since = Date.now();
  private readonly started = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private frame = 0;
  private readonly tty: boolean;

  constructor(
    private readonly err: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr,
    private readonly quiet = false,
  ) {
    this.tty = Boolean(this.err.isTTY) && !quiet;
  }

  update(state: string, detail = ''): void {
    if (this.quiet) return;
    if (state !== this.state) {
      const took = this.state ? ` after ${secs(Date.now() - this.since)}` : '';
      if (this.tty) this.err.write('\r\u001b[2K');
      this.err.write(`  ${state}${detail ? ` · ${detail}` : ''}${took ? ` (${this.state}${took})` : ''}\n`);
      this.state = state;
      this.since = Date.now();
    }
    if (this.tty && !this.timer) {
      this.timer = setInterval(() => this.draw(), 250);
      this.timer.unref();
    }
  }

  private draw(): void {
    this.frame = (this.frame + 1) % SPINNER.length;
    this.err.write(`\r\u001b[2K  ${SPINNER[this.frame]} ${this.state} for ${secs(Date.now() - this.since)} · ${secs(Date.now() - this.started)} in all`);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.tty) this.err.write('\r\u001b[2K');
  }
}

const secs = (ms: number): string => (ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);
