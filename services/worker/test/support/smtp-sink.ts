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
  /**
   * Holds every message whose DATA has arrived without answering it (no 250 yet), as a slow server
   * would. A held message whose client hangs up is not delivered, as SMTP requires.
   */
  hold(): void;
  /** Answers every held message (and stops holding): delivered if its client is still connected. */
  release(): void;
  /** Messages held now. */
  held(): number;
  /** Held messages whose client has hung up (a killed sender): the sink has seen the connection close. */
  heldFromHungUpClients(): number;
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
  const hangUps = new Set<string>();
  let holding = false;
  let held: Array<{ session: string; answer: () => void }> = [];
  const release = () => {
    holding = false;
    const answers = held;
    held = [];
    for (const { answer } of answers) answer();
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const answer = () => {
          if (hangUps.has(session.id)) return callback(new Error('client hung up before the reply'));
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            header: (name) => headerOf(raw, name),
          });
          callback();
        };
        if (holding) held.push({ session: session.id, answer });
        else answer();
      });
    },
    onClose(session) {
      hangUps.add(session.id);
    },
  });
  // A client that drops mid-message (a SIGKILLed worker) resets its socket; smtp-server reports that
  // as an 'error' event, which is the sender's failure and no reason for the sink to crash its test.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    hold: () => {
      holding = true;
    },
    release,
    held: () => held.length,
    heldFromHungUpClients: () => held.filter(({ session }) => hangUps.has(session)).length,
    close: () => {
      release();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
