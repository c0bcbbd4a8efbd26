import { defineHandler } from '../../lib/http.ts';
import { NotReadyError } from '../../lib/errors.ts';

export const handler = defineHandler('get_password_token_confirmation', async () => {
  throw new NotReadyError('Accounts are being set up. Please try again shortly.');
});
