import type { IncomingHttpHeaders } from 'node:http';
import type { HttpAnswer } from '../../common/http';
import { Representation } from '../public-api';

/** How long a failure to make the answer (Redis away) is remembered before the next call tries again. */
const FAILURE_KEPT_MS = 1000;

interface Made {
  /** The window the answer was made for (its start in epoch ms), and the version of what it is made from. */
  start: number;
  version: string;
  answer: Promise<Representation>;
  /** Until when it is given out: the window's end, or a second after a failure. */
  until: number;
}

/**
 * An answer made once per time window and shared by every call in it, however many: the window's
 * start is the answer's clock, so every API instance makes the same body (and ETag) from the same
 * stored state. A 200 may be reused until the window ends (Cache-Control), and an If-None-Match
 * naming it is answered 304. Calls while it is being made wait for that one making.
 */
export class WindowedAnswer {
  private made?: Made;

  /**
   * `version` names the state the answer is made from besides the stores read by `make` (the rates
   * table): when it changes, the answer is made again within the window.
   */
  constructor(
    private readonly windowMs: number,
    private readonly make: (at: number) => Promise<string>,
    private readonly version: () => string = () => '',
  ) {}

  async answer(request: IncomingHttpHeaders, now: number): Promise<HttpAnswer> {
    const start = Math.floor(now / this.windowMs) * this.windowMs;
    const end = start + this.windowMs;
    const version = this.version();
    let made = this.made;
    if (made === undefined || made.start !== start || made.version !== version || now >= made.until) {
      const answer = this.make(start).then(
        (body) => new Representation(body, `public, max-age=${this.windowMs / 1000}`, 'Accept-Encoding'),
      );
      made = { start, version, answer, until: end };
      const kept = made;
      this.made = kept;
      answer.catch(() => {
        kept.until = Math.min(end, Date.now() + FAILURE_KEPT_MS);
      });
    }
    const representation = await made.answer;
    const headers: Record<string, string> = {};
    const answered = representation.answer(request, headers);
    // Reusable only for what is left of the window: the next one may differ.
    headers['cache-control'] = `public, max-age=${Math.max(1, Math.ceil((end - now) / 1000))}`;
    return answered;
  }
}
