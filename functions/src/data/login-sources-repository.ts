import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { appKeys } from './keys.ts';
import { tableName } from './tables.ts';

/** A network that logged in successfully stays known this long after its last login. */
const KNOWN_SOURCE_SECONDS = 90 * 24 * 60 * 60;

/** Stored as a hash: the product needs to recognise a network, not to keep users' addresses. */
const sourceHash = (source: string): string =>
  createHash('sha256').update(`login-source:${source}`).digest('hex').slice(0, 32);

/**
 * Networks (an IPv4 address or an IPv6 /64) from which an account logged in before. Logins from
 * them skip the account-wide guessing limit, so a stranger's failed guesses cannot lock the owner
 * out of the places they usually log in from.
 */
export class LoginSourcesRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  async isKnown(email: string, source: string, now: Date): Promise<boolean> {
    const out = await this.db.send(
      new GetCommand({ TableName: tableName('app'), Key: appKeys.knownLoginSource(email, sourceHash(source)) }),
    );
    return out.Item !== undefined && (out.Item.ttl as number) >= Math.floor(now.getTime() / 1000);
  }

  async remember(email: string, source: string, now: Date): Promise<void> {
    const ttl = Math.floor(now.getTime() / 1000) + KNOWN_SOURCE_SECONDS;
    await this.db.send(
      new PutCommand({
        TableName: tableName('app'),
        Item: { ...appKeys.knownLoginSource(email, sourceHash(source)), ttl },
      }),
    );
  }
}
