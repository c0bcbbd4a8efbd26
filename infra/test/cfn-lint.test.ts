import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeWebDist, synth } from './synth.ts';

// cfn-lint is a Python tool: used when the machine has it, never installed by the project.
const cfnLintAvailable = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).status === 0;

// W3005 flags the DependsOn CDK always adds next to a Role GetAtt: harmless and not ours to change.
const ignoredChecks = ['W3005'];

describe.skipIf(!cfnLintAvailable)('cfn-lint', () => {
  it.each(['dev', 'prod'])('finds nothing in the %s template (with a web build)', (stage) => {
    const { template } = synth({ stage, webDistDir: fakeWebDist() });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tapewatch-cfn-')), `${stage}.template.json`);
    writeFileSync(file, JSON.stringify(template.toJSON(), null, 1));
    const result = spawnSync('cfn-lint', ['--ignore-checks', ...ignoredChecks, '--', file], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
