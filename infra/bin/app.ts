import { App } from 'aws-cdk-lib';
import { createStacks } from '../lib/app-stacks.ts';
import { deployConfigFromContext } from '../lib/config.ts';
import { handlerModules } from '../lib/handler-modules.ts';
import { entryFile, missingEntries } from '../lib/paths.ts';

const app = new App();
let config: ReturnType<typeof deployConfigFromContext>;
try {
  config = deployConfigFromContext((key) => app.node.tryGetContext(key));
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
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

createStacks(app, {
  config,
  stubMissingHandlers,
  account: process.env.CDK_DEFAULT_ACCOUNT,
  region: process.env.CDK_DEFAULT_REGION,
});
