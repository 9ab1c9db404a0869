import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface RunningCommand {
  child: ChildProcess;
  /** Everything written so far, stdout and stderr interleaved. */
  output: () => string;
}

/**
 * Starts a command in a process group of its own (the command and everything it starts), so that the
 * test can tell whether stopping it leaves anything behind.
 */
export function startGroup(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
) {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let written = '';
  child.stdout!.on('data', (chunk: Buffer) => (written += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (written += chunk.toString()));
  return { child, output: () => written } satisfies RunningCommand;
}

/** Whether any process of the group is still alive. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls until `check` holds, failing with the command's output if the command exits or time runs out. */
export async function waitUntil(
  running: RunningCommand,
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 240_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    if (running.child.exitCode !== null) {
      throw new Error(`exited (${running.child.exitCode}) before ${what}:\n${running.output().slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not ${what} in ${timeoutMs / 1000} s:\n${running.output().slice(-4000)}`);
}

/** Whether GET url answers 2xx. */
export async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * Sends `signal` to the command alone (as a terminal's Ctrl-C reaches the foreground job's leader
 * through npm) and waits for it to exit; then the whole group must be gone. Returns the exit.
 */
export async function stopCommand(
  running: RunningCommand,
  signal: NodeJS.Signals,
  target: 'leader' | 'group' = 'leader',
): Promise<{ code: number | null; signal: NodeJS.Signals | null; orphans: boolean }> {
  const pgid = running.child.pid!;
  const exited = once(running.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  if (running.child.exitCode === null) process.kill(target === 'group' ? -pgid : pgid, signal);
  const [code, exitSignal] = running.child.exitCode === null ? await exited : [running.child.exitCode, null];
  // Children end after their parent has seen them end, or within a moment of it.
  for (let tries = 0; tries < 40 && groupAlive(pgid); tries++) await new Promise((r) => setTimeout(r, 250));
  const orphans = groupAlive(pgid);
  if (orphans) process.kill(-pgid, 'SIGKILL');
  return { code, signal: exitSignal, orphans };
}
