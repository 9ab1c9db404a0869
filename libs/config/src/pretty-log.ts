import type { DestinationStream } from 'pino';
import type { PrettyOptions } from 'pino-pretty';

type Prettify = (line: string) => string;

/**
 * pino-pretty's formatter, or undefined where the package is absent. It is a development dependency
 * (root package.json): the backend image installs only the production dependencies of the backend
 * workspaces, and there LOG_FORMAT is `json`, so this is never called; asked for anyway, the logger
 * falls back to JSON rather than failing to start.
 */
function loadPrettyFactory(): ((options: PrettyOptions) => Prettify) | undefined {
  try {
    // Resolved only when asked for, never at import: production must not need the package.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('pino-pretty') as typeof import('pino-pretty')).prettyFactory as (
      options: PrettyOptions,
    ) => Prettify;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

/**
 * A pino destination writing each entry as one readable line (time, level, name, message, then the
 * fields) to `out`. Synchronous, as pino's own stdout destination is: a line logged just before
 * process.exit is not lost, and no worker thread runs beside the process (pino's transports do).
 */
export function prettyDestination(out: DestinationStream, colorize: boolean): DestinationStream | undefined {
  const factory = loadPrettyFactory();
  if (!factory) return undefined;
  const prettify = factory({ colorize, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  return { write: (line: string) => out.write(prettify(line)) };
}
