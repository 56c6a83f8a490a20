import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { compileChart, embedSnippet, exampleCharts, toOfflineHTML, vegaScriptTags } from '../../src/charts/index.ts';
import type { HtmlChart } from '../../src/charts/index.ts';

/** The contents of every <script> element, in order. */
const scripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

const charts: HtmlChart[] = exampleCharts().map((e) => ({ spec: e.spec, title: e.title, caption: e.caption }));
const page = toOfflineHTML(charts, {
  title: 'Charts </script><script>alert(1)</script>',
  intro: 'Every chart kind & its caption.',
});

describe('offline HTML', () => {
  it('references no outside resource: no script src, no stylesheet link, no http(s) src/href/url()', () => {
    expect(page).not.toMatch(/<script[^>]*\bsrc\s*=/i);
    expect(page).not.toMatch(/<link\b/i);
    expect(page).not.toMatch(/\b(src|href)\s*=\s*["']?\s*(https?:)?\/\//i);
    expect(page).not.toMatch(/url\(\s*["']?\s*(https?:)?\/\//i);
    expect(page).not.toMatch(/@import/i);
  });

  it('inlines vega and vega-embed as valid scripts', () => {
    expect(page).toContain('/* vega 6.4.0 (inlined) */');
    expect(page).toContain('/* vega-embed 7.3.0 (inlined) */');
    const [vega, embed] = scripts(vegaScriptTags());
    expect(vega!.length).toBeGreaterThan(400_000);
    expect(() => new Script(vega!)).not.toThrow();
    expect(() => new Script(embed!)).not.toThrow();
  });

  it('has one embed per chart, each into its own element, with the precompiled Vega spec first', () => {
    const embeds = scripts(page).filter((s) => s.trimStart().startsWith('(function () {'));
    expect(embeds).toHaveLength(charts.length);
    embeds.forEach((source, i) => {
      expect(page).toContain(`<div id="chart-${i + 1}"></div>`);
      const calls: unknown[][] = [];
      const vegaEmbed = (...args: unknown[]) => {
        calls.push(args);
        return Promise.resolve();
      };
      let tried: unknown[] = [];
      // The page's fitting draws the first spec, and the narrower ones only when it is too wide.
      const carclabFit = (element: unknown, specs: unknown[], embed: (e: unknown, s: unknown) => Promise<unknown>) => {
        tried = specs;
        return embed(element, specs[0]);
      };
      const document = { getElementById: (id: string) => ({ id }) };
      new Function('vegaEmbed', 'document', 'carclabFit', source)(vegaEmbed, document, carclabFit);
      const [target, spec, options] = calls[0]!;
      expect(target).toEqual({ id: `chart-${i + 1}` });
      const { $schema: _, ...expected } = compileChart(charts[i]!.spec).vega;
      expect(spec).toEqual(JSON.parse(JSON.stringify(expected)));
      expect(tried.length).toBeGreaterThan(1);
      expect(options).toEqual({
        mode: 'vega',
        renderer: 'svg',
        actions: { export: true, source: false, compiled: false, editor: false },
      });
    });
  });

  it('escapes text: no element ends early and markup in titles stays text', () => {
    expect(page.match(/<script>/g)!.length).toBe(page.match(/<\/script>/g)!.length);
    expect(page).toContain('<title>Charts &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(page).toContain('Every chart kind &amp; its caption.');
    const spec = { ...charts[0]!.spec, title: 'a </script> b' } as HtmlChart['spec'];
    expect(embedSnippet(spec, 'x')).not.toMatch(/<\/script>[\s\S]*<\/script>/);
  });

  it('accepts only plain element ids', () => {
    expect(() => embedSnippet(charts[0]!.spec, 'a"><script>')).toThrow(/element id/);
    expect(embedSnippet(charts[0]!.spec, 'fig-1_a')).toContain('document.getElementById("fig-1_a")');
  });
});
