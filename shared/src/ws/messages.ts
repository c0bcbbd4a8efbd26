import { z } from 'zod';

/**
 * WebSocket frames (DESIGN.md section 3): an event is { event, data } where data is the JSON text of
 * one trade; a frame carries one event or an array of events (the server may coalesce a short window).
 */
export const wsEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('new_flow'), data: z.string() }),
  z.object({ event: z.literal('database_cleared') }),
  z.object({ event: z.literal('pong'), data: z.string().optional() }),
  // Issue 25: one fired flow alert of this socket's user; data is the JSON text of a FiredAlert.
  z.object({ event: z.literal('alert'), data: z.string() }),
  // Sent just before the server closes the socket on purpose: the client must not reconnect.
  z.object({
    event: z.literal('session_closed'),
    reason: z.enum(['replaced', 'logged_out', 'password_reset', 'account_deleted', 'key_revoked']),
  }),
]);
export type SessionClosedReason = Extract<WsEvent, { event: 'session_closed' }>['reason'];

/**
 * A socket opened with `?channel=alerts` (the app shell's, on every page) gets its user's alerts and
 * session events but not the trade stream, which only the Options Flow page's socket needs.
 */
export const WS_CHANNELS = ['flow', 'alerts'] as const;
export type WsChannel = (typeof WS_CHANNELS)[number];

/** Live sockets one user may hold; opening one more closes the oldest (reason 'replaced'). */
export const MAX_SOCKETS_PER_USER = 3;
/** A client sends only small control frames ("Connection established", a ping); larger ones close the socket. */
export const MAX_CLIENT_MESSAGE_BYTES = 1024;
export type WsEvent = z.infer<typeof wsEventSchema>;

export const wsFrameSchema = z.union([wsEventSchema, z.array(wsEventSchema)]);
export type WsFrame = z.infer<typeof wsFrameSchema>;

/** What a client may send. The spec's client sends the text "Connection established" after connecting. */
export const wsClientMessageSchema = z.union([
  z.literal('Connection established'),
  z.object({ action: z.literal('ping'), data: z.string().max(200).optional() }),
]);

export function parseFrame(text: string): WsEvent[] {
  const frame = wsFrameSchema.parse(JSON.parse(text));
  return Array.isArray(frame) ? frame : [frame];
}
