/**
 * Whether an error is a client hanging up before its request was read whole: Node's IncomingMessage
 * fails the body with `Error: aborted` (code ECONNRESET, no syscall). A socket error of a connection
 * of ours, to PostgreSQL or Redis, says `read ECONNRESET` with a syscall instead.
 */
export function isClientAbort(error: unknown): boolean {
  const { code, message, syscall } = (error ?? {}) as {
    code?: unknown;
    message?: unknown;
    syscall?: unknown;
  };
  return code === 'ECONNRESET' && message === 'aborted' && syscall === undefined;
}
