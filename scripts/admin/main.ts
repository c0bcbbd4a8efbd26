/**
 * npm run admin -- subscription <email> basic|free --by <who> --reason <why> [--force] [--aws]
 * --force: override a plan that a newer (bad) payment event pinned.
 * npm run admin -- alert-slots <email> [--aws]: moves the user's active alerts stored before slots into one and frees second slots.
 *
 * Target: DYNAMODB_ENDPOINT when set; else the running local runtime (DATA_DIR/runtime.json);
 * else, with --aws, AWS (table names from TABLE_*); else a dynalite over DATA_DIR for this command.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { documentClient, resetDocumentClient } from '@tapewatch/functions/data/client';
import { UsersRepository } from '@tapewatch/functions/data/users-repository';
import { payments } from '@tapewatch/functions/platform/payments';
import { ensureTables, startDynalite } from '../local/dynamo.ts';
import { ROOT } from '../local/web-build.ts';
import { recountAlertSlots } from './alert-slots.ts';
import { PLANS, setPlan, type Plan } from './set-plan.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'warn';
process.env.AWS_REGION ??= 'us-east-1';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    by: { type: 'string' },
    reason: { type: 'string' },
    aws: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
  },
});
const usage = [
  'usage: npm run admin -- subscription <email> basic|free --by <who> --reason <why> [--force] [--aws]',
  '       npm run admin -- alert-slots <email> [--aws]',
].join('\n');
const dataDir = process.env.DATA_DIR ?? join(ROOT, '.data');

async function connect(): Promise<{ label: string; close: () => Promise<void> }> {
  if (process.env.DYNAMODB_ENDPOINT) return { label: process.env.DYNAMODB_ENDPOINT, close: async () => {} };
  if (values.aws) return { label: `AWS ${process.env.AWS_REGION ?? ''}`, close: async () => {} };
  const marker = join(dataDir, 'runtime.json');
  if (existsSync(marker)) {
    const { dynamodb } = JSON.parse(readFileSync(marker, 'utf8')) as { dynamodb: string };
    const up = await fetch(dynamodb, { signal: AbortSignal.timeout(1000) }).then(
      () => true,
      () => false,
    );
    if (up) {
      process.env.DYNAMODB_ENDPOINT = dynamodb;
      return { label: `the running local runtime (${dynamodb})`, close: async () => {} };
    }
  }
  const dynamo = await startDynalite(join(dataDir, 'dynamodb'));
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  await ensureTables(dynamo.endpoint);
  return { label: `dynalite over ${dataDir}`, close: () => dynamo.close() };
}

async function alertSlots(email: string): Promise<number> {
  const target = await connect();
  resetDocumentClient();
  try {
    const userId = await new UsersRepository(documentClient()).userIdForEmail(email);
    if (!userId) throw new Error(`No account with the email ${email}.`);
    const { active, tidied } = await recountAlertSlots(documentClient(), userId);
    console.log(
      `[admin] ${new Date().toISOString()} ${target.label}: ${email}: ${active} active alerts in their slots (${tidied} stored before slots moved or second slots freed)`,
    );
    return 0;
  } catch (err) {
    console.error(`[admin] ${(err as Error).message}`);
    return 1;
  } finally {
    await target.close();
  }
}

async function main(): Promise<number> {
  const [command, email, plan] = positionals;
  if (command === 'alert-slots' && email) return alertSlots(email);
  if (command !== 'subscription' || !email || !PLANS.includes(plan as Plan) || !values.by || !values.reason) {
    console.error(usage);
    return 2;
  }
  const target = await connect();
  resetDocumentClient();
  try {
    // Stripe when STRIPE_SECRET_KEY (or STRIPE_SECRET_ARN) is set. Against AWS without it there
    // is no port: the local adapter's no-op cancel would leave a real subscription billing.
    const port =
      values.aws && !process.env.STRIPE_SECRET_KEY
        ? undefined
        : payments(process.env.APP_BASE_URL ?? 'http://localhost:3000');
    const line = await setPlan(
      documentClient(),
      { email, plan: plan as Plan, by: values.by, reason: values.reason, force: values.force },
      new Date(),
      port,
    );
    console.log(`[admin] ${new Date().toISOString()} ${target.label}: ${line}`);
    return 0;
  } catch (err) {
    console.error(`[admin] ${(err as Error).message}`);
    return 1;
  } finally {
    await target.close();
  }
}

process.exitCode = await main();
