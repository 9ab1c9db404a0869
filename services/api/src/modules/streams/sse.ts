/**
 * Server-Sent Events framing (WHATWG HTML §9.2). Data here is always one line of JSON, so one
 * `data:` field per event; an `id:` sets the client's last event id (sent back as Last-Event-ID).
 */
export function sseEvent(event: string, data: string, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`;
}

/** A comment line: ignored by clients, but it keeps proxies from timing the connection out. */
export const HEARTBEAT = Buffer.from(': heartbeat\n\n');

/** How long a client waits before reconnecting (the `retry:` field), in ms. */
export const RECONNECT_AFTER_MS = 2000;

export const SSE_MEDIA_TYPE = 'text/event-stream';
