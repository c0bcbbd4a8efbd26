import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clearContainerCaches } from '../lib/container-caches.ts';

let cached: DynamoDBDocumentClient | undefined;
let localRequestHandler: DynamoDBClientConfig['requestHandler'];

/**
 * One document client per Lambda container. DYNAMODB_ENDPOINT points it at dynalite locally;
 * on AWS it is unset and the SDK uses the regional endpoint and the function's role.
 */
export function documentClient(): DynamoDBDocumentClient {
  if (cached) return cached;
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  const client = new DynamoDBClient({
    region: process.env.AWS_REGION ?? 'us-east-1',
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 2 } : {}),
    ...(endpoint && localRequestHandler ? { requestHandler: localRequestHandler } : {}),
  });
  cached = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
  });
  return cached;
}

/**
 * Tests and the local runtime point the client elsewhere before first use; what the container cached
 * of the previous database goes with it.
 */
export function resetDocumentClient(
  /** The local runtime's in-process path to dynalite (scripts/local/dynalite-port.ts); used only with DYNAMODB_ENDPOINT. */
  requestHandler?: DynamoDBClientConfig['requestHandler'],
): void {
  cached = undefined;
  localRequestHandler = requestHandler;
  clearContainerCaches();
}
