import { ContactMessage } from '@fxrates/db';
import type { GivenDatabase } from './database';

export interface GivenContactMessageOptions {
  name?: string;
  subject?: string;
  message?: string;
  emailedAt?: Date | null;
  createdAt?: Date;
}

export interface GivenContactMessage {
  id: string;
  email: string;
  subject: string;
}

/** A contact-form message from `email` as the API stores one, not emailed yet unless told otherwise. */
export async function givenContactMessage(
  db: GivenDatabase,
  email: string,
  options: GivenContactMessageOptions = {},
): Promise<GivenContactMessage> {
  const subject = options.subject ?? 'A question';
  const em = db.em.fork();
  const row = em.create(ContactMessage, {
    name: options.name ?? 'Ada Lovelace',
    email,
    subject,
    message: options.message ?? 'Could you tell me more?',
    emailedAt: options.emailedAt ?? null,
    createdAt: options.createdAt ?? new Date(),
  });
  await em.flush();
  return { id: row.id, email, subject };
}
