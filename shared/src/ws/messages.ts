import { z } from 'zod';

/**
 * WebSocket frames (DESIGN.md section 3): an event is { event, data } where data is the JSON text of
 * one trade; a frame carries one event or an array of events (the server may coalesce a short window).
 */
export const wsEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('new_flow'), data: z.string() }),
  z.object({ event: z.literal('database_cleared') }),
  z.object({ event: z.literal('pong'), data: z.string().optional() }),
  // Sent just before the server closes the socket on purpose: the client must not reconnect.
  z.object({
    event: z.literal('session_closed'),
    reason: z.enum(['replaced', 'logged_out', 'password_reset', 'account_deleted']),
  }),
]);
export type SessionClosedReason = Extract<WsEvent, { event: 'session_closed' }>['reason'];

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
