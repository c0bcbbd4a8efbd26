import { readdir, readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { OutboxEntry } from '@tapewatch/functions/platform/mail';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  const files = await readdir(dir).catch(() => [] as string[]);
  const entries = await Promise.all(
    files
      .filter((f) => f.endsWith('.json'))
      .map(async (f) => {
        // A message cut short by a killed process (written before sends were atomic) must not hide the others.
        try {
          return JSON.parse(await readFile(join(dir, f), 'utf8')) as OutboxEntry;
        } catch {
          return null;
        }
      }),
  );
  return entries.filter((e) => e !== null).sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}

/** The local outbox as a page (newest first) so a person can click the emailed links; ?format=json for scripts. */
export async function serveDevMail(dir: string, res: ServerResponse, url: URL): Promise<void> {
  const entries = await readOutbox(dir);
  if (url.searchParams.get('format') === 'json') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    return void res.end(JSON.stringify(entries));
  }
  const rows = entries
    .map(
      (
        m,
      ) => `<article><header><strong>${escapeHtml(m.subject)}</strong> to ${escapeHtml(m.to)} <time>${escapeHtml(m.sentAt)}</time></header>
${m.link ? `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>` : ''}<pre>${escapeHtml(m.text)}</pre></article>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local outbox - Tapewatch</title><style>
body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color-scheme:light dark}
article{border:1px solid #8884;border-radius:8px;padding:1rem;margin:1rem 0}time{opacity:.7;font-size:.9em;margin-left:.5rem}
pre{white-space:pre-wrap;font-size:.9em}a{word-break:break-all}</style></head><body>
<h1>Local outbox</h1><p>Emails the local runtime would have sent (newest first). Messages: ${entries.length}.</p>
${rows || '<p>No emails yet.</p>'}</body></html>`;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}
