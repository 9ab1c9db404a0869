import type { BullMQOtel } from 'bullmq-otel';
import type { Tracing, TracingConfig } from './tracing-config';

export type { TracingConfig } from './tracing-config';

let running: Tracing | undefined;

/**
 * Starts OpenTelemetry tracing (HTTP, Fastify, pg, ioredis; BullMQ through `bullTelemetry()`) when
 * configured. Call it before loading anything it traces: the instrumentations patch modules as they
 * are first required. Off, it loads nothing: the SDK is imported only here, and only when on.
 */
export async function startTracing(config: TracingConfig | undefined, service: string): Promise<void> {
  if (!config || running) return;
  const { startTracingSdk } = await import('./tracing-sdk');
  running = startTracingSdk(config, service);
}

/** BullMQ's `telemetry` option while tracing runs (undefined otherwise: BullMQ then traces nothing). */
export function bullTelemetry(): BullMQOtel | undefined {
  return running?.bullmq;
}

/** Sends the spans still buffered (a stopping process). */
export async function stopTracing(): Promise<void> {
  await running?.shutdown();
}
