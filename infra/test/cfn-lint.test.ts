import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { createStacks } from '../lib/app-stacks.ts';
import { parseDeployConfig } from '../lib/config.ts';
import { fakeWebDist, synth, synthesizedTemplates, type SynthOptions } from './synth.ts';

// cfn-lint is a Python tool: used when the machine has it, never installed by the project.
const cfnLintAvailable = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).status === 0;

// W3005 flags the DependsOn CDK always adds next to a Role GetAtt: harmless and not ours to change.
const ignoredChecks = ['W3005'];

const variants: Array<[string, SynthOptions]> = [
  ['dev', { stage: 'dev' }],
  ['prod', { stage: 'prod' }],
  [
    'prod with custom domain, certificate, Stripe price and alarm e-mail',
    {
      stage: 'prod',
      config: {
        domainName: 'app.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/12345678-1234-1234-1234-123456789012',
        stripePriceId: 'price_1Abc',
        alarmEmail: 'ops@example.com',
      },
    },
  ],
];

describe.skipIf(!cfnLintAvailable)('cfn-lint', () => {
  it.each(variants)(
    'finds nothing in the %s templates, nested stacks included (with a web build)',
    (_name, options) => {
      const { templates } = synth({ ...options, webDistDir: fakeWebDist() });
      expect(templates.length).toBeGreaterThan(1);
      expectLintClean(templates);
    },
  );

  it('finds nothing in the us-east-1 edge stack and the root stack that references it from another region', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const config = parseDeployConfig({ stage: 'prod', mailFrom: 'Tapewatch <no-reply@example.com>' });
    const { main, edge } = createStacks(app, {
      config,
      account: '123456789012',
      region: 'eu-west-1',
      stubMissingHandlers: true,
      webDistDir: fakeWebDist(),
    });
    // The nested route stacks do not change with the region; the root and edge stacks do.
    expectLintClean([synthesizedTemplates(main)[0]!, ...synthesizedTemplates(edge!)]);
  });
});

function expectLintClean(templates: Array<{ name: string; json: unknown }>): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'tapewatch-cfn-'));
  const files = templates.map((t) => {
    const file = path.join(dir, `${t.name.replace(/\W+/g, '-')}.template.json`);
    writeFileSync(file, JSON.stringify(t.json, null, 1));
    return file;
  });
  const result = spawnSync('cfn-lint', ['--ignore-checks', ...ignoredChecks, '--', ...files], { encoding: 'utf8' });
  expect(result.stdout + result.stderr).toBe('');
  expect(result.status).toBe(0);
}
