import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  header(name: string): string | undefined;
}

export interface SmtpSink {
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** A real SMTP server on loopback (the smtp-server package) that keeps every message it accepts. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          header: (name) => headerOf(raw, name),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
