/**
 * Whether this process is the local runtime (`npm start`, the tests' runtimes), which sets
 * TAPEWATCH_RUNTIME=local before it mounts any handler. Local stand-ins (the checkout pages, a
 * webhook secret generated per data directory) exist only there: on AWS a missing configuration
 * means refuse, never a local default. A Lambda container is never local, whatever its env says.
 */
export function isLocalRuntime(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.TAPEWATCH_RUNTIME === 'local' && !env.AWS_LAMBDA_FUNCTION_NAME;
}
