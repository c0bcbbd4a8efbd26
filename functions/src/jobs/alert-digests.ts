import { documentClient } from '../data/client.ts';
import { log } from '../lib/log.ts';
import { alertDeliveryFor } from './flow-live.ts';

/**
 * Every minute: the waiting matches of each rule whose 5-minute email window has passed go out as
 * one digest email. Not recorded in the job log (1,440 runs a day would bury the other jobs); its
 * failures reach the logs and, on AWS, the job's error alarm.
 */
export async function runAlertDigests(): Promise<{ sent: number }> {
  const sent = await alertDeliveryFor(documentClient()).flushDigests();
  if (sent > 0) log.info('alert digests sent', { sent });
  return { sent };
}

export const handler = () => runAlertDigests();
export const run = runAlertDigests;
