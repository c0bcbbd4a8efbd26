import { defineHandler } from '../../lib/http.ts';

export const handler = defineHandler('get_user_info', async () => ({ username: '', email: '', subscription: '' }));
