import { buildOpenApiDocument, type OpenApiDocument } from '@tapewatch/shared/api/openapi';
import { type JsonText, defineHandler, jsonText } from '../../lib/http.ts';

// The document depends only on the code: built and serialised once per container (~200 kB of JSON).
let document: JsonText<OpenApiDocument> | undefined;

/** The API reference's source: the OpenAPI 3.1 document of the route table. */
export const handler = defineHandler('get_openapi', async () => {
  document ??= jsonText(buildOpenApiDocument(process.env.TAPEWATCH_VERSION ?? 'dev'));
  return document;
});
