import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Every container this check starts carries this label, so that one command removes them all. */
export const RUN_LABEL = 'fxrates-images-check';

/**
 * podman with the runtime and limits this machine needs (crun refuses its hybrid cgroups; runc
 * without explicit limits inherits the host's, too high for nginx's and Node's defaults).
 */
export async function podman(args: string[], { timeoutMs = 120_000 } = {}): Promise<string> {
  try {
    const { stdout } = await run('podman', ['--runtime', 'runc', ...args], {
      maxBuffer: 64 * 1024 * 1024,
      timeout: timeoutMs,
    });
    return stdout.trim();
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`podman ${args.join(' ')} failed: ${stderr || stdout || (error as Error).message}`);
  }
}

export const LIMITS = ['--ulimit', 'nofile=1024:1024', '--ulimit', 'nproc=1024:1024'];

export interface ContainerState {
  Status: string;
  Running: boolean;
  ExitCode: number;
}

export async function stateOf(name: string): Promise<ContainerState> {
  return JSON.parse(await podman(['inspect', '--format', '{{json .State}}', name])) as ContainerState;
}

/** The container's output so far (for the message of a failed check). */
export async function logsOf(name: string, tail = 60): Promise<string> {
  try {
    const { stdout, stderr } = await run('podman', ['logs', '--tail', String(tail), name], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return `${stdout}${stderr}`;
  } catch (error) {
    return `(no logs: ${(error as Error).message})`;
  }
}

/** Removes every container of this check, running or not. */
export async function removeAll(): Promise<void> {
  const ids = await podman(['ps', '-aq', '--filter', `label=${RUN_LABEL}`]);
  if (ids) await podman(['rm', '-f', '-t', '0', ...ids.split(/\s+/)]);
}
