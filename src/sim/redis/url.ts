/**
 * Redis URLs for the distributed backend: `redis://[user][:password@]host[:port][/db]`, or
 * `rediss://` for TLS. Checked at the edge; the password never appears in logs or manifests
 * (`redacted`).
 */
import { isIP } from 'node:net';
import { InputError } from '../../engine/index.ts';

export interface RedisTarget {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls: boolean;
  /** The URL with any credentials replaced by `***`, safe to print. */
  redacted: string;
}

export function parseRedisUrl(text: string, flag: string): RedisTarget {
  const fail = (why: string): never => {
    throw new InputError('backend', `${flag}: ${why}; expected redis://[:password@]host:port[/db] or rediss://… for TLS`);
  };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('not a URL');
  }
  const tls = url.protocol === 'rediss:';
  if (!tls && url.protocol !== 'redis:') fail(`unsupported scheme ${JSON.stringify(url.protocol.replace(/:$/, ''))}`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) fail('no host');
  const port = url.port === '' ? 6379 : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail('bad port');
  const path = url.pathname.replace(/^\//, '');
  const db = path === '' ? 0 : Number(path);
  if (!Number.isInteger(db) || db < 0) fail(`bad database number ${JSON.stringify(path)}`);
  if (url.search || url.hash) fail('no query or fragment allowed');
  const username = decodeURIComponent(url.username) || undefined;
  const password = decodeURIComponent(url.password) || undefined;
  const credentials = username || password ? '***@' : '';
  const redacted = `${tls ? 'rediss' : 'redis'}://${credentials}${url.hostname}:${port}${db ? `/${db}` : ''}`;
  return { host, port, db, tls, redacted, ...(username ? { username } : {}), ...(password ? { password } : {}) };
}

/** ioredis/BullMQ connection options for a target. */
export function connectionOptions(target: RedisTarget) {
  return {
    host: target.host,
    port: target.port,
    db: target.db,
    ...(target.username ? { username: target.username } : {}),
    ...(target.password ? { password: target.password } : {}),
    // The certificate is checked against the host name (an IP address is matched without SNI).
    ...(target.tls ? { tls: isIP(target.host) ? {} : { servername: target.host } } : {}),
    // BullMQ's blocking connections must retry forever rather than fail a command.
    maxRetriesPerRequest: null,
  };
}
