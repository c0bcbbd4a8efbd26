import type { z } from 'zod';

/**
 * Turns a zod error into one sentence naming the parameter, e.g.
 * "Invalid value for 'top': expected one of short, days, float."
 */
export function describeZodError(error: z.ZodError, where: 'query' | 'body', raw?: unknown): string {
  const issue = error.issues[0];
  if (!issue) return `Invalid ${where}.`;
  const name = issue.path.map(String).join('.');
  const noun = where === 'query' ? 'parameter' : 'field';
  // An issue of the whole body or query names no parameter: say what was wrong with it instead.
  if (name === '' && issue.code === 'invalid_type') {
    return issue.expected === 'undefined'
      ? `This request takes no ${where}.`
      : `The request ${where} must be ${issue.expected === 'object' ? 'a JSON object' : issue.expected}.`;
  }
  switch (issue.code) {
    case 'unrecognized_keys': {
      const keys = issue.keys.map((k) => `'${k}'`).join(', ');
      return `Unknown ${noun}${issue.keys.length > 1 ? 's' : ''} ${keys}.`;
    }
    case 'invalid_type':
      // zod 4 does not report inputs, and coercion hides them: look the value up in the raw input.
      if (valueAt(raw, issue.path) === undefined) return `Missing ${noun} '${name}'.`;
      return `Invalid value for '${name}': expected ${issue.expected === 'number' ? 'a number' : issue.expected}.`;
    case 'invalid_value':
      return `Invalid value for '${name}': expected one of ${issue.values.map(String).join(', ')}.`;
    default:
      // A refinement of the whole query or body carries its own sentence (e.g. credentials in the URL).
      return name ? `Invalid value for '${name}': ${lowerFirst(issue.message)}.` : `${issue.message}.`;
  }
}

function lowerFirst(s: string): string {
  return s.length > 0 ? s[0]!.toLowerCase() + s.slice(1).replace(/\.$/, '') : s;
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = raw;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}
