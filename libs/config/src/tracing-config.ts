import type { BullMQOtel } from 'bullmq-otel';

/** OpenTelemetry tracing of one process (AppConfig.tracing, from the OTEL_* variables). */
export interface TracingConfig {
  /** OTLP/HTTP traces URL. */
  tracesUrl: string;
  /** OTEL_EXPORTER_OTLP_PROTOCOL: http/protobuf (the default) or http/json. */
  encoding: 'protobuf' | 'json';
  /** service.name of the spans; each process has its own default. */
  serviceName?: string;
}

/** The running SDK: BullMQ's telemetry for Queue and Worker options, and a flush for shutdown. */
export interface Tracing {
  bullmq: BullMQOtel;
  shutdown(): Promise<void>;
}
