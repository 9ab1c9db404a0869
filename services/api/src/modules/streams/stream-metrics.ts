import { Gauge, Histogram, type Registry } from 'prom-client';

/**
 * What operators watch of the rate streams: how many are open here, and how long after a table was
 * stored its events were written on them (the figure `npm run bench -- --only stream` measures, as production sees it).
 */
export class StreamMetrics {
  private readonly delay: Histogram;

  constructor(registry: Registry, openStreams: () => number) {
    new Gauge({
      name: 'fxrates_streams_open',
      help: 'Rate streams (GET /api/v1/stream) open on this instance',
      registers: [registry],
      collect() {
        this.set(openStreams());
      },
    });
    this.delay = new Histogram({
      name: 'fxrates_stream_event_delay_seconds',
      help: 'From a rates table stored to its event written on a stream, one observation per stream written',
      buckets: [
        0.005, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.1, 0.125, 0.15, 0.2, 0.3, 0.5, 1, 2.5,
      ],
      registers: [registry],
    });
  }

  /** Each stream's delay in ms, counted once the fan-out is over (never between its writes). */
  written(delaysMs: Float64Array): void {
    for (const ms of delaysMs) this.delay.observe(ms / 1000);
  }
}
