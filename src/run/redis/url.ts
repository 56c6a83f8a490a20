/**
 * Redis URLs for the distributed backend: `redis://[user][:password@]host[:port][/db]`, or
 * `rediss://` for TLS. Checked at the edge; the password never appears in logs or manifests
 * (`redacted`). To keep it out of the process list too, the URL can come from the environment
 * (`CARCLAB_REDIS_URL`) or from a file the environment names (`CARCLAB_REDIS_URL_FILE`).
 */
import { readFileSync } from 'node:fs';
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
    throw new InputError(
      'backend',
      `${flag}: ${why}; expected redis://host:port[/db] (with a password, put :PASSWORD and @ before the host) or rediss://… for TLS`,
    );
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
  // Decimal digits only, as every number on the command line: Number() would read 0x1 or 1e1.
  const db = path === '' ? 0 : /^\d{1,9}$/.test(path) ? Number(path) : NaN;
  if (Number.isNaN(db)) fail(`bad database number ${JSON.stringify(path)}`);
  if (url.search || url.hash) fail('no query or fragment allowed');
  const username = decodeURIComponent(url.username) || undefined;
  const password = decodeURIComponent(url.password) || undefined;
  const credentials = username || password ? '***@' : '';
  const redacted = `${tls ? 'rediss' : 'redis'}://${credentials}${url.hostname}:${port}${db ? `/${db}` : ''}`;
  return { host, port, db, tls, redacted, ...(username ? { username } : {}), ...(password ? { password } : {}) };
}

export const REDIS_URL_ENV = 'CARCLAB_REDIS_URL';
export const REDIS_URL_FILE_ENV = 'CARCLAB_REDIS_URL_FILE';

/**
 * The Redis target of a command: the flag's URL when it gives one, else (no flag, or the flag's
 * value `redis`) the URL in `CARCLAB_REDIS_URL` or in the file `CARCLAB_REDIS_URL_FILE` names.
 */
export function redisTargetFrom(
  value: string | undefined,
  flag: string,
  env: NodeJS.ProcessEnv = process.env,
): RedisTarget {
  if (value !== undefined && value !== 'redis') return parseRedisUrl(value, flag);
  const direct = env[REDIS_URL_ENV];
  if (direct) return parseRedisUrl(direct.trim(), REDIS_URL_ENV);
  const file = env[REDIS_URL_FILE_ENV];
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new InputError(
        'backend',
        `${REDIS_URL_FILE_ENV}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
    return parseRedisUrl(text.trim(), `${REDIS_URL_FILE_ENV} (${file})`);
  }
  throw new InputError(
    'usage',
    `${flag} names no Redis URL: set ${REDIS_URL_ENV} (or ${REDIS_URL_FILE_ENV}, a file holding the URL), or give ${flag} redis://host:port`,
  );
}

/** A message with the credentials of every URL in it replaced by `***` (for anything printed). */
export const redactUrls = (text: string): string => text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1***@');

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

/**
 * A `--queue` name: 1-64 letters, digits or _ . = + - (BullMQ refuses a colon in a queue name, and
 * an empty or odd name is more likely a slip than a queue).
 */
export function parseQueueName(value: string): string {
  if (!/^[A-Za-z0-9_.=+-]{1,64}$/.test(value))
    throw new InputError('usage', `--queue must be 1-64 letters, digits or _ . = + -, got ${JSON.stringify(value)}`);
  return value;
}
