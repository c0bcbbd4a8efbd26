import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
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

// cfn-lint starts slowly (a Python process loading every resource spec): one run lints every
// variant's templates, and each test reads its own files' findings from that run.
interface Linted {
  files: Map<string, string[]>;
  output: string;
  status: number | null;
}
let linted: Linted | undefined;

function edgeTemplates(): Array<{ name: string; json: unknown }> {
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
  return [synthesizedTemplates(main)[0]!, ...synthesizedTemplates(edge!)];
}

describe.skipIf(!cfnLintAvailable)('cfn-lint', () => {
  beforeAll(() => {
    const sets: Array<[string, Array<{ name: string; json: unknown }>]> = [
      ...variants.map(([name, options]): [string, Array<{ name: string; json: unknown }>] => [
        name,
        synth({ ...options, webDistDir: fakeWebDist() }).templates,
      ]),
      [EDGE, edgeTemplates()],
    ];
    linted = lint(sets);
  }, 600_000);

  it.each(variants)('finds nothing in the %s templates, nested stacks included (with a web build)', (name) => {
    expect(linted!.files.get(name)!.length).toBeGreaterThan(1);
    expectClean(name);
  });

  it('finds nothing in the us-east-1 edge stack and the root stack that references it from another region', () => {
    expect(linted!.files.get(EDGE)!.length).toBeGreaterThan(1);
    expectClean(EDGE);
  });

  it('reports a finding in the file it is in (so a clean answer above means something)', () => {
    const bad = lint([
      [
        'broken',
        [{ name: 'broken', json: { Resources: { B: { Type: 'AWS::S3::Bucket', Properties: { Nope: 1 } } } } }],
      ],
    ]);
    expect(bad.status).not.toBe(0);
    expect(findingsIn(bad, 'broken').join('\n')).toMatch(/E3002|Nope/);
  });
});

const EDGE = 'edge';

function lint(sets: Array<[string, Array<{ name: string; json: unknown }>]>): Linted {
  const dir = mkdtempSync(path.join(tmpdir(), 'tapewatch-cfn-'));
  const files = new Map<string, string[]>();
  for (const [set, templates] of sets) {
    files.set(
      set,
      templates.map((t) => {
        const file = path.join(dir, `${set.replace(/\W+/g, '-')}--${t.name.replace(/\W+/g, '-')}.template.json`);
        writeFileSync(file, JSON.stringify(t.json, null, 1));
        return file;
      }),
    );
  }
  const all = [...files.values()].flat();
  const result = spawnSync('cfn-lint', ['--ignore-checks', ...ignoredChecks, '--', ...all], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { files, output: result.stdout + result.stderr, status: result.status };
}

/** The output's findings (blocks separated by blank lines) that name one of the set's files. */
function findingsIn(result: Linted, set: string): string[] {
  const mine = result.files.get(set)!;
  return result.output.split(/\n\s*\n/).filter((block) => block.trim() !== '' && mine.some((f) => block.includes(f)));
}

function expectClean(set: string): void {
  expect(findingsIn(linted!, set)).toEqual([]);
  // Output that names no template (a crash, a bad option) fails every set.
  const allFiles = [...linted!.files.values()].flat();
  const blocks = linted!.output.split(/\n\s*\n/).filter((b) => b.trim() !== '');
  expect(blocks.filter((b) => !allFiles.some((f) => b.includes(f)))).toEqual([]);
  if (blocks.length === 0) expect(linted!.status).toBe(0);
}
