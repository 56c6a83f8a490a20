/**
 * Parts of the play page: the board with its legal cells, zoom and fit; the tile to place; the placed
 * tile with the spots where a meeple may go; the rules in force.
 */
import type { LegalCell, PlayPreview, PlayState } from '../src/serve/api-types.ts';
import { button, el, svgElement } from './dom.ts';

const SVG = 'http://www.w3.org/2000/svg';

/** Zoom steps (1: a tile is drawn 64 pixels wide). */
const ZOOMS = [0.25, 0.35, 0.5, 0.7, 1, 1.4, 2];

/**
 * The board, zoomable: `fit` (the default) scales it to its box, at most to its natural size; the
 * buttons step the zoom, and the box scrolls when the board is larger than it.
 */
export class BoardView {
  readonly element: HTMLElement;
  private readonly box: HTMLElement;
  private readonly label: HTMLElement;
  private zoom: number | 'fit' = 'fit';
  private svg: SVGSVGElement | null = null;
  private natural = { width: 1, height: 1 };

  constructor() {
    this.box = el('div', { class: 'play-board', id: 'play-board' });
    this.label = el('span', { id: 'zoom-label' });
    this.element = el(
      'div',
      { class: 'board-view' },
      el(
        'div',
        { class: 'board-tools' },
        button('−', () => this.step(-1), { id: 'zoom-out', title: 'zoom out', 'aria-label': 'zoom out' }),
        button('+', () => this.step(1), { id: 'zoom-in', title: 'zoom in', 'aria-label': 'zoom in' }),
        button('fit', () => this.set('fit'), { id: 'zoom-fit', title: 'the whole board in view' }),
        this.label,
      ),
      this.box,
    );
    window.addEventListener('resize', () => {
      if (this.zoom === 'fit') this.apply();
    });
  }

  /** Draws the board with its legal cells outlined (the chosen one marked, the tile to place shown in it). */
  draw(state: PlayState, chosen: LegalCell | null, preview: PlayPreview | null, onCell: (c: LegalCell) => void): void {
    const { board } = state;
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', `0 0 ${board.width} ${board.height}`);
    svg.append(svgElement(board.svg));
    for (const c of state.legal) {
      const isChosen = chosen !== null && chosen.x === c.x && chosen.y === c.y;
      if (isChosen && preview) svg.append(placedTile(preview, c, board.tileSize));
      const rect = document.createElementNS(SVG, 'rect');
      for (const [k, v] of Object.entries({ x: c.left, y: c.top, width: board.tileSize, height: board.tileSize }))
        rect.setAttribute(k, String(v));
      rect.setAttribute('class', `legal${isChosen ? ' chosen' : ''}`);
      rect.dataset.cell = `${c.x},${c.y}`;
      rect.addEventListener('click', () => onCell(c));
      svg.append(rect);
    }
    this.svg = svg;
    this.natural = { width: board.width, height: board.height };
    this.box.replaceChildren(svg);
    this.apply();
  }

  private set(zoom: number | 'fit'): void {
    this.zoom = zoom;
    this.apply();
  }

  private step(direction: number): void {
    const now = this.scale();
    const next = direction > 0 ? ZOOMS.find((z) => z > now + 1e-6) : [...ZOOMS].reverse().find((z) => z < now - 1e-6);
    this.set(next ?? (direction > 0 ? ZOOMS[ZOOMS.length - 1]! : ZOOMS[0]!));
  }

  /** The scale drawn: the zoom chosen, or what fits the box (never above natural size). */
  private scale(): number {
    if (this.zoom !== 'fit') return this.zoom;
    // The box is as tall as the board, up to its max-height (a share of the screen's height).
    const width = this.box.clientWidth - 4;
    const height = (Number.parseFloat(getComputedStyle(this.box).maxHeight) || this.box.clientHeight) - 4;
    if (width <= 0 || height <= 0) return 1;
    return Math.min(1, width / this.natural.width, height / this.natural.height);
  }

  private apply(): void {
    if (!this.svg) return;
    const scale = this.scale();
    this.svg.setAttribute('width', String(Math.round(this.natural.width * scale)));
    this.svg.setAttribute('height', String(Math.round(this.natural.height * scale)));
    this.label.textContent = `${Math.round(scale * 100)} %${this.zoom === 'fit' ? ' (fit)' : ''}`;
  }
}

/** The tile to place, drawn in its cell at the rotation chosen (the preview's picture of it). */
function placedTile(preview: PlayPreview, cell: LegalCell, tileSize: number): SVGSVGElement {
  const tile = svgElement(preview.tile.svg);
  for (const [k, v] of Object.entries({ x: cell.left, y: cell.top, width: tileSize, height: tileSize }))
    tile.setAttribute(k, String(v));
  tile.setAttribute('class', 'placing');
  return tile;
}

/** The drawn tile's picture, as printed, before a cell is chosen. */
export function drawnTile(state: PlayState): HTMLElement | null {
  if (!state.drawnTile) return null;
  return el(
    'figure',
    { class: 'drawn', id: 'drawn-tile' },
    svgElement(state.drawnTile),
    el('figcaption', {}, `tile to place: ${state.drawn}`),
  );
}

/**
 * The placed tile, big, with a numbered spot for each meeple it may take, and the list of every
 * follow-up (nothing, the meeples, the expansions' actions); a spot and its line select each other.
 */
export function followUpChooser(
  preview: PlayPreview,
  selected: number,
  onSelect: (action: number) => void,
): HTMLElement {
  const picture = svgElement(preview.tile.svg);
  picture.setAttribute('class', 'spots');
  const radius = preview.tile.size * 0.075;
  let n = 0;
  const numbered = preview.followUps.map((f) => ({ ...f, n: f.spot ? ++n : 0 }));
  for (const f of numbered) {
    if (!f.spot) continue;
    const g = document.createElementNS(SVG, 'g');
    g.setAttribute('class', `spot${f.action === selected ? ' selected' : ''}`);
    g.dataset.action = String(f.action);
    const circle = document.createElementNS(SVG, 'circle');
    for (const [k, v] of Object.entries({ cx: f.spot.x, cy: f.spot.y, r: radius })) circle.setAttribute(k, String(v));
    const text = document.createElementNS(SVG, 'text');
    for (const [k, v] of Object.entries({ x: f.spot.x, y: f.spot.y + radius * 0.4, 'font-size': radius * 1.1 }))
      text.setAttribute(k, String(v));
    text.setAttribute('text-anchor', 'middle');
    text.textContent = String(f.n);
    const title = document.createElementNS(SVG, 'title');
    title.textContent = `${f.n}. ${f.label}`;
    g.append(title, circle, text);
    g.addEventListener('click', () => onSelect(f.action));
    picture.append(g);
  }
  const list = el(
    'div',
    { id: 'follow-ups' },
    ...numbered.map((f) => {
      const radio = el('input', { type: 'radio', name: 'follow', value: f.action, checked: f.action === selected });
      radio.addEventListener('change', () => onSelect(f.action));
      return el('label', { class: 'follow', title: f.text }, radio, ` ${f.n ? `${f.n}. ` : ''}${f.label}`);
    }),
  );
  return el('div', { class: 'chooser' }, el('div', { class: 'preview', id: 'preview' }, picture), list);
}

/** The expansions and house rules in force, each house rule with its official value and meaning. */
export function rulesInForce(state: PlayState): HTMLElement {
  const expansions = state.expansions.length ? state.expansions.join(', ') : 'base game';
  return el(
    'div',
    { class: 'rules', id: 'play-rules' },
    el('b', {}, 'Rules: '),
    expansions,
    state.rules.length === 0
      ? '; official rules.'
      : el(
          'ul',
          {},
          ...state.rules.map((r) =>
            el(
              'li',
              {},
              el('b', {}, `${r.name} = ${r.value}`),
              ` (house rule; official ${r.official})${r.about ? `: ${r.about}` : ''}`,
            ),
          ),
        ),
  );
}
