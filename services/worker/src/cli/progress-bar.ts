const WIDTH = 30;
const REDRAW_MS = 100;

/**
 * A one-line progress bar on a terminal ("[██████░░░░] 62%  4,312 days  2009-05-07"); elsewhere
 * (CI, logs) one line per tenth of the way, so the output stays readable.
 */
export class ProgressBar {
  private lastDraw = 0;
  private lastTenth = -1;

  constructor(private readonly out: NodeJS.WriteStream = process.stderr) {}

  update(fraction: number | null, detail: string, force = false): void {
    const now = Date.now();
    if (this.out.isTTY) {
      if (!force && now - this.lastDraw < REDRAW_MS) return;
      this.lastDraw = now;
      this.out.write(`\r${this.render(fraction)} ${detail}\u001b[K`);
      return;
    }
    const tenth = fraction === null ? -1 : Math.floor(fraction * 10);
    if (force || tenth > this.lastTenth) {
      this.lastTenth = tenth;
      this.out.write(`${this.render(fraction)} ${detail}\n`);
    }
  }

  done(): void {
    if (this.out.isTTY) this.out.write('\n');
  }

  private render(fraction: number | null): string {
    if (fraction === null) return '[…]';
    const clamped = Math.min(1, Math.max(0, fraction));
    const filled = Math.round(clamped * WIDTH);
    return `[${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}] ${String(Math.floor(clamped * 100)).padStart(3)}%`;
  }
}
