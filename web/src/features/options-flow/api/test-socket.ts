import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type TestSocket = ResponseOf<'test_socket'>;

/** The spec's test call: the answer (or failure) is only logged. */
export async function logTestSocket(): Promise<void> {
  try {
    const r = await apiGet('test_socket', {});
    console.info(
      `[flow] realtime ${r.ok ? 'ok' : 'down'}: ${r.connections} connections, last fan-out ${r.last_fanout ?? 'never'}`,
    );
  } catch (error) {
    console.error('[flow] test_socket', error);
  }
}
