import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxMailer } from '@tapewatch/functions/platform/mail';
import { readOutbox } from './dev-mail.ts';

const dirs: string[] = [];
const outboxDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tapewatch-outbox-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the local outbox', () => {
  it('keeps showing every complete message when a process was killed in the middle of writing one', async () => {
    const dir = outboxDir();
    const mail = new OutboxMailer(dir, () => {});
    await mail.send({
      to: 'a@example.com',
      subject: 'Confirm your Tapewatch account',
      text: 'x',
      link: 'http://l/confirm/a',
    });
    await mail.send({
      to: 'b@example.com',
      subject: 'Confirm your Tapewatch account',
      text: 'y',
      link: 'http://l/confirm/b',
    });
    // What a SIGKILL during a plain write leaves: the start of a message.
    writeFileSync(join(dir, '2024-03-08T12-00-00-000Z-torn.json'), '{\n  "to": "c@example.com",\n  "subj');

    const entries = await readOutbox(dir);
    expect(entries.map((e) => e.to).sort()).toEqual(['a@example.com', 'b@example.com']);
  });

  it('leaves one complete message file per send and no temporary file', async () => {
    const dir = outboxDir();
    await new OutboxMailer(dir, () => {}).send({ to: 'a@example.com', subject: 's', text: 't' });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f-]{36}\.json$/);
    expect((await readOutbox(dir))[0]).toMatchObject({ to: 'a@example.com', subject: 's', text: 't' });
  });
});
