/**
 * Marks a promise that is started now and awaited later (work begun while something else is
 * awaited) as handled from the moment it exists. Node ends the process on a rejection that has no
 * handler by the end of its turn: a promise awaited only after another await has none until then,
 * so a fast failure (a 404, a throw before its first await) would take the whole server, or a Lambda
 * container, down. Awaiting the returned promise still throws its error; a result nobody awaits is
 * dropped quietly.
 */
export function startedEarly<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
