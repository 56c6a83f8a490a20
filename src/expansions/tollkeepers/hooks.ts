/**
 * The Tollkeepers' hooks, by part: the tollhouse moves (follow-ups, scenarios, restricted play), the
 * tolls (completed roads, the flip at the end of the turn, the final scoring), the agents' expected
 * income, and the pictures' pieces and notes.
 */
import { ACTION_BLOCK, InputError, SEG_ROAD } from '../../engine/index.ts';
import type { BoardView, ExpansionHooks } from '../../engine/index.ts';
import type { Tolls } from './crossroads.ts';
import { expectedTolls } from './tolls.ts';
import type { CrossroadsRoads } from './tolls.ts';

/** Writes from `out[count]` the tollhouse moves to the crossroads of ended turns that hold no tollhouse, in placed order; returns the new end. hot path */
export function freeCrossroadsOf(t: Tolls): (state: BoardView, out: Int32Array, count: number) => number {
  const { players } = t;
  const { actionBase, own } = t.ctx;
  return (state, out, count) => {
    const { tile, crossroads: recorded } = own(state);
    const words = (state.placedCount + 31) >> 5;
    for (let w = 0; w < words; w++) {
      let bits = recorded[w]!;
      for (let p = 0; p < players; p++) if (tile[p]! >> 5 === w) bits &= ~(1 << (tile[p]! & 31)); // not the tollhouses' tiles
      for (; bits !== 0; bits &= bits - 1) out[count++] = actionBase + (w << 5) + 31 - Math.clz32(bits & -bits);
    }
    return count;
  };
}

/** Placing or relocating the tollhouse onto a free crossroads, in a turn without a meeple. */
export function tollhouseMoves(t: Tolls, freeCrossroads: ReturnType<typeof freeCrossroadsOf>): ExpansionHooks {
  const { holderOf, isCrossroads, stat } = t;
  const { actionBase, own, emit } = t.ctx;
  /** Whether a follow-up is this expansion's (placing or relocating the tollhouse). */
  const isTollhouseMove = (followUp: number) => followUp >= actionBase && followUp < actionBase + ACTION_BLOCK;
  const at = (state: BoardView, placed: number) => {
    const cell = state.cellOf(placed);
    return { x: state.game.xOf(cell), y: state.game.yOf(cell) };
  };
  return {
    initState(state) {
      if (isCrossroads(state, 0)) own(state).crossroads[0] = 1; // the start tile
    },
    // The free crossroads in placed order: the recorded ones, then this turn's tile (recorded at the end of the turn). hot path
    followUps(state, out, count) {
      const { tile, crossroads: recorded } = own(state);
      count = freeCrossroads(state, out, count);
      const last = state.lastPlaced;
      if (isCrossroads(state, last) && ((recorded[last >> 5]! >>> (last & 31)) & 1) === 0 && holderOf(tile, last) < 0)
        out[count++] = actionBase + last;
      return count;
    },
    usesMechanic: {
      tollhouses: (_state, followUp) => isTollhouseMove(followUp),
      tollhouseRelocation: (state, followUp) =>
        isTollhouseMove(followUp) && own(state).tile[state.currentPlayer] !== -1,
    },
    applyFollowUp(state, action) {
      const p = state.currentPlayer;
      const placed = action - actionBase;
      const { tile, value } = own(state);
      state.addStat(tile[p] === -1 ? stat.tollhousePlacements : stat.tollhouseRelocations, 1);
      tile[p] = placed;
      if (state.sink) emit(state, 'tollhousePlaced', { player: p, ...at(state, placed), value: value[p]! });
    },
    describeFollowUp(state, action) {
      const { x, y } = at(state, action - actionBase);
      return `tollhouse to (${x},${y})`;
    },
    parseFollowUp(state, turn, where) {
      const xy = turn.tollhouse;
      if (xy === undefined) return undefined;
      if (!Array.isArray(xy) || xy.length !== 2 || !xy.every(Number.isInteger))
        throw new InputError('scenario', `${where}"tollhouse" must be [x, y]`);
      const placed = state.tileAt(xy[0] as number, xy[1] as number);
      const there = `the tile at (${xy.join(',')})`;
      if (placed < 0) throw new InputError('illegal-turn', `${where}tollhouse: no tile at (${xy.join(',')})`);
      if (!isCrossroads(state, placed))
        throw new InputError('illegal-turn', `${where}tollhouse: ${there} is not a crossroads`);
      if (holderOf(own(state).tile, placed) >= 0)
        throw new InputError(
          'illegal-turn',
          `${where}tollhouse: the crossroads at (${xy.join(',')}) already holds a tollhouse`,
        );
      return actionBase + placed;
    },
  };
}

/** The tolls: completed roads pay the tollhouses at their ends (R-T2: before scoring), tollhouses that took travellers flip, incomplete roads pay at the end. */
export function tollScoring(t: Tolls): ExpansionHooks {
  const { players, pay, stat, source, roadTolls } = t;
  const { own, emit } = t.ctx;
  /** Pays the tollhouses at the ends of completed road `root` at their values from the start of the turn. */
  const payRoad = (state: BoardView, root: number) => {
    const road = roadTolls(state, root);
    const { value: values, flips } = own(state);
    for (let k = 0; k < road.ownerCount; k++) {
      const owner = road.owners[k]!;
      // All roads a tollhouse scores this turn use its value from the start of the turn (flip at end).
      const value = values[owner]!;
      const fromIllustrations = road.illustrations * pay.illustration[value]!;
      const fromTravellers = road.travellers * pay.travellers[value]!;
      state.addScore(owner, source, fromIllustrations + fromTravellers);
      state.addStat(value === 1 ? stat.tollIllustrationIncome1 : stat.tollIllustrationIncome2, fromIllustrations);
      state.addStat(value === 1 ? stat.tollTravellersIncome1 : stat.tollTravellersIncome2, fromTravellers);
      if (road.travellers > 0) flips[owner] = 1;
      if (state.sink) {
        const { illustrations, travellers } = road;
        emit(state, 'tollPaid', {
          owner,
          points: fromIllustrations + fromTravellers,
          value,
          illustrations,
          travellers,
        });
      }
    }
  };
  return {
    afterScoring(state) {
      for (let c = 0; c < state.completedCount; c++) {
        const root = state.completedFeature(c);
        if (state.segmentKind(root) === SEG_ROAD) payRoad(state, root);
      }
    },
    endOfTurn(state) {
      const { value, flips, crossroads: recorded } = own(state);
      const last = state.lastPlaced;
      if (t.isCrossroads(state, last)) recorded[last >> 5]! |= 1 << (last & 31);
      for (let p = 0; p < players; p++) {
        if (flips[p] === 0) continue;
        flips[p] = 0;
        value[p] = 3 - value[p]!;
        state.addStat(stat.tollFlips, 1);
        if (state.sink) emit(state, 'tollhouseFlipped', { player: p, value: value[p]! });
      }
    },
    finalScoring: finalTolls(t),
  };
}

/** The final scoring: every open road ending at a tollhouse pays its owner per illustration and travellers group. */
function finalTolls(t: Tolls): ExpansionHooks['finalScoring'] {
  const { players, pay, stat, source, roadTolls, villageRoadStart, villageRoads } = t;
  const { own, emit } = t.ctx;
  /** The open roads ending at a tollhouse. */
  const openRoads = new Int32Array(players * t.mostRoads);
  /** The open roads ending at a tollhouse into `openRoads`, each once, in increasing root order (the order of their events); returns how many. */
  const openTollRoads = (state: BoardView): number => {
    const tile = own(state).tile;
    let n = 0;
    for (let p = 0; p < players; p++) {
      const placed = tile[p]!;
      if (placed < 0) continue;
      const type = state.typeIndexOf(placed);
      for (let k = villageRoadStart[type]!; k < villageRoadStart[type + 1]!; k++) {
        const root = state.find(state.segmentAt(placed, villageRoads[k]!));
        if (state.isCompleted(root)) continue;
        // Insertion in increasing order, each root once (a few at most).
        let i = n;
        while (i > 0 && openRoads[i - 1]! > root) i--;
        if (i > 0 && openRoads[i - 1] === root) continue;
        openRoads.copyWithin(i + 1, i, n++);
        openRoads[i] = root;
      }
    }
    return n;
  };
  return (state) => {
    const n = openTollRoads(state);
    for (let i = 0; i < n; i++) {
      const road = roadTolls(state, openRoads[i]!);
      const points = road.illustrations * pay.finalIllustration + road.travellers * pay.finalTravellers;
      for (let k = 0; k < road.ownerCount; k++) {
        const owner = road.owners[k]!;
        state.addScore(owner, source, points);
        state.addStat(stat.tollFinalIncome, points);
        if (state.sink && points) {
          const { illustrations, travellers } = road;
          emit(state, 'finalTollPaid', { owner, points, illustrations, travellers });
        }
      }
    }
  };
}

/**
 * Expected toll income (docs/agents.md): for each tollhouse and each open road ending at its
 * crossroads, the mean of what completing the road would pay at the tollhouse's value and what the
 * final scoring would (`expectedTolls`); and, for `strong`'s value network (`evaluateOpen`, or both at once: `evaluateWithOpen`), each
 * such road's root with what completing it would pay the owner at the tollhouse's current value.
 */
export function tollEvaluation(t: Tolls): Pick<ExpansionHooks, 'evaluate' | 'evaluateOpen' | 'evaluateWithOpen'> {
  const { players, pay, villageRoadStart, villageRoads, roadSums } = t;
  /** The evaluation's scratch: the roads ending at one crossroads, and their roots. */
  const roads: CrossroadsRoads = {
    count: 0,
    open: new Uint8Array(t.mostRoads),
    illustrations: new Int32Array(t.mostRoads),
    travellers: new Int32Array(t.mostRoads),
  };
  const roots = new Int32Array(t.mostRoads);
  /** Whether an earlier village road of the tile (index from `start` to before `k`) belongs to road `root` (R-T1: once per road). */
  const alreadyCounted = (state: BoardView, placed: number, start: number, k: number, root: number): boolean => {
    for (let j = start; j < k; j++) if (state.find(state.segmentAt(placed, villageRoads[j]!)) === root) return true;
    return false;
  };
  /** Fills `roads` and `roots` with the roads at player p's tollhouse; false when it is in supply. */
  const roadsAt = (state: BoardView, p: number): boolean => {
    const placed = t.ctx.own(state).tile[p]!;
    if (placed < 0) return false;
    const type = state.typeIndexOf(placed);
    const start = villageRoadStart[type]!;
    roads.count = villageRoadStart[type + 1]! - start;
    for (let k = start; k < start + roads.count; k++) {
      const root = state.find(state.segmentAt(placed, villageRoads[k]!));
      const open = !state.isCompleted(root) && !alreadyCounted(state, placed, start, k, root);
      roads.open[k - start] = open ? 1 : 0;
      roots[k - start] = root;
      if (open) roadSums(state, root, roads, k - start);
    }
    return true;
  };
  /** Visits each open road in `roads` (`roadsAt` player p's tollhouse, showing `value`) with what completing it would pay p. */
  const visitOpen = (p: number, value: number, visit: (player: number, root: number, points: number) => void): void => {
    for (let k = 0; k < roads.count; k++)
      if (roads.open[k] === 1)
        visit(
          p,
          roots[k]!,
          roads.illustrations[k]! * pay.illustration[value]! + roads.travellers[k]! * pay.travellers[value]!,
        );
  };
  return {
    evaluate(state, expected) {
      const values = t.ctx.own(state).value;
      for (let p = 0; p < players; p++) if (roadsAt(state, p)) expected[p]! += expectedTolls(pay, values[p]!, roads);
    },
    evaluateOpen(state, visit) {
      const values = t.ctx.own(state).value;
      for (let p = 0; p < players; p++) if (roadsAt(state, p)) visitOpen(p, values[p]!, visit);
    },
    evaluateWithOpen(state, expected, visit) {
      const values = t.ctx.own(state).value;
      for (let p = 0; p < players; p++) {
        if (!roadsAt(state, p)) continue;
        expected[p]! += expectedTolls(pay, values[p]!, roads);
        visitOpen(p, values[p]!, visit);
      }
    },
  };
}

/** The tollhouses on pictures and in the replay output. */
export function tollPictures(t: Tolls): ExpansionHooks {
  const { players } = t;
  const { own } = t.ctx;
  return {
    boardPieces(state) {
      const pieces = [];
      const { tile, value } = own(state);
      for (let p = 0; p < players; p++) {
        const placed = tile[p]!;
        if (placed >= 0) pieces.push({ kind: 'tollhouse', player: p, placed, label: String(value[p]!) });
      }
      return pieces;
    },
    playerNotes(state, player) {
      const { tile, value } = own(state);
      const placed = tile[player]!;
      if (placed < 0) return ['tollhouse in supply'];
      const cell = state.cellOf(placed);
      return [`tollhouse at (${state.game.xOf(cell)},${state.game.yOf(cell)}) value\u00a0${value[player]!}`];
    },
    summary(state) {
      const { tile, value } = own(state);
      return { tollValues: Array.from({ length: players }, (_, p) => (tile[p] === -1 ? null : value[p]!)) };
    },
  };
}
