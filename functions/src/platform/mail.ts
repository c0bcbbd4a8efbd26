import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one action link of the message (confirmation, reset); the local outbox shows it clickable. */
  link?: string;
}

/** The mail port: SES on AWS; locally an outbox directory (plus the link on the console). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export class SesMailer implements Mailer {
  private readonly client = new SESv2Client({ region: process.env.AWS_REGION ?? 'us-east-1' });

  async send(m: MailMessage): Promise<void> {
    await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: process.env.MAIL_FROM ?? 'Tapewatch <no-reply@tapewatch.app>',
        // CDK's configuration set: its bounce, reject and complaint counts feed the mail alarms.
        ...(process.env.MAIL_CONFIGURATION_SET ? { ConfigurationSetName: process.env.MAIL_CONFIGURATION_SET } : {}),
        Destination: { ToAddresses: [m.to] },
        Content: { Simple: { Subject: { Data: m.subject }, Body: { Text: { Data: m.text } } } },
      }),
    );
  }
}

export interface OutboxEntry extends MailMessage {
  id: string;
  sentAt: string;
}

export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly announce: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  ) {}

  async send(m: MailMessage): Promise<void> {
    const sentAt = new Date().toISOString();
    const entry: OutboxEntry = { ...m, id: randomUUID(), sentAt };
    await mkdir(this.dir, { recursive: true });
    // Whole or not at all: a process stopped mid-write leaves a temporary file, which the outbox does not list.
    const file = join(this.dir, `${sentAt.replace(/[:.]/g, '-')}-${entry.id}.json`);
    await writeFile(`${file}.tmp`, JSON.stringify(entry, null, 2));
    await rename(`${file}.tmp`, file);
    if (process.env.MAIL_OUTBOX_QUIET !== '1')
      this.announce(`  mail to ${m.to}: ${m.subject}${m.link ? ` -> ${m.link}` : ''}`);
  }
}

let cached: Mailer | undefined;

export function mailer(): Mailer {
  cached ??= process.env.MAIL_OUTBOX_DIR ? new OutboxMailer(process.env.MAIL_OUTBOX_DIR) : new SesMailer();
  return cached;
}

export function resetMailer(): void {
  cached = undefined;
}
