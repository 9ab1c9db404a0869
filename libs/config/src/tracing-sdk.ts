import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter as OTLPJsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { BullMQOtel } from 'bullmq-otel';
import type { Tracing, TracingConfig } from './tracing-config';

/**
 * The OpenTelemetry SDK, loaded by startTracing only when tracing is on: a tracer provider batching
 * spans to the OTLP/HTTP exporter (sampler and batch settings from the standard OTEL_* variables),
 * registered globally with the instrumentations of what the API and the worker use.
 */
export function startTracingSdk(config: TracingConfig, service: string): Tracing {
  const exporter =
    config.encoding === 'json'
      ? new OTLPJsonTraceExporter({ url: config.tracesUrl })
      : new OTLPTraceExporter({ url: config.tracesUrl });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName ?? service }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation(),
      // Adds itself to every Fastify instance as it is created (Fastify's initialization channel).
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  return { bullmq: new BullMQOtel({ tracerName: service }), shutdown: () => provider.shutdown() };
}
