import { describe, expect, it } from 'vitest';
import { routeList } from './routes.ts';

// The authz matrix, the fuzzer and the bench call every GET route with its example, and the fuzzer
// every POST route with its example body: a route added without one would be called bare and fail
// there with a less telling message, or not be timed.
describe('route examples', () => {
  const gets = routeList.filter((r) => r.method === 'GET');

  it.each(gets.map((r) => [r.name, r] as const))('GET %s has an example its query schema accepts', (_name, route) => {
    expect(route.example, "add `example` to the route entry ('' when it takes no parameters)").toEqual(
      expect.any(String),
    );
    const parsed = route.query.safeParse(Object.fromEntries(new URLSearchParams(route.example)));
    expect(parsed.success, parsed.error?.message).toBe(true);
  });

  it('POST routes carry no query example (their inputs are bodies)', () => {
    expect(routeList.filter((r) => r.method === 'POST' && r.example !== undefined).map((r) => r.name)).toEqual([]);
  });

  // A body-less call is already what the fuzzer and the authz matrix send; a required body needs a real example.
  const needBody = routeList.filter((r) => r.method === 'POST' && !r.body.safeParse(undefined).success);

  it('some POST routes need a body (the check below is not vacuous)', () => {
    expect(needBody.length).toBeGreaterThan(0);
  });

  it.each(needBody.map((r) => [r.name, r] as const))(
    'POST %s has an example body its schema accepts',
    (_name, route) => {
      const parsed = route.body.safeParse(route.exampleBody);
      expect(parsed.success, `add \`exampleBody\` to the route entry: ${parsed.error?.message}`).toBe(true);
    },
  );
});
