import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { sendSms, type SmsSettings } from './sms';

/**
 * Mail and SMS adapters (DESIGN.md "Running it"). Every message is written to the outbox table in
 * the caller's transaction and printed on the server console, so codes can be read in development.
 * With SMTP_URL set, e-mail is also sent through nodemailer; with the SMS settings (SMS_PROVIDER,
 * server/lib/sms.ts), SMS is also sent through Twilio's Messages API. A message is sent once its
 * row is committed, outside the caller's transaction (a provider that is down never undoes a code,
 * and a code whose transaction rolled back is never sent); the row then gets `sent_at`, or `error`.
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

export interface MessengerOptions {
  smtpUrl?: string;
  /** Sender of e-mail (MAIL_FROM). */
  from?: string;
  /** Send SMS through this provider (smsFromEnv); unset, SMS stays in the outbox and on the console. */
  sms?: SmsSettings;
  /**
   * The database outside any transaction, where deliveries wait for their row to be committed and
   * record `sent_at` or `error`. Unset: the handle given to queue(), when it is not a transaction.
   */
  db?: Kysely<DB>;
  print?: (line: string) => void;
}

type SendMail = (m: { to: string; subject: string; text: string }) => Promise<unknown>;

/** How long a delivery waits for the caller's transaction to commit its row before giving up. */
const COMMIT_WAIT_MS = 30_000;
const MAX_ERROR = 500;

export function createMessenger(options: MessengerOptions = {}): Messenger {
  const print = options.print ?? ((line) => console.log(line));
  let sendMail: Promise<SendMail> | null = null;
  if (options.smtpUrl) {
    const url = options.smtpUrl;
    sendMail = import('nodemailer').then((nm) => {
      const transport = nm.createTransport(url);
      return (m) => transport.sendMail({ from: options.from ?? 'no-reply@localhost', ...m });
    });
  }
  const sms = options.sms;
  return {
    async queue(db, message) {
      const row = await db
        .insertInto('outbox_messages')
        .values({ channel: message.channel, recipient: message.recipient, subject: message.subject ?? '', body: message.body, sent_at: null, error: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      print(`[outbox] ${message.channel} to ${message.recipient}${message.account && message.account !== message.recipient ? ` (${message.account})` : ''}: ${message.subject ? `${message.subject} | ` : ''}${message.body}`);
      let send: (() => Promise<unknown>) | null = null;
      if (message.channel === 'email' && sendMail) {
        const mail = sendMail;
        send = () => mail.then((s) => s({ to: message.recipient, subject: message.subject ?? '', text: message.body }));
      } else if (message.channel === 'sms' && sms) {
        send = () => sendSms(sms, message.recipient, message.body);
      }
      if (!send) return;
      const root = options.db ?? (db.isTransaction ? undefined : db);
      void deliver(root, db, row.id, send).catch(() => {});
    },
  };
}

/**
 * Sends one message after the caller's transaction, then records the outcome on its row. With a
 * handle outside the transaction (`root`) it first waits until the row is visible there: on
 * PGlite the query waits for the transaction's connection, on Postgres it polls, and a row that
 * never appears (the transaction rolled back) is not sent. Without one (no `db` option and a
 * transaction handle) it sends at once and records through the caller's handle, which only works
 * while that transaction is still open.
 */
async function deliver(root: Kysely<DB> | undefined, caller: Kysely<DB>, id: number, send: () => Promise<unknown>): Promise<void> {
  if (root && !(await committed(root, id))) return;
  let outcome: { sent_at: Date } | { error: string };
  try {
    await send();
    outcome = { sent_at: new Date() };
  } catch (e) {
    outcome = { error: (e instanceof Error ? e.message : String(e)).slice(0, MAX_ERROR) };
  }
  await (root ?? caller).updateTable('outbox_messages').set(outcome).where('id', '=', id).execute();
}

async function committed(root: Kysely<DB>, id: number): Promise<boolean> {
  const deadline = Date.now() + COMMIT_WAIT_MS;
  for (let wait = 10; ; wait = Math.min(wait * 2, 1000)) {
    const row = await root.selectFrom('outbox_messages').select('id').where('id', '=', id).executeTakeFirst();
    if (row) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
