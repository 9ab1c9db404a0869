import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import { logContextFields } from './log-context';
import { prettyDestination } from './pretty-log';

/** Headers and fields that must never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-session-token"]',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.sessionToken',
  '*.accessToken',
  '*.refreshToken',
  '*.passwordHash',
  '*.confirmPassword',
];

export type LogFormat = 'json' | 'pretty';

export interface LoggerOptions {
  /** Each line also carries the fields of the `withLogContext` it is written in (the worker's jobs); the API leaves it off, its hot path writing lines without that extra call. */
  logContext?: boolean;
  /** `pretty` (development's default): one readable line per entry. */
  format?: LogFormat;
}

/**
 * Log lines to stdout, or to `destination` (tests read what would have been logged): JSON lines, or
 * with `pretty` one readable line per entry. Where pino-pretty is not installed `pretty` falls back
 * to JSON, saying so once.
 */
export function createLogger(
  level: string,
  name: string,
  destination?: DestinationStream,
  { logContext = false, format = 'json' }: LoggerOptions = {},
): Logger {
  const options = {
    level,
    name,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(logContext ? { mixin: logContextFields } : {}),
  };
  const json = () => (destination ? pino(options, destination) : pino(options));
  if (format === 'json') return json();
  // Colours only on a terminal (or FORCE_COLOR): a file or a test reads plain text.
  const pretty = prettyDestination(
    destination ?? pino.destination(1),
    destination ? false : colorSupported(),
  );
  if (pretty) return pino(options, pretty);
  const logger = json();
  logger.warn('LOG_FORMAT=pretty, but pino-pretty (a development dependency) is not installed: logging JSON');
  return logger;
}

function colorSupported(): boolean {
  return Boolean(process.stdout.isTTY) || Boolean(process.env.FORCE_COLOR && process.env.FORCE_COLOR !== '0');
}

/** Nest's logger interface over pino, so framework and application logs are the same JSON. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.write('info', message, context);
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.write('error', message, context, trace);
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('trace', message, context);
  }
  fatal(message: unknown, context?: string): void {
    this.write('fatal', message, context);
  }

  private write(level: pino.Level, message: unknown, context?: string, trace?: string): void {
    if (message !== null && typeof message === 'object' && !(message instanceof Error)) {
      this.logger[level]({ context, ...(message as object), ...(trace ? { trace } : {}) });
    } else if (message instanceof Error) {
      this.logger[level]({ context, err: message });
    } else {
      this.logger[level]({ context, ...(trace ? { trace } : {}) }, String(message));
    }
  }
}
