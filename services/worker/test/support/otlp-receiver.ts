import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as a collector sees it: who sent it, which instrumentation made it, and its place in a trace. */
export interface ReceivedSpan {
  service: string;
  scope: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  /** 1 internal, 2 server, 3 client, 4 producer, 5 consumer (OTLP's SpanKind). */
  kind: number;
}

/** A loopback OTLP/HTTP collector: POST /v1/traces in protobuf or JSON, answered as a collector does. */
export interface OtlpReceiver {
  url: string;
  spans: ReceivedSpan[];
  /** Content types of the export requests, in order. */
  encodings: string[];
  close(): Promise<void>;
}

// Protobuf wire format, as far as the trace export request needs it (field numbers from
// opentelemetry/proto/collector/trace/v1 and trace/v1, common/v1, resource/v1).
type Field = { number: number; value: Buffer | bigint };

function varint(buffer: Buffer, at: number): [bigint, number] {
  let result = 0n;
  let shift = 0n;
  for (;;) {
    const byte = buffer[at++];
    result |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return [result, at];
    shift += 7n;
  }
}

function fields(buffer: Buffer): Field[] {
  const out: Field[] = [];
  let at = 0;
  while (at < buffer.length) {
    const [key, next] = varint(buffer, at);
    at = next;
    const number = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (wire === 0) {
      const [value, after] = varint(buffer, at);
      out.push({ number, value });
      at = after;
    } else if (wire === 2) {
      const [length, after] = varint(buffer, at);
      out.push({ number, value: buffer.subarray(after, after + Number(length)) });
      at = after + Number(length);
    } else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4;
      out.push({ number, value: buffer.subarray(at, at + size) });
      at += size;
    } else {
      throw new Error(`unexpected protobuf wire type ${wire}`);
    }
  }
  return out;
}

const bytes = (list: Field[], number: number) =>
  list.filter((f) => f.number === number).map((f) => f.value as Buffer);
const text = (list: Field[], number: number) => bytes(list, number)[0]?.toString('utf8') ?? '';
const hex = (list: Field[], number: number) => bytes(list, number)[0]?.toString('hex') ?? '';

function serviceOf(resource: Buffer | undefined): string {
  for (const attribute of bytes(fields(resource ?? Buffer.alloc(0)), 1).map(fields)) {
    if (text(attribute, 1) === 'service.name') return text(fields(bytes(attribute, 2)[0]), 1);
  }
  return '';
}

function decodeProtobuf(body: Buffer): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of bytes(fields(body), 1).map(fields)) {
    const service = serviceOf(bytes(resourceSpans, 1)[0]);
    for (const scopeSpans of bytes(resourceSpans, 2).map(fields)) {
      const scope = text(fields(bytes(scopeSpans, 1)[0] ?? Buffer.alloc(0)), 1);
      for (const span of bytes(scopeSpans, 2).map(fields)) {
        const kind = span.find((f) => f.number === 6)?.value;
        spans.push({
          service,
          scope,
          name: text(span, 5),
          traceId: hex(span, 1),
          spanId: hex(span, 2),
          parentSpanId: hex(span, 4),
          kind: typeof kind === 'bigint' ? Number(kind) : 0,
        });
      }
    }
  }
  return spans;
}

interface JsonExport {
  resourceSpans: Array<{
    resource?: { attributes?: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans: Array<{
      scope?: { name: string };
      spans: Array<{ name: string; traceId: string; spanId: string; parentSpanId?: string; kind: number }>;
    }>;
  }>;
}

function decodeJson(body: Buffer): ReceivedSpan[] {
  const request = JSON.parse(body.toString('utf8')) as JsonExport;
  return request.resourceSpans.flatMap((resourceSpans) => {
    const service =
      resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
    return resourceSpans.scopeSpans.flatMap((scopeSpans) =>
      scopeSpans.spans.map((span) => ({
        service,
        scope: scopeSpans.scope?.name ?? '',
        name: span.name,
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        kind: span.kind,
      })),
    );
  });
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const encodings: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const type = request.headers['content-type'] ?? '';
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      encodings.push(type);
      const body = Buffer.concat(chunks);
      if (type.startsWith('application/x-protobuf')) {
        spans.push(...decodeProtobuf(body));
        // An empty ExportTraceServiceResponse: full success.
        response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      } else if (type.startsWith('application/json')) {
        spans.push(...decodeJson(body));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        response.writeHead(415).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    encodings,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
