import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '@tapewatch/functions/data/client';
import { appKeys } from '@tapewatch/functions/data/keys';
import { tableName } from '@tapewatch/functions/data/tables';
import { hashLinkToken } from '@tapewatch/functions/domain/accounts/secrets';
import type { OutboxEntry } from '@tapewatch/functions/platform/mail';

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** Small client for the account endpoints of a running local runtime (tests and bench). */
export function accountsClient(baseUrl: string | (() => string)) {
  const base = typeof baseUrl === 'function' ? baseUrl : () => baseUrl;
  const call = async (
    method: string,
    name: string,
    body?: unknown,
    opts: { token?: string; query?: string } = {},
  ): Promise<ApiAnswer> => {
    const res = await fetch(`${base()}/api/${name}${opts.query ? `?${opts.query}` : ''}`, {
      method,
      headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
  };
  const outbox = async (): Promise<OutboxEntry[]> => {
    const res = await fetch(`${base()}/dev/mail?format=json`);
    const text = await res.text();
    const entries: unknown = res.ok ? JSON.parse(text) : null;
    // Said in full: a test failing here must show what the runtime answered, not "find is not a function".
    if (!Array.isArray(entries))
      throw new Error(`the outbox at ${base()} answered ${res.status}: ${text.slice(0, 300)}`);
    return entries as OutboxEntry[];
  };
  return {
    post: (name: string, body?: unknown, opts?: { token?: string; query?: string }) => call('POST', name, body, opts),
    get: (name: string, opts?: { token?: string }) => call('GET', name, undefined, opts),
    outbox,
    /** Token of the newest emailed link to `to` whose path starts with `prefix` (/confirm/ or /confirmpassword/). */
    async lastLinkToken(to: string, prefix: '/confirm/' | '/confirmpassword/'): Promise<string | undefined> {
      const mail = (await outbox()).find((m) => m.to === to.toLowerCase() && m.link?.includes(prefix));
      return mail?.link?.split(prefix)[1];
    },
    async signupAndConfirm(username: string, email: string, password: string): Promise<void> {
      const s = await call('POST', 'submit_signup', { username, email, password, password_confirmation: password });
      if (s.status !== 200) throw new Error(`signup failed: ${JSON.stringify(s.body)}`);
      const token = (await outbox())
        .find((m) => m.to === email.toLowerCase() && m.link?.includes('/confirm/'))
        ?.link?.split('/confirm/')[1];
      const c = await call('POST', 'get_token_confirmation', { token });
      if (c.status !== 200) throw new Error(`confirmation failed: ${JSON.stringify(c.body)}`);
    },
  };
}

/** Moves an emailed token's expiry into the past, as 24 hours passing would. */
export async function expireLinkToken(kind: 'confirm' | 'reset', token: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('app'),
      Key: appKeys.accountToken(kind, hashLinkToken(token)),
      UpdateExpression: 'SET #ttl = :past',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
    }),
  );
}

/** Every item of the app table (tests that prove what is and is not stored). */
export async function scanApp(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new ScanCommand({ TableName: tableName('app'), ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
