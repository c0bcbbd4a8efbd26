import type { z } from 'zod';

/**
 * Turns a zod error into one sentence naming the parameter, e.g.
 * "Invalid value for 'top': expected one of short, days, float."
 */
export function describeZodError(error: z.ZodError, where: 'query' | 'body'): string {
  const issue = error.issues[0];
  if (!issue) return `Invalid ${where}.`;
  const name = issue.path.map(String).join('.');
  const noun = where === 'query' ? 'parameter' : 'field';
  switch (issue.code) {
    case 'unrecognized_keys': {
      const keys = issue.keys.map((k) => `'${k}'`).join(', ');
      return `Unknown ${noun}${issue.keys.length > 1 ? 's' : ''} ${keys}.`;
    }
    case 'invalid_type':
      if (issue.input === undefined) return `Missing ${noun} '${name}'.`;
      return `Invalid value for '${name}': expected ${issue.expected}.`;
    case 'invalid_value':
      return `Invalid value for '${name}': expected one of ${issue.values.map(String).join(', ')}.`;
    default:
      return name ? `Invalid value for '${name}': ${lowerFirst(issue.message)}.` : `${issue.message}.`;
  }
}

function lowerFirst(s: string): string {
  return s.length > 0 ? s[0]!.toLowerCase() + s.slice(1).replace(/\.$/, '') : s;
}
