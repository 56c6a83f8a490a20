/** The explorer's pages, chosen by the URL's fragment: #/ runs, #/run, #/game, #/pair, #/play. */
import { el } from './dom.ts';
import { gameViewPage } from './game.ts';
import { pairViewPage } from './pair.ts';
import { playPage, playSetupPage } from './play.ts';
import { runsView, runView } from './runs.ts';

async function route(app: HTMLElement): Promise<void> {
  const [path = '/', search = ''] = location.hash.replace(/^#/, '').split('?');
  const params = new URLSearchParams(search);
  app.dataset.ready = '';
  try {
    if (path === '/run') await runView(app, params);
    else if (path === '/game') await gameViewPage(app, params);
    else if (path === '/pair') await pairViewPage(app, params);
    else if (path === '/play') await (params.has('id') ? playPage(app, params) : playSetupPage(app));
    else await runsView(app);
  } catch (error) {
    app.replaceChildren(
      el('h1', {}, 'Something went wrong'),
      el('p', { class: 'error', id: 'page-error' }, (error as Error).message),
    );
  }
  app.dataset.ready = path;
}

const app = document.getElementById('app')!;
window.addEventListener('hashchange', () => void route(app));
void route(app);
