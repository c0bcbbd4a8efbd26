import { App } from 'aws-cdk-lib';
import { handlerModules } from '../lib/handler-modules.ts';
import { entryFile, missingEntries } from '../lib/paths.ts';
import { stageConfig } from '../lib/stage.ts';
import { TapewatchStack } from '../lib/tapewatch-stack.ts';

const app = new App();
const stage = stageConfig(String(app.node.tryGetContext('stage') ?? process.env.TAPEWATCH_STAGE ?? 'dev'));
// Escape hatch while handlers are being written: `-c tapewatch:stubMissingHandlers=true`
// synthesizes stand-ins that answer 501. Off by default so a deploy never ships them silently.
const stubMissingHandlers = String(app.node.tryGetContext('tapewatch:stubMissingHandlers')) === 'true';

const missing = missingEntries(handlerModules());
if (missing.length > 0) {
  const list = missing.map((m) => `  - ${m} (${entryFile(m)})`).join('\n');
  if (!stubMissingHandlers) {
    console.error(
      `Cannot synthesize: the route/schedule tables name handlers that do not exist yet:\n${list}\n` +
        'Write them (each exports `handler`), or pass -c tapewatch:stubMissingHandlers=true for a template-only synth.',
    );
    process.exit(1);
  }
  console.warn(`Using 501 stubs for missing handlers:\n${list}`);
}

new TapewatchStack(app, `Tapewatch-${stage.name}`, {
  stage,
  stubMissingHandlers,
  description: `Tapewatch (${stage.name}): web, /api, data tables, scheduled jobs`,
  terminationProtection: stage.retain,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
