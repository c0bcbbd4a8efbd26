import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { documentClient } from '../data/client.ts';
import { ConnectionRepository } from '../data/connection-repository.ts';
import { authenticatorFor, isSubscriber } from '../lib/auth-guard.ts';
import { errorFields, log } from '../lib/log.ts';
import { closeOne } from '../platform/live-sockets.ts';
import { acceptsOrigin } from '../platform/viewer-address.ts';
import { MAX_SOCKETS_PER_USER, type WsChannel } from '@tapewatch/shared/ws/messages';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

/**
 * $connect: only subscribers may stream flow. The browser cannot set headers on a WebSocket, so
 * the session token comes as ?token= (DESIGN.md section 3) and goes through the same authenticator
 * as the HTTP routes; the subscription is read from the database, not the token. A refused
 * handshake gets 401 (no or bad token) or 403 (not subscribed). The record names the user and
 * the session (token id, login time), so logout, a password reset or deletion can close it.
 */
export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  const { connectionId } = event.requestContext;
  const token = (event as ConnectEvent).queryStringParameters?.token;
  const channel: WsChannel = (event as ConnectEvent).queryStringParameters?.channel === 'alerts' ? 'alerts' : 'flow';
  // As for /api: on AWS only CloudFront's /ws behaviour may open a socket (it adds the origin secret).
  if (!acceptsOrigin((event as { headers?: Record<string, string | undefined> }).headers))
    return { statusCode: 403, body: 'forbidden' };
  try {
    if (!token) return { statusCode: 401, body: 'missing token' };
    // An API key works here too (?token=tw_live_...): same plan check; its request counts against its quota.
    const caller = await authenticatorFor(token)(token).catch(() => null);
    if (!caller) return { statusCode: 401, body: 'invalid token' };
    if (!isSubscriber(caller.subscription)) return { statusCode: 403, body: 'subscription required' };
    if (caller.apiKey && !caller.apiKey.quota.allowed) return { statusCode: 429, body: 'quota exceeded' };
    const repo = new ConnectionRepository(documentClient());
    // At most MAX_SOCKETS_PER_USER: a new tab takes over from the oldest socket, which is told why.
    // Counted per channel: the app shell's alerts socket does not take a Options Flow tab's place.
    const open = (await repo.forUser(caller.userId)).filter((c) => (c.channel ?? 'flow') === channel);
    const excess = open.slice(0, Math.max(0, open.length - (MAX_SOCKETS_PER_USER - 1)));
    await Promise.all(excess.map((c) => closeOne(repo, caller.userId, c.connectionId, 'replaced')));
    await repo.add(connectionId, {
      userId: caller.userId,
      tokenId: caller.tokenId ?? caller.apiKey?.keyId,
      authTime: caller.authTime,
      sessionId: caller.sessionId,
      channel,
    });
    log.info('ws connect', { connectionId, userId: caller.userId, channel, replaced: excess.length });
    return { statusCode: 200, body: 'connected' };
  } catch (err) {
    log.error('ws connect failed', { connectionId, ...errorFields(err) });
    return { statusCode: 500, body: 'connection failed' };
  }
};
