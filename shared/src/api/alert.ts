/**
 * The user-facing message body of the spec, shown in the alert dialog as received. Kept free of
 * zod so the browser can import it without pulling the validation library into its entry chunk.
 */
export interface AlertBody {
  alert_show: true;
  alert_message: string;
  alert_content?: string;
}

export function alertBody(message: string, content?: string): AlertBody {
  return content === undefined
    ? { alert_show: true, alert_message: message }
    : { alert_show: true, alert_message: message, alert_content: content };
}

export function isAlertBody(value: unknown): value is AlertBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<string, unknown>).alert_show === true &&
    typeof (value as Record<string, unknown>).alert_message === 'string'
  );
}
