/**
 * A game played in the explorer, read back from its `game.json` (`play.ts` writes it). The file is
 * only a claim: before the explorer shows it, the game is replayed through the engine — its
 * settings make the game, its deck must be the deal of its seed, every action must be legal where
 * it stands, the game must be over after the last one, with the scores the file states. A file that
 * fails is refused (422) naming the first thing wrong, so the explorer never shows a game that was
 * never played (an illegal first action once showed a made-up 71-turn game, action 999999 a board
 * of 2574 × 130296 pixels).
 */
import { isInputError, MAX_ACTIONS_HINT, MAX_PLAYERS, MIN_PLAYERS } from '../engine/index.ts';
import type { Game } from '../engine/index.ts';
import { parseAgentSpec } from '../agents/index.ts';
import { Dealer } from '../sim/deal.ts';
import type { PlayedGameFile } from './api-types.ts';
import { cached, playedGameSetup } from './games.ts';
import type { GameRecord } from './games.ts';
import { HttpError } from './http.ts';

const isList = (v: unknown, ok: (x: unknown) => boolean): boolean => Array.isArray(v) && v.every(ok);
const isText = (x: unknown): boolean => typeof x === 'string';

/** The game a played file's settings make; a 422 naming the field when they are not settings. */
function settingsGame(file: PlayedGameFile, where: string): Game {
  const fail = (what: string): never => {
    throw new HttpError(422, `${where}: ${what}`);
  };
  const { players, expansions, rules, seats, seed } = file;
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS)
    fail(`"players" must be ${MIN_PLAYERS} to ${MAX_PLAYERS}`);
  if (!isList(expansions, isText)) fail('"expansions" must be a list of names');
  if (typeof rules !== 'object' || rules === null || Array.isArray(rules))
    fail('"rules" must map rule names to values');
  if (!isList(seats, isText) || seats.length !== players) fail(`"seats" must list ${players} seats`);
  if (typeof seed !== 'string' || seed === '') fail('"seed" must be a text');
  try {
    return playedGameSetup(players, expansions, rules);
  } catch (error) {
    if (error instanceof HttpError) fail(error.message);
    throw error;
  }
}

/** Replays a played file through the engine; the record when every check passes, else a 422 naming the first failure. */
export function playedRecord(runPath: string, file: PlayedGameFile): GameRecord {
  const where = `${runPath}/game.json`;
  const fail = (what: string): never => {
    throw new HttpError(422, `${where}: ${what}; the explorer shows only games that were played`);
  };
  const game = settingsGame(file, where);
  const deck = Int16Array.from(new Dealer(game).deal(file.seed, 0));
  const ids = Array.from(deck, (t) => game.catalog.types[t]!.id);
  if (!isList(file.deck, isText) || file.deck.join(',') !== ids.join(','))
    fail(`"deck" is not the deal of its seed ${JSON.stringify(file.seed)}`);
  if (!isList(file.actions, Number.isInteger) || file.actions.length % 2 !== 0)
    fail('"actions" must be whole numbers, a placement and a follow-up per turn');
  const state = game.newState(deck);
  const legal = new Int32Array(MAX_ACTIONS_HINT);
  file.actions.forEach((action, i) => {
    const turn = `turn ${Math.floor(i / 2) + 1}`;
    if (state.isOver()) fail(`action ${i} (${turn}) comes after the end of the game`);
    const n = state.legalActions(legal);
    if (!legal.subarray(0, n).includes(action))
      fail(`action ${i} (${turn}, the ${i % 2 ? 'follow-up' : 'placement'}) is ${action}, which is not legal there`);
    state.apply(action);
  });
  if (!state.isOver()) fail(`the game is not over after its ${file.actions.length / 2} turns`);
  const scores = state.totals();
  if (!isList(file.scores, Number.isInteger) || file.scores.join(',') !== scores.join(','))
    fail(`"scores" ${JSON.stringify(file.scores)} are not the scores its moves give (${scores.join(', ')})`);
  const seats = file.seats.map((seat, s) => {
    try {
      return { label: `P${s} (${seat})`, agent: seat === 'human' ? null : parseAgentSpec(seat, `seat ${s}`) };
    } catch (error) {
      if (isInputError(error)) return fail((error as Error).message);
      throw error;
    }
  });
  const { players, expansions, rules, seed } = file;
  return {
    title: `played game ${runPath.split('/').pop()}`,
    game,
    deck,
    actions: file.actions,
    seats,
    origin: { kind: 'played', players, expansions, rules, seats: file.seats, seed },
  };
}

/** A played game as a record, replayed and checked once per file content (records are cached). */
export const playedGame = (runPath: string, file: PlayedGameFile): GameRecord =>
  cached(`${runPath}\0played\0${JSON.stringify(file)}`, () => playedRecord(runPath, file));
