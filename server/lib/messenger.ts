import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Mail and SMS adapters (DESIGN.md "Running it"). Every message is written to the outbox table in
 * the caller's transaction and printed on the server console, so codes can be read in development.
 * With SMTP_URL set, e-mail is also sent through nodemailer once the row is written; an SMS provider
 * is not wired yet (messages stay in the outbox and on the console).
 */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  body: string;
  /** The affiliate's e-mail, printed on the console line (not sent) so a developer can find it. */
  account?: string;
}

export interface Messenger {
  queue: (db: Kysely<DB>, message: OutgoingMessage) => Promise<void>;
}

type SendMail = (m: { to: string; subject: string; text: string }) => Promise<unknown>;

export function createMessenger(options: { smtpUrl?: string; from?: string; print?: (line: string) => void } = {}): Messenger {
  const print = options.print ?? ((line) => console.log(line));
  let sendMail: Promise<SendMail> | null = null;
  if (options.smtpUrl) {
    const url = options.smtpUrl;
    sendMail = import('nodemailer').then((nm) => {
      const transport = nm.createTransport(url);
      return (m) => transport.sendMail({ from: options.from ?? 'no-reply@localhost', ...m });
    });
  }
  return {
    async queue(db, message) {
      const row = await db
        .insertInto('outbox_messages')
        .values({ channel: message.channel, recipient: message.recipient, subject: message.subject ?? '', body: message.body, sent_at: null, error: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      print(`[outbox] ${message.channel} to ${message.recipient}${message.account && message.account !== message.recipient ? ` (${message.account})` : ''}: ${message.subject ? `${message.subject} | ` : ''}${message.body}`);
      if (message.channel === 'email' && sendMail) {
        // After the caller's transaction: a mail server that is down must not undo the code.
        void sendMail
          .then((send) => send({ to: message.recipient, subject: message.subject ?? '', text: message.body }))
          .then(
            () => db.updateTable('outbox_messages').set({ sent_at: new Date() }).where('id', '=', row.id).execute(),
            (e: unknown) => db.updateTable('outbox_messages').set({ error: String(e).slice(0, 500) }).where('id', '=', row.id).execute(),
          )
          .catch(() => {});
      }
    },
  };
}
