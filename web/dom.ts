/** Small DOM helpers: elements from tag, attributes and children; JSON requests to the API. */

type Child = Node | string | number | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children)
    if (child !== null && child !== undefined && child !== false)
      node.append(child instanceof Node ? child : String(child));
  return node;
}

/** A button calling `onClick`. */
export function button(
  label: string,
  onClick: () => void,
  attrs: Record<string, string | number | boolean | undefined> = {},
): HTMLButtonElement {
  const b = el('button', { type: 'button', ...attrs }, label);
  b.addEventListener('click', onClick);
  return b;
}

/**
 * A table of rows of cells under a header. Each cell carries its column's name (`data-label`), so
 * that a narrow screen can show a row as a card of labelled lines (`class: 'cards'`, style.css).
 */
export function table(header: string[], rows: Child[][], attrs: Record<string, string> = {}): HTMLTableElement {
  return el(
    'table',
    attrs,
    el('thead', {}, el('tr', {}, ...header.map((h) => el('th', {}, h)))),
    el(
      'tbody',
      {},
      ...rows.map((r) => el('tr', {}, ...r.map((c, i) => el('td', { 'data-label': header[i] || undefined }, c)))),
    ),
  );
}

/** The API's answer as JSON; an error answer throws its message. */
export async function api<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(
    path,
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  const value = (await response.json()) as T | { error: string };
  if (!response.ok) throw new Error((value as { error: string }).error ?? `HTTP ${response.status}`);
  return value as T;
}

/** A query string from parameters (undefined ones left out). */
export function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  return q.toString();
}

/** An SVG picture from the server, inline (so the page can draw on it). */
export function svgElement(svg: string): SVGSVGElement {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  return document.importNode(doc.documentElement, true) as unknown as SVGSVGElement;
}

export const seatList = (seats: number[]): string => (seats.length ? seats.map((s) => `P${s}`).join(' + ') : 'nobody');

/** The URL of a file under the results folder (each part of its path encoded). */
export const fileUrl = (path: string): string => `/files/${path.split('/').map(encodeURIComponent).join('/')}`;
