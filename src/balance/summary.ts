/** A designer-readable summary of a balance file: what is searched, for which wishes, and how. */
import type { Balance } from './definition.ts';
import { pointLabel, pointSetup } from './knobs.ts';
import { wishText } from './targets.ts';

const list = (values: readonly unknown[]) =>
  values.length > 6
    ? `${values.slice(0, 3).join(', ')}, …, ${values.slice(-2).join(', ')} (${values.length} values)`
    : values.join(', ');

/** Markdown lines: the game, the knobs, the targets, the budget. */
export function describeBalance(balance: Balance): string {
  const game = [
    `${balance.players.join(', ')} players`,
    balance.expansions.length ? `expansions ${balance.expansions.join(', ')}` : 'the base game',
    Object.keys(balance.rules).length
      ? `fixed rules ${Object.entries(balance.rules)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')}`
      : '',
    balance.tiles.length ? `designer tiles from ${balance.tiles.map((t) => t.where).join(', ')}` : '',
    `rotation ${balance.rotation}`,
  ].filter((s) => s !== '');
  const levels = balance.levels.map((l) => (l.name === l.spec.split(':')[0] ? l.name : `${l.name} (${l.spec})`));
  const knobs = balance.knobs.map((k) => {
    const scope = k.players === null ? '' : ` — ${k.players}-player games only`;
    const what =
      k.tile !== null
        ? `copies of tile ${k.tile}`
        : k.entry !== null
          ? `entry ${k.entry} of rule ${k.rule}`
          : `rule ${k.rule}`;
    return `- **${k.name}**: ${what}${scope}: ${list(k.values)}`;
  });
  const targets = balance.targets.map(
    (t) =>
      `- **${t.label}** ${wishText(t)} (weight ${t.weight}, precision ±${t.precision}${t.metric.share ? ', a share' : ''})`,
  );
  const b = balance.budget;
  return [
    balance.description,
    '',
    `**Game:** ${game.join('; ')}. **Levels played:** ${levels.join(', ')}. **Seed:** \`${balance.seed}\`.`,
    '',
    `**Searched:** ${balance.knobs.length} knobs, ${balance.size.toLocaleString('en')} rule sets:`,
    ...knobs,
    '',
    `**Wished for** (the search minimizes the sum of weight × shortfall / precision; the shortfall is how far a target's metric misses its wish):`,
    ...targets,
    '',
    `**Budget:** ${b.games.toLocaleString('en')} search games; a first population of ${b.population} rule sets on ${b.firstDeals} deals, ${b.rounds} round${b.rounds === 1 ? '' : 's'} of proposals, halving to ${b.finalists} finalists raced up to ${b.maxDeals.toLocaleString('en')} deals; the best ${b.confirm} left confirmed on fresh deals (at most ${b.confirmDeals.toLocaleString('en')} per context).`,
  ]
    .filter((line, i, all) => !(line === '' && (i === 0 || all[i - 1] === '')))
    .join('\n');
}

/**
 * A rule set as a designer reads it: the knobs' values, or, when knobs apply to one player count,
 * the rules in force per count (`3 players: seatCompensation=0,1,1; 4 players: …`).
 */
export function ruleSetText(balance: Balance, point: readonly number[]): string {
  if (balance.knobs.every((k) => k.players === null)) return pointLabel(balance.knobs, point);
  return balance.players
    .map((players) => {
      const { rules, tileCounts } = pointSetup(balance.knobs, point, players, balance);
      const knobs = balance.knobs.filter((k) => k.players === null || k.players === players);
      const ruleNames = [...new Set(knobs.flatMap((k) => (k.rule === null ? [] : [k.rule])))];
      const tiles = [...new Set(knobs.flatMap((k) => (k.tile === null ? [] : [k.tile])))];
      const parts = [...ruleNames.map((r) => `${r}=${rules[r]}`), ...tiles.map((t) => `tile ${t}×${tileCounts[t]}`)];
      return `${players} players: ${parts.join(' ')}`;
    })
    .join('; ');
}
