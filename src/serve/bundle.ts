/**
 * The explorer's pages: one HTML shell and one script, `web/main.ts` bundled by esbuild with
 * vega-embed (vega and vega-lite inside), built once per server in memory. No network at any point.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../run/files.ts';

export const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>carclab explorer</title>
<link rel="stylesheet" href="/assets/style.css">
</head>
<body>
<header><a href="#/">carclab explorer</a><nav><a href="#/">runs</a><a href="#/play">play</a></nav></header>
<main id="app">loading…</main>
<script src="/assets/app.js"></script>
</body>
</html>
`;

/** The bundled script and the style sheet. */
export async function buildAssets(): Promise<{ script: string; style: Uint8Array }> {
  const web = join(REPO_ROOT, 'web');
  const result = await build({
    entryPoints: [join(web, 'main.ts'), join(web, 'style.css')],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2020',
    outdir: 'out',
    logLevel: 'silent',
  });
  const file = (ext: string) => result.outputFiles.find((f) => f.path.endsWith(ext))!;
  return { script: file('.js').text, style: file('.css').contents };
}
