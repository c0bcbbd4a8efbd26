import { defineHandler } from '../../lib/http.ts';
import { NotReadyError } from '../../lib/errors.ts';

export const handler = defineHandler('resend_confirmation', async () => {
  throw new NotReadyError('Accounts are being set up. Please try again shortly.');
});
