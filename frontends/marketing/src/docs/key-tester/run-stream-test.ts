import { API_TIMEOUT_MS } from '@fxrates/domain';
import { createParser } from 'eventsource-parser';
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { noResponseOutcome, outcomeOf, type TestOutcome } from './test-outcome';

/** One thing the stream sent, as the tester lists it: an event, or a comment (the heartbeat). */
export interface StreamItem {
  /** Its place in the stream, from 1. */
  seq: number;
  /** The event's name (`snapshot`, `rate`, `error`), or `comment`. */
  kind: string;
  id?: string;
  /** The data, re-indented digit for digit when it is JSON; a comment's text. */
  text: string;
}

export interface StreamTestHandlers {
  /** The stream is open: its items follow. */
  onOpen(status: number): void;
  onItem(item: StreamItem): void;
}

/** JSON re-indented without ever becoming a double (as the tester shows any answer). */
function shown(data: string): string {
  try {
    return stringifyLossless(parseLossless(data), null, 2) ?? data;
  } catch {
    return data;
  }
}

/**
 * Opens the rate stream with the key, as a developer's code would (fetch: an EventSource cannot send
 * X-API-Key), and reads it until `signal` aborts or the server ends it. A refusal (403, 429, …) comes
 * back as the outcome to show, like any other call; an open stream resolves with null once it ends.
 */
export async function runStreamTest(
  url: string,
  apiKey: string,
  signal: AbortSignal,
  handlers: StreamTestHandlers,
): Promise<TestOutcome | null> {
  // The timeout is for the answer's head only: the stream itself stays open until stopped.
  const opening = new AbortController();
  const timer = setTimeout(() => opening.abort(), API_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'X-API-Key': apiKey, Accept: 'text/event-stream' },
      credentials: 'omit',
      signal: AbortSignal.any([signal, opening.signal]),
    });
  } catch {
    return signal.aborted ? null : noResponseOutcome();
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok || !response.body) return outcomeOf(response.status, await response.text());
  handlers.onOpen(response.status);
  let seq = 0;
  const parser = createParser({
    onEvent: (message) =>
      handlers.onItem({
        seq: ++seq,
        kind: message.event ?? 'message',
        id: message.id,
        text: shown(message.data),
      }),
    onComment: (comment) => handlers.onItem({ seq: ++seq, kind: 'comment', text: comment.trim() }),
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } catch {
    // Stopped (the signal) or cut: what came is shown, the panel says the stream ended.
  }
  return null;
}
