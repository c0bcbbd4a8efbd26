import { isIP } from 'node:net';

/**
 * Guards of the local runtime's front door (issue 18 items 9 and 10). The runtime is one process:
 * a request that throws outside a handler's promise would take every route, the WebSocket API and
 * the database down with it, so the URL is checked once, before any route sees it.
 */

/** The bind address when HOST is not set: nothing outside this machine can connect. */
export const DEFAULT_HOST = '127.0.0.1';

/** 127.0.0.0/8, ::1 and their IPv4-mapped form: the whole loopback range, not one address. */
export function isLoopback(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return ip === '::1';
}

/**
 * The request target as a URL, or null when it is malformed: an unparsable absolute form
 * ("http://[::1/x") or a path whose percent-encoding is not UTF-8 ("/%E0%A4%A"), which would
 * make any later decodeURIComponent throw.
 */
export function parseRequestTarget(target: string | undefined): URL | null {
  try {
    const url = new URL(target ?? '/', 'http://localhost');
    decodeURIComponent(url.pathname);
    return url;
  } catch {
    return null;
  }
}

/** The bind address and, when it lets other machines in, the warning to print on start. */
export function bindHost(env: NodeJS.ProcessEnv): { host: string; warning: string | null } {
  const host = env.HOST?.trim() || DEFAULT_HOST;
  if (host === 'localhost' || isLoopback(host)) return { host, warning: null };
  return {
    host,
    warning:
      `WARNING: HOST=${host} exposes this runtime to other machines on the network (the app and its API). ` +
      'The /dev pages (the mail outbox with login and reset links, the local checkout and billing pages) answer ' +
      'loopback clients only, but anything on this machine that forwards requests (a reverse proxy, an SSH ' +
      'tunnel, a container port map) makes them reachable too. Use HOST only on a network you trust.',
  };
}

/**
 * A return address of the local billing portal, reduced to a same-origin path: an absolute URL
 * must have exactly `baseUrl`'s origin (a prefix check would let "http://localhost:3000.evil.example"
 * through), and the result never starts with "//", which a browser would read as another host.
 */
export function sameOriginPath(value: string | null, baseUrl: string, fallback = '/profile'): string {
  if (!value) return fallback;
  try {
    const base = new URL(baseUrl);
    const url = new URL(value, base);
    if (url.origin !== base.origin) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : fallback;
  } catch {
    return fallback;
  }
}
