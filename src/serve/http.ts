/**
 * Small HTTP helpers of the explorer (`carclab serve`): a request error with its status and a
 * message for the user (never a stack trace), JSON and text answers, and query parameters read with
 * their checks.
 */
import type { ServerResponse } from 'node:http';

/** A bad request: answered with `status` and `{ error: message }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
} as const;

export function send(res: ServerResponse, status: number, type: string, body: string | Uint8Array): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...SECURITY_HEADERS });
  res.end(body);
}

export const sendJson = (res: ServerResponse, value: unknown, status = 200): void =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));

export const sendError = (res: ServerResponse, status: number, message: string): void =>
  sendJson(res, { error: message }, status);

/** Query parameters of one request, read with the checks every endpoint needs. */
export class Query {
  constructor(private readonly params: URLSearchParams) {}

  text(name: string): string {
    const value = this.params.get(name);
    if (value === null || value === '') throw new HttpError(400, `missing query parameter "${name}"`);
    return value;
  }

  optionalText(name: string): string | undefined {
    const value = this.params.get(name);
    return value === null || value === '' ? undefined : value;
  }

  /** A whole number in [min, max]; `fallback` when absent (required when there is none). */
  int(name: string, min: number, max: number, fallback?: number): number {
    const raw = this.params.get(name);
    if ((raw === null || raw === '') && fallback !== undefined) return fallback;
    if (raw === null || raw === '') throw new HttpError(400, `missing query parameter "${name}"`);
    if (!/^-?\d+$/.test(raw)) throw new HttpError(400, `"${name}" must be a whole number, got ${JSON.stringify(raw)}`);
    const value = Number(raw);
    if (value < min || value > max) throw new HttpError(400, `"${name}" must be ${min} to ${max}, got ${value}`);
    return value;
  }
}

/** Reads a JSON request body of at most `limit` bytes. */
export async function readJsonBody(req: AsyncIterable<Buffer | string>, limit = 64 * 1024): Promise<unknown> {
  let size = 0;
  const parts: Buffer[] = [];
  for await (const chunk of req) {
    const part = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += part.length;
    if (size > limit) throw new HttpError(413, `request body larger than ${limit} bytes`);
    parts.push(part);
  }
  const text = Buffer.concat(parts).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'request body is not valid JSON');
  }
}
