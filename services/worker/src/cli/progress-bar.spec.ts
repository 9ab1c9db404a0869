import { createProgressBar, type ProgressOutput } from './progress-bar';

/** What a bar writes, as a pipe (CI log) or a terminal would receive it. */
function collector(isTTY: boolean): ProgressOutput & { text: () => string } {
  const chunks: string[] = [];
  return { isTTY, write: (chunk: string) => chunks.push(chunk), text: () => chunks.join('') };
}

describe('createProgressBar (cli-progress, shared by rates:backfill and reconcile)', () => {
  afterEach(() => jest.useRealTimers());

  it('writes a line at the start and the end in a log, none per update in between', () => {
    const log = collector(false);
    const bar = createProgressBar(log);
    bar.start(4, 0, { detail: '0/4' });
    for (let done = 1; done <= 4; done++) bar.update(done, { detail: `${done}/4  I-${done} applied` });
    bar.stop();
    expect(log.text()).toBe(`[${'░'.repeat(30)}]   0% 0/4\n[${'█'.repeat(30)}] 100% 4/4  I-4 applied\n`);
  });

  it('writes a line every 5 seconds in a log while the run goes on', () => {
    jest.useFakeTimers();
    const log = collector(false);
    const bar = createProgressBar(log);
    bar.start(10, 0, { detail: '' });
    bar.update(3, { detail: '3 of 10' });
    jest.advanceTimersByTime(5_000);
    bar.update(6, { detail: '6 of 10' });
    jest.advanceTimersByTime(5_000);
    bar.stop();
    expect(log.text().split('\n').filter(Boolean)).toEqual([
      `[${'░'.repeat(30)}]   0% `,
      `[${'█'.repeat(9)}${'░'.repeat(21)}]  30% 3 of 10`,
      `[${'█'.repeat(18)}${'░'.repeat(12)}]  60% 6 of 10`,
      `[${'█'.repeat(18)}${'░'.repeat(12)}]  60% 6 of 10`,
    ]);
  });

  it('shows […] and the detail until the total is known', () => {
    const log = collector(false);
    const bar = createProgressBar(log);
    bar.start(0, 0, { detail: '0 days  ' });
    bar.update(0, { detail: '12 days  1999-01-19' });
    bar.stop();
    expect(log.text()).toBe('[…] 0 days  \n[…] 12 days  1999-01-19\n');
  });

  it('redraws one line in place on a terminal and ends it with a newline', () => {
    const terminal = collector(true);
    const bar = createProgressBar(terminal);
    bar.start(2, 0, { detail: 'a' });
    bar.update(2, { detail: 'b' });
    bar.stop();
    const text = terminal.text();
    expect(text).not.toMatch(/\n.*\n/); // one line, drawn over
    expect(text).toContain(`[${'█'.repeat(30)}] 100% b`);
    expect(text.endsWith('\n')).toBe(true);
    expect(text).toContain('\x1b[?25l'); // cursor hidden while drawing…
    expect(text).toContain('\x1b[?25h'); // …and shown again
  });
});
