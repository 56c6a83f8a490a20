/**
 * The generated blocks of the docs pages (`scripts/doc-figures.ts`). A block is the text between
 *
 *   <!-- figures:ID begin META -->
 *   …
 *   <!-- figures:ID end -->
 *
 * and is rewritten whole by the script; META is what the script keeps for its check (e.g. the
 * fingerprint of an agent whose level is regenerated only by hand). Nothing here runs anything.
 */

export interface Block {
  /** What follows `begin` in the opening marker, trimmed ('' when nothing). */
  meta: string;
  /** The lines between the markers, without the markers. */
  body: string;
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const beginPattern = (id: string) => new RegExp(`^<!-- figures:${literal(id)} begin(.*?)-->\\n`, 'gm');
const endPattern = (id: string) => new RegExp(`^<!-- figures:${literal(id)} end -->$`, 'gm');

/** Where the block `id` lies in `text`; an Error naming the page when it is missing, repeated or unclosed. */
function locate(
  text: string,
  id: string,
  page: string,
): { start: number; bodyStart: number; end: number; meta: string } {
  const begins = [...text.matchAll(beginPattern(id))];
  const ends = [...text.matchAll(endPattern(id))];
  if (begins.length !== 1 || ends.length !== 1)
    throw new Error(
      `${page}: expected one "<!-- figures:${id} begin -->" and one "<!-- figures:${id} end -->", found ${begins.length} and ${ends.length}`,
    );
  const begin = begins[0]!;
  const end = ends[0]!;
  const bodyStart = begin.index + begin[0].length;
  if (end.index < bodyStart) throw new Error(`${page}: the end marker of figures:${id} comes before its begin marker`);
  return { start: begin.index, bodyStart, end: end.index, meta: begin[1]!.trim() };
}

/** The block `id` of a page's text. */
export function readBlock(text: string, id: string, page: string): Block {
  const at = locate(text, id, page);
  return { meta: at.meta, body: text.slice(at.bodyStart, at.end).replace(/\n$/, '') };
}

/** The page's text with the block `id` replaced (markers included) by `block`. */
export function replaceBlock(text: string, id: string, page: string, block: Block): string {
  const at = locate(text, id, page);
  const begin = `<!-- figures:${id} begin${block.meta ? ` ${block.meta}` : ''} -->\n`;
  return `${text.slice(0, at.start)}${begin}${block.body.replace(/\n*$/, '\n')}${text.slice(at.end)}`;
}

const commonPrefix = (a: string, b: string) => {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k;
};

/**
 * The lines of `fresh` (blank lines aside) that `committed` does not hold verbatim, each shown beside
 * the committed line most like it (the longest common beginning: the same table row or sentence), as
 * a two-line diff. Empty when every fresh line is there: the check of a block whose other lines (levels
 * too slow for CI) it cannot regenerate.
 */
export function missingLines(committed: string, fresh: string): string[] {
  const have = committed.split('\n');
  const present = new Set(have);
  return fresh
    .split('\n')
    .filter((line) => line.trim() !== '' && !present.has(line))
    .map((line) => {
      const nearest = have.reduce((best, c) => (commonPrefix(c, line) > commonPrefix(best, line) ? c : best), '');
      return `- committed: ${nearest || '(no such line)'}\n+ fresh:     ${line}`;
    });
}
