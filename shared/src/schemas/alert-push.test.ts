import { describe, expect, it } from 'vitest';
import { pushEndpoint } from './alert-push.ts';

describe('push endpoints the server will POST to', () => {
  it("accepts the browsers' push services", () => {
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGx3ZQ',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
      'https://FCM.googleapis.com:443/fcm/send/x',
    ])
      expect(pushEndpoint.safeParse(url).success, url).toBe(true);
  });

  it('refuses any other host, internal addresses, other schemes and ports, and look-alike names', () => {
    for (const url of [
      'https://push.example.net/send/1',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://notfcm.googleapis.com@127.0.0.1/x',
      'https://user:pw@fcm.googleapis.com/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/x',
      'https://10.0.0.1/x',
      'https://[::1]/x',
      'https://localhost/x',
      'https://metadata.google.internal/x',
      'not a url',
    ])
      expect(pushEndpoint.safeParse(url).success, url).toBe(false);
  });
});
