import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AlertRulesRepository } from '@tapewatch/functions/data/alert-rules-repository';

/**
 * Support's look at a user's active-rule slots. An active rule is stored in its slot (issue 35), so
 * no slot is ever held without its rule; this moves the active rules stored before slots into one,
 * frees a second slot of one rule (two resumes at once) and removes the old slot list.
 */
export async function recountAlertSlots(
  db: DynamoDBDocumentClient,
  userId: string,
): Promise<{ active: number; tidied: number }> {
  return new AlertRulesRepository(db).tidyUser(userId);
}
