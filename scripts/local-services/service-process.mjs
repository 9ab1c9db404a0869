import { spawn } from 'node:child_process';

/**
 * Starts a service as a process group of its own, so the Ctrl-C that reaches `npm start`'s group
 * stops the product first and the services only when local-services stops them. Output is prefixed.
 * Returns a stop() that sends SIGTERM and resolves once the process has exited.
 */
export function spawnService(name, command, args, options = {}) {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  const tag = `\x1b[90m${name.padEnd(6)}\x1b[0m│ `;
  const write = (chunk) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) process.stdout.write(`${tag}${line}\n`);
  };
  child.stdout.on('data', write);
  child.stderr.on('data', write);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('error', (error) => write(`✖ ${error.message}`));
  return {
    child,
    exited,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
