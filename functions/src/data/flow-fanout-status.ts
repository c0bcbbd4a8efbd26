import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { realtimeKeys } from './keys.ts';
import { tableName } from './tables.ts';

export interface FanoutStatus {
  at: string;
  sent: number;
  gone: number;
  events: number;
}

/** The last live fan-out, for test_socket. Written at most once a second by a busy feed. */
export class FanoutStatusRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  async save(status: FanoutStatus): Promise<void> {
    await this.db.send(
      new PutCommand({ TableName: tableName('app'), Item: { ...realtimeKeys.fanoutStatus(), ...status } }),
    );
  }

  async get(): Promise<FanoutStatus | null> {
    const res = await this.db.send(new GetCommand({ TableName: tableName('app'), Key: realtimeKeys.fanoutStatus() }));
    const it = res.Item;
    return it ? { at: String(it.at), sent: Number(it.sent), gone: Number(it.gone), events: Number(it.events) } : null;
  }
}
