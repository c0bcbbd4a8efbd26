import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recoverJsonFiles, writeFileAtomic } from './atomic-file.ts';
import { ROOT } from './web-build.ts';

const dir = mkdtempSync(join(tmpdir(), 'tapewatch-atomic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('atomic state files (cognito-local storage)', () => {
  it('applies concurrent writes of one path in call order and leaves no temporary file', async () => {
    const path = join(dir, 'ordered.json');
    // Longer and shorter bodies alternate: overlapping plain writeFile calls could leave a longer tail behind.
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        writeFileAtomic(path, JSON.stringify({ i, pad: 'x'.repeat((i % 2) * 50_000) })),
      ),
    );
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ i: 39 });
    expect(readdirSync(dir).filter((n) => n.startsWith('ordered'))).toEqual(['ordered.json']);
  });

  it('a writer SIGKILLed in the middle of its writes leaves a complete file', async () => {
    const path = join(dir, 'killed.json');
    const script = `
      const { writeFileAtomic } = await import(${JSON.stringify(join(ROOT, 'scripts/local/atomic-file.ts'))});
      for (let i = 0; ; i += 1) {
        await writeFileAtomic(${JSON.stringify(path)}, JSON.stringify({ i, rows: Array.from({ length: 20000 }, (_, k) => ({ k, i })) }));
        if (i === 3) process.stdout.write('writing\\n');
      }`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`writer exited early (${code})`)));
    });
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { i: number; rows: unknown[] };
    expect(saved.i).toBeGreaterThanOrEqual(3);
    expect(saved.rows).toHaveLength(20000);
    recoverJsonFiles(dir);
    expect(readdirSync(dir).filter((n) => n.startsWith('killed'))).toEqual(['killed.json']);
  }, 60_000);

  it('the repair pass restores a cut-off file from a complete temporary one, moves an unreadable one aside, drops strays', () => {
    const repair = mkdtempSync(join(dir, 'repair-'));
    writeFileSync(join(repair, 'pool-a.json'), '{"Users":{"a":');
    writeFileSync(join(repair, 'pool-a.json.tmp-123-7'), '{"Users":{"a":{}}}');
    writeFileSync(join(repair, 'pool-b.json'), '{"Users":');
    writeFileSync(join(repair, 'clients.json'), '{"Clients":{}}');
    writeFileSync(join(repair, 'clients.json.tmp-123-8'), '{"Clients":{"x":{}}}');
    const out = recoverJsonFiles(repair);
    expect(out).toMatchObject({
      restored: ['pool-a.json'],
      quarantined: ['pool-b.json'],
      removedTemps: ['clients.json.tmp-123-8'],
    });
    expect(JSON.parse(readFileSync(join(repair, 'pool-a.json'), 'utf8'))).toEqual({ Users: { a: {} } });
    // A readable file is never replaced by an unacknowledged temporary one.
    expect(JSON.parse(readFileSync(join(repair, 'clients.json'), 'utf8'))).toEqual({ Clients: {} });
    const left = readdirSync(repair).sort();
    expect(left.filter((n) => n.endsWith('.json'))).toEqual(['clients.json', 'pool-a.json']);
    expect(left.some((n) => n.startsWith('pool-b.json.corrupt-'))).toBe(true);
  });
});
