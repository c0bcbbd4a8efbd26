import { describe, expect, it } from 'vitest';
import { routeList } from '@tapewatch/shared/api/routes';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { generateVapidKeys } from '@tapewatch/functions/platform/web-push';
import { parseDeployConfig } from '../lib/config.ts';
import { appFunctions, secretReadsIn, synth, type Resource } from './synth.ts';

type Vars = Record<string, unknown>;
const varsOf = (r: Resource): Vars => (r.Properties?.Environment as { Variables: Vars } | undefined)?.Variables ?? {};

describe('browser push of flow alerts on AWS (issue 25)', () => {
  const { publicKey } = generateVapidKeys();
  const vapid = {
    vapidPublicKey: publicKey,
    vapidSubject: 'mailto:ops@example.com',
    vapidSecretName: 'tapewatch/dev/vapid',
  };
  const { template } = synth({ config: vapid });
  const functions = appFunctions(template);

  const secretReads = secretReadsIn(template);
  const senders = schedules.filter((s) => s.push).map((s) => s.handler);
  const keyRoutes = routeList.filter((r) => r.pushKey).map((r) => `http/${r.handler}`);

  it('lets only the job that sends alerts read the VAPID private key, by ARN through the extension', () => {
    expect(senders).toEqual(['jobs/flow-live-poll']);
    const readers = functions
      .filter((f) => secretReads(f.resource).includes(':secret:tapewatch/dev/vapid-??????'))
      .map((f) => f.module);
    expect(readers).toEqual(senders);
    for (const f of functions) {
      const vars = varsOf(f.resource);
      // The key itself is never in a function's configuration.
      expect(vars.VAPID_PRIVATE_KEY, f.module).toBeUndefined();
      expect(vars.VAPID_SECRET_ARN !== undefined, f.module).toBe(senders.includes(f.module));
      if (senders.includes(f.module)) {
        expect(JSON.stringify(vars.VAPID_SECRET_ARN)).toContain(':secret:tapewatch/dev/vapid');
        expect(JSON.stringify(f.resource.Properties?.Layers)).toContain('AWS-Parameters-and-Secrets-Lambda-Extension');
      }
    }
  });

  it('gives the public key (and nothing secret) to the routes that declare pushKey and to the sender alone', () => {
    expect(keyRoutes.sort()).toEqual(['http/alerts/get-push-config', 'http/alerts/subscribe-push']);
    const holders = functions.filter((f) => varsOf(f.resource).VAPID_PUBLIC_KEY !== undefined).map((f) => f.module);
    expect(holders.sort()).toEqual([...keyRoutes, ...senders].sort());
    for (const m of holders) {
      const f = functions.find((x) => x.module === m)!;
      expect(varsOf(f.resource)).toMatchObject({
        VAPID_PUBLIC_KEY: publicKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
      });
    }
  });

  it('has no default: without the three settings no function gets any VAPID setting, and a partial set is refused', () => {
    for (const f of appFunctions(synth().template))
      expect(JSON.stringify(varsOf(f.resource)), f.module).not.toContain('VAPID');
    expect(() => parseDeployConfig({ stage: 'dev', vapidPublicKey: publicKey })).toThrow(/together/);
    expect(() => parseDeployConfig({ stage: 'dev', ...vapid, vapidPublicKey: 'short' })).toThrow(/VAPID public key/);
    expect(() => parseDeployConfig({ stage: 'dev', ...vapid, vapidSubject: 'ops' })).toThrow(/mailto/);
    expect(parseDeployConfig({ stage: 'dev', ...vapid }).webPush).toEqual({
      publicKey,
      subject: 'mailto:ops@example.com',
      secretName: 'tapewatch/dev/vapid',
    });
  });
});
