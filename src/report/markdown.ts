/**
 * The small Markdown subset report text is written in, rendered to HTML: paragraphs, `- ` bullet
 * lists, `**bold**`, `*italic*`, `` `code` `` and `[text](relative/link)`. Everything is escaped
 * first, so text can never inject markup; links to other sites are shown as text (a report page
 * makes no outside references).
 */
import { escapeHtml } from '../charts/index.ts';

/** Inline Markdown of one line or paragraph to HTML (input escaped first). */
export function inlineHtml(text: string): string {
  // 1. Pull code spans out so nothing inside them is formatted.
  const codes: string[] = [];
  let s = text.replace(/`([^`]+)`/g, (_, code: string) => {
    codes.push(`<code>${escapeHtml(code)}</code>`);
    return `\u0000${codes.length - 1}\u0000`;
  });
  // 2. Escape, then format.
  s = escapeHtml(s);
  s = s.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, href: string) => {
    // href is already escaped; only relative links become anchors.
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return `${label} (${href})`;
    return `<a href="${href}">${label}</a>`;
  });
  s = s.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  s = s.replace(/(^|[^*])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>');
  // 3. Put the code spans back.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL brackets the code-span placeholders of step 1
  return s.replace(/\u0000(\d+)\u0000/g, (_, i: string) => codes[Number(i)]!);
}

/**
 * Block Markdown (paragraphs separated by blank lines, `- ` bullet lists) to HTML. A bullet line
 * starts a list even right under a paragraph line (as in CommonMark), and indented lines continue
 * the previous item.
 */
export function markdownToHtml(markdown: string): string {
  const out: string[] = [];
  const bullet = /^\s*[-*] /;
  for (const block of markdown.trim().split(/\n\s*\n/)) {
    let paragraph: string[] = [];
    let items: string[] = [];
    const flush = () => {
      if (paragraph.length) out.push(`<p>${inlineHtml(paragraph.join(' '))}</p>`);
      if (items.length) out.push(`<ul>\n${items.map((i) => `<li>${inlineHtml(i)}</li>`).join('\n')}\n</ul>`);
      paragraph = [];
      items = [];
    };
    for (const line of block.split('\n')) {
      if (bullet.test(line)) {
        if (paragraph.length) {
          out.push(`<p>${inlineHtml(paragraph.join(' '))}</p>`);
          paragraph = [];
        }
        items.push(line.replace(bullet, ''));
      } else if (items.length && /^\s{2,}\S/.test(line)) items[items.length - 1] += ` ${line.trim()}`;
      else {
        if (items.length) flush();
        paragraph.push(line);
      }
    }
    flush();
  }
  return out.join('\n');
}
