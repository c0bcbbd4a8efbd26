import type { OpenApiDocument } from '@tapewatch/shared/api/openapi';

type JsonSchema = Record<string, unknown>;
export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
  example?: string;
}
export interface Operation {
  method: 'GET' | 'POST';
  path: string;
  operationId: string;
  summary: string;
  /** Who may call it and how long answers are cached (the document's description); '' when neither applies. */
  note: string;
  tag: string;
  needsToken: boolean;
  /** An API key may call it (every route outside the account areas). */
  takesKey: boolean;
  parameters: Parameter[];
  bodyExample?: unknown;
  response: JsonSchema;
}

/** The document's operations grouped by tag, in the document's tag order. */
export function operationsByTag(
  doc: OpenApiDocument,
): Array<{ tag: string; description: string; operations: Operation[] }> {
  const all: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const o = raw as Record<string, unknown> & {
        responses: Record<string, { content: Record<string, { schema: JsonSchema }> }>;
      };
      const body = (o.requestBody as { content?: Record<string, { example?: unknown }> } | undefined)?.content?.[
        'application/json'
      ];
      const security = o.security as Array<Record<string, unknown>>;
      all.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        operationId: String(o.operationId),
        summary: String(o.summary),
        note: typeof o.description === 'string' ? o.description : '',
        tag: (o.tags as string[])[0] ?? '',
        // A public route lists `{}` (no credential) among its options.
        needsToken: security.length > 0 && !security.some((req) => Object.keys(req).length === 0),
        takesKey: security.some((req) => 'apiKey' in req),
        parameters: (o.parameters as Parameter[] | undefined) ?? [],
        ...(body?.example !== undefined ? { bodyExample: body.example } : {}),
        response: o.responses['200']?.content['application/json']?.schema ?? {},
      });
    }
  }
  return doc.tags.map((t) => ({
    tag: t.name,
    description: t.description,
    operations: all.filter((o) => o.tag === t.name),
  }));
}

/** What a parameter takes, in a few words: `integer 1-10000, default 252`, `one of asc, desc`. */
export function describeSchema(s: JsonSchema): string {
  const parts: string[] = [];
  if (Array.isArray(s.enum)) parts.push(`one of ${s.enum.join(', ')}`);
  else if (s.type) parts.push(Array.isArray(s.type) ? s.type.join(' or ') : String(s.type));
  else if (Array.isArray(s.anyOf)) parts.push((s.anyOf as JsonSchema[]).map(describeSchema).join(' or '));
  if (s.minimum !== undefined || s.maximum !== undefined) parts.push(`${s.minimum ?? ''}-${s.maximum ?? ''}`);
  if (s.maxLength !== undefined) parts.push(`up to ${s.maxLength} characters`);
  if (s.default !== undefined) parts.push(`default ${JSON.stringify(s.default)}`);
  return parts.join(', ') || 'any';
}

/** A curl command that runs the operation's example against this site. */
export function curlFor(op: Operation, origin: string): string {
  const query = op.parameters
    .filter((p) => p.example !== undefined)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.example!)}`);
  const url = `${origin}${op.path}${query.length ? `?${query.join('&')}` : ''}`;
  const lines = [`curl '${url}'`];
  // Scripts use a key; the account routes take only a website session's token.
  if (op.needsToken || op.takesKey)
    lines.push(`  -H "Authorization: Bearer ${op.takesKey ? '$TAPEWATCH_KEY' : '$TAPEWATCH_TOKEN'}"`);
  if (op.method === 'POST') {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  -d '${JSON.stringify(op.bodyExample ?? {})}'`);
  }
  return lines.join(' \\\n');
}
