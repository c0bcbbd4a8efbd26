import { documentClient } from '../../data/client.ts';
import { ConnectionRepository } from '../../data/connection-repository.ts';
import { FanoutStatusRepository } from '../../data/flow-fanout-status.ts';
import { defineHandler } from '../../lib/http.ts';

/** The spec's test call: whether the realtime path works (connections, last fan-out), for the client log. */
export const handler = defineHandler('test_socket', async () => {
  const db = documentClient();
  const [connections, status] = await Promise.all([
    new ConnectionRepository(db).list(),
    new FanoutStatusRepository(db).get(),
  ]);
  return {
    ok: Boolean(process.env.WS_MANAGEMENT_ENDPOINT),
    connections: connections.length,
    last_fanout: status?.at ?? null,
    last_fanout_sent: status?.sent ?? null,
  };
});
