import { isAlertBody } from '@tapewatch/shared/api/alert';
import { ApiError } from '../../lib/api-client.ts';
import { formsClosedBy } from './closing-alerts.ts';
import { closeFormsIn } from '../../lib/forms-store.ts';

/**
 * Sends a form and applies the alerts that close forms (spec part 2 section 4). The alert itself
 * is shown by the API client, for 2xx and 4xx alike. Resolves to the body (also of a 4xx), or
 * null when the call failed without one.
 */
export async function submitForm<T>(send: () => Promise<T>): Promise<T | { alert_message: string } | null> {
  let body: unknown;
  try {
    body = await send();
  } catch (error) {
    body = error instanceof ApiError ? error.body : null;
  }
  if (isAlertBody(body)) closeFormsIn(formsClosedBy(body.alert_message));
  return body as T | null;
}
