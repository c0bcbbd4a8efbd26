import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AlertRulesRepository } from './alert-rules-repository.ts';
import { appKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

/**
 * Deletes the user's flow alert records (account deletion): rules and active slots, fired alerts,
 * email and in-app allowance bookkeeping, digest entries and browser push subscriptions. Each
 * listing is strongly consistent (see UsersRepository.deleteUser).
 */
export async function sweepAlertsOf(db: DynamoDBDocumentClient, userId: string): Promise<void> {
  const table = tableName('app');
  const remove = (pk: string, sk: string) => db.send(new DeleteCommand({ TableName: table, Key: { pk, sk } }));
  const list = (pk: string, prefix?: string) =>
    queryAll(db, {
      TableName: table,
      KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :p)' : 'pk = :pk',
      ProjectionExpression: 'pk, sk',
      ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': pk, ...(prefix ? { ':p': prefix } : {}) },
    });
  const userPrefix = `${userId}#`;
  const owned = [
    ...(await list(appKeys.alertRulesPartition(), appKeys.alertRuleUserPrefix(userId))),
    ...(await list(appKeys.alertHistoryPartition(userId))),
    ...(await list(appKeys.alertCapPartition(userId))),
    ...(await list(appKeys.alertMailState(userId, '').pk)),
    ...(await list(appKeys.alertDigestsPartition(), userPrefix)),
    ...(await list(appKeys.pushSubscriptionsPartition(), appKeys.pushSubscriptionsOfUser(userId))),
  ];
  for (const it of owned) await remove(it.pk as string, it.sk as string);
  for (const key of [appKeys.alertSlots(userId), appKeys.alertHistoryUser(userId)]) await remove(key.pk, key.sk);
  // Ingest containers reload their rule index when the version moves.
  await new AlertRulesRepository(db).bumpVersion();
}
