import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '@tapewatch/functions/data/client';
import { appKeys } from '@tapewatch/functions/data/keys';
import { tableName } from '@tapewatch/functions/data/tables';

/**
 * Stores a plan for a test caller that only exists in a registered fake authenticator: the live
 * fan-out reads connected users' plans from their stored profiles, as it does for real accounts.
 */
export async function seedPlan(userId: string, subscription: string): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName('app'),
      Item: { ...appKeys.userProfile(userId), userId, subscription, username: userId, email: `${userId}@example.com` },
    }),
  );
}
