/**
 * Stand-in entry used only when a stack is built with `stubMissingHandlers` (template tests run
 * while handler files are still being written). Never the default: the app refuses to synth
 * with missing handlers.
 */
export async function handler(): Promise<{ statusCode: number; body: string }> {
  return { statusCode: 501, body: JSON.stringify({ alert_show: true, alert_message: 'Not implemented' }) };
}
