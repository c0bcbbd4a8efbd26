import { buildOpenApiDocument } from '@tapewatch/shared/api/openapi';
import { defineHandler } from '../../lib/http.ts';

// The document depends only on the code: build it once per container.
let document: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The API reference's source: the OpenAPI 3.1 document of the route table. */
export const handler = defineHandler('get_openapi', async () => {
  document ??= buildOpenApiDocument(process.env.TAPEWATCH_VERSION ?? 'dev');
  return document;
});
