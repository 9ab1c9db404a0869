import { createSocket as createUdpSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A DNS server on loopback (UDP, the real wire format) answering A queries from a table of names
 * (`receiver.test` → 127.0.0.1) and nothing else: what the worker's resolver is pointed at
 * (WEBHOOKS_DNS_SERVERS) so a test can make a public-looking name resolve to a refused address.
 */
export class DnsStandIn {
  readonly asked: string[] = [];

  private constructor(
    private readonly socket: ReturnType<typeof createUdpSocket>,
    readonly port: number,
    private readonly names: ReadonlyMap<string, string>,
  ) {}

  static async start(names: Record<string, string>): Promise<DnsStandIn> {
    const socket = createUdpSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const standIn = new DnsStandIn(
      socket,
      (socket.address() as AddressInfo).port,
      new Map(Object.entries(names).map(([name, address]) => [name.toLowerCase(), address])),
    );
    socket.on('message', (message, from) => {
      const answer = standIn.answer(message);
      if (answer) socket.send(answer, from.port, from.address);
    });
    return standIn;
  }

  /** `127.0.0.1:<port>`, for WEBHOOKS_DNS_SERVERS. */
  get server(): string {
    return `127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.socket.close(() => resolve()));
  }

  private answer(query: Buffer): Buffer | undefined {
    if (query.length < 12) return undefined;
    let offset = 12;
    const labels: string[] = [];
    while (offset < query.length && query[offset] !== 0) {
      const length = query[offset];
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
      offset += length + 1;
    }
    const questionEnd = offset + 5; // the root label, QTYPE, QCLASS
    if (questionEnd > query.length) return undefined;
    const qtype = query.readUInt16BE(offset + 1);
    const name = labels.join('.').toLowerCase();
    this.asked.push(`${name}/${qtype}`);
    const address = this.names.get(name);
    const known = address !== undefined;
    const answers = address !== undefined && qtype === 1 ? 1 : 0;
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0); // id
    header.writeUInt16BE(0x8180 | (known ? 0 : 3), 2); // response, recursion available; NXDOMAIN if unknown
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers, 6);
    const question = query.subarray(12, questionEnd);
    if (!answers || address === undefined) return Buffer.concat([header, question]);
    const record = Buffer.alloc(16);
    record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    record.writeUInt16BE(1, 2); // A
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(4, 10);
    address.split('.').forEach((part, i) => record.writeUInt8(Number(part), 12 + i));
    return Buffer.concat([header, question, record]);
  }
}
