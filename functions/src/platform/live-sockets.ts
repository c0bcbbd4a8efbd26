import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SessionClosedReason } from '@tapewatch/shared/ws/messages';
import { ConnectionRepository, type ConnectionRecord } from '../data/connection-repository.ts';
import { errorFields, log } from '../lib/log.ts';
import { closeConnection, postToConnection } from './realtime.ts';

/** Closing live-flow sockets on purpose: logout, password reset, account deletion, the per-user cap. */
export interface LiveSockets {
  /** Closes the user's sockets that `match` selects (all by default); resolves to how many. */
  closeForUser(userId: string, reason: SessionClosedReason, match?: (c: ConnectionRecord) => boolean): Promise<number>;
}

/**
 * Each socket is told why (a `session_closed` frame, so the page stops reconnecting), closed
 * through the Management API, and its records dropped. A socket already gone is fine; a failed
 * close is logged and does not fail the logout or reset that asked for it: the connect handler's
 * checks (denylist, tokens before the reset, deleted profile) refuse it on its next connect, and
 * the fan-out's plan recheck drops it within 30 s.
 */
export function liveSockets(db: DynamoDBDocumentClient): LiveSockets {
  const repo = new ConnectionRepository(db);
  return {
    async closeForUser(userId, reason, match = () => true) {
      const targets = (await repo.forUser(userId)).filter(match);
      await Promise.all(targets.map((c) => closeOne(repo, userId, c.connectionId, reason)));
      return targets.length;
    },
  };
}

export async function closeOne(
  repo: ConnectionRepository,
  userId: string,
  connectionId: string,
  reason: SessionClosedReason,
): Promise<void> {
  try {
    await postToConnection(connectionId, { event: 'session_closed', reason });
    await closeConnection(connectionId);
  } catch (err) {
    log.warn('closing a live socket failed', { connectionId, reason, ...errorFields(err) });
  }
  await repo.removeForUser(userId, connectionId);
  log.info('ws connection closed', { connectionId, userId, reason });
}
