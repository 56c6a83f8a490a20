/**
 * The Tollkeepers' declarations (`index.ts` defines the module from them): rule parameters,
 * statistics, state fields and events, and the setup context its hooks are built with.
 */
import { enumParam, eventKind, intParam } from '../../engine/index.ts';
import type { GameSize, SetupContext } from '../../engine/index.ts';

export const TOLLKEEPERS_PARAMS = {
  edition: enumParam(
    'tollkeepersEdition',
    ['C3', 'C2'],
    'C3',
    'tile distribution: C3 has a four-road crossroads (TK3) where C2 has a three-road one (TK3.C2)',
  ),
  illustration1: intParam(
    'tollIllustrationPoints1',
    1,
    0,
    20,
    'toll at value 1: points per farmhouse, shed, garden or highwaymen on the road',
  ),
  travellers1: intParam(
    'tollTravellersPoints1',
    3,
    0,
    20,
    'toll at value 1: points per group of travellers on the road',
  ),
  illustration2: intParam('tollIllustrationPoints2', 2, 0, 20, 'toll at value 2: points per illustration on the road'),
  travellers2: intParam(
    'tollTravellersPoints2',
    6,
    0,
    20,
    'toll at value 2: points per group of travellers on the road',
  ),
  finalIllustration: intParam(
    'tollFinalIllustrationPoints',
    1,
    0,
    20,
    'final scoring: points per illustration on an incomplete road ending at the tollhouse',
  ),
  finalTravellers: intParam(
    'tollFinalTravellersPoints',
    1,
    0,
    20,
    'final scoring: points per travellers group on an incomplete road ending at the tollhouse',
  ),
} as const;

export const STATS = [
  'tollhousePlacements',
  'tollhouseRelocations',
  'tollFlips',
  'tollIllustrationIncome1',
  'tollTravellersIncome1',
  'tollIllustrationIncome2',
  'tollTravellersIncome2',
  'tollFinalIncome',
] as const;

/**
 * Per player: the placed index of its tollhouse's tile (-1: in supply), its value, whether it scored
 * travellers this turn. `crossroads`: bit k set when placed tile k is a crossroads (every tile of an
 * ended turn, and the start tile), so that the follow-ups need not look at every placed tile.
 */
export const STATE = {
  tile: { type: 'i16', length: 'players', initial: -1 },
  value: { type: 'i8', length: 'players', initial: 1 },
  flips: { type: 'u8', length: 'players' },
  crossroads: { type: 'i32', length: (size: GameSize) => Math.ceil(size.maxTiles / 32) },
} as const;

/** A log line as the expansion events have always read: what, then points to whom, then details. */
const line = (what: string, points: number, player: number, detail: string) =>
  `${what}${points ? `: ${points} to P${player}` : ''} (${detail})`;
const carried = (e: { illustrations: number; travellers: number }) =>
  `${e.illustrations} illustration(s), ${e.travellers} travellers group(s)`;

export const EVENTS = {
  tollhousePlaced: eventKind(
    { player: 'player', x: 'int', y: 'int', value: 'int' },
    (e) => `P${e.player} puts the tollhouse on the crossroads at (${e.x},${e.y}) (value ${e.value})`,
  ),
  tollPaid: eventKind(
    { owner: 'player', points: 'points', value: 'int', illustrations: 'int', travellers: 'int' },
    (e) => line('toll', e.points, e.owner, `value ${e.value}: ${carried(e)}`),
  ),
  tollhouseFlipped: eventKind(
    { player: 'player', value: 'int' },
    (e) => `P${e.player}'s tollhouse flips (now value ${e.value})`,
  ),
  finalTollPaid: eventKind({ owner: 'player', points: 'points', illustrations: 'int', travellers: 'int' }, (e) =>
    line('final toll', e.points, e.owner, carried(e)),
  ),
} as const;

/** The setup context of the Tollkeepers (its own state fields and events). */
export type TollContext = SetupContext<typeof STATE, typeof EVENTS>;
