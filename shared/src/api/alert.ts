import { z } from 'zod';

/** The user-facing message body of the spec: shown in the alert dialog as received. */
export const alertBodySchema = z.object({
  alert_show: z.literal(true),
  alert_message: z.string(),
  alert_content: z.string().optional(),
});
export type AlertBody = z.infer<typeof alertBodySchema>;

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
