/**
 * `carclab show <run-dir> --arm A --deal D [--rotation R]`: replays one game of a run from its
 * plan.json (run seed, arm, deal, rotation) and prints its log and scores. The plan must be the run's:
 * the run id hashes it (`verify.ts`), so an edited plan.json is refused rather than showing a game
 * the run never played.
 */
import { InputError, MAX_ACTIONS_HINT } from '../engine/index.ts';
import type { GameEvent } from '../engine/index.ts';
import { armSetups, playerInSeat, rotationsOf, seatAgents } from '../sim/plan.ts';
import { readRunFiles } from '../run/verify.ts';
import { intFlag } from './args.ts';
import type { Command } from './args.ts';
import { BOARD_FLAGS, checkBoardFlags, writeBoardImages } from './board.ts';
import { formatEvent, scoreTable } from './format.ts';

export const showCommand: Command = {
  name: 'show',
  usage: 'carclab show <run-dir> --arm A --deal D [--rotation R] [--json] [--svg FILE] [--png FILE]',
  summary: 'Replays one game of a run (arm by name or index, deal, rotation) and prints its log and scores.',
  flags: {
    arm: { type: 'string', help: 'arm name or index' },
    deal: { type: 'string', help: 'deal number, from 0' },
    rotation: { type: 'string', help: 'seat rotation (default: the one the run played; 0 with rotation "all")' },
    json: { type: 'boolean', help: 'print the events and scores as JSON' },
    ...BOARD_FLAGS,
  },
  async run(positionals, flags) {
    const [runDir, ...rest] = positionals;
    if (runDir === undefined || rest.length || flags.arm === undefined || flags.deal === undefined)
      throw new InputError('usage', `usage: ${showCommand.usage}`);
    checkBoardFlags(flags);
    const { plan } = readRunFiles(runDir); // plan.json checked against the run id
    const armFlag = flags.arm as string;
    const index =
      /^\d+$/.test(armFlag) && !plan.arms.some((a) => a.name === armFlag)
        ? Number(armFlag)
        : plan.arms.findIndex((a) => a.name === armFlag);
    if (index < 0 || index >= plan.arms.length)
      throw new InputError(
        'usage',
        `--arm: no arm ${JSON.stringify(armFlag)} in ${runDir}; arms: ${plan.arms.map((a) => a.name).join(', ')}`,
      );
    const deal = intFlag(flags.deal, 'deal', 0, 0, plan.deals - 1);
    const setup = armSetups(plan)[index]!;
    const players = setup.game.players;
    const played = rotationsOf(plan.rotation, players, deal);
    const rotation = intFlag(flags.rotation, 'rotation', played[0]!, 0, players - 1);

    // Same construction as runShard: the arm's deal, then lineup player i from (seed, deal, i) in seat (i + r) mod P.
    const events: GameEvent[] = [];
    const state = setup.game.newState(setup.dealer.deal(plan.seed, deal));
    state.sink = (e) => events.push(e);
    const agents = seatAgents(setup, plan.seed, deal, rotation);
    const legal = new Int32Array(MAX_ACTIONS_HINT);
    while (!state.isOver()) {
      const n = state.legalActions(legal);
      state.apply(agents[state.currentPlayer]!.choose(state, legal, n));
    }
    const scores = state.totals();
    const breakdown = scores.map((_, p) => state.breakdown(p));
    const seats = Array.from({ length: players }, (_, s) => ({
      seat: s,
      player: playerInSeat(s, rotation, players),
      agent: setup.arm.agents[playerInSeat(s, rotation, players)]!,
    }));
    for (const file of writeBoardImages(state, flags, {
      title: `${plan.experiment}: arm ${setup.arm.name}, deal ${deal}, rotation ${rotation}`,
      subtitle: [`run seed ${plan.seed}${setup.arm.expansions.length ? `; ${setup.arm.expansions.join(', ')}` : ''}`],
      playerNames: seats.map((s) => `P${s.seat} (${s.agent})`),
    }))
      process.stderr.write(`board: ${file}\n`);
    if (flags.json) {
      process.stdout.write(
        `${JSON.stringify({ arm: setup.arm.name, deal, rotation, seats, scores, breakdown, events }, null, 2)}\n`,
      );
      return 0;
    }
    const header =
      `${plan.experiment}, arm ${setup.arm.name}, deal ${deal}, rotation ${rotation}${played.includes(rotation) ? '' : ' (not played in the run)'}: ` +
      seats.map((s) => `P${s.seat} = lineup player ${s.player} (${s.agent})`).join(', ');
    process.stdout.write(
      `${header}\n\n${events.map((e) => formatEvent(e, setup.game.expansions)).join('\n')}\n\n${scoreTable(breakdown, scores, setup.game.scoreSources)}\n`,
    );
    return 0;
  },
};
