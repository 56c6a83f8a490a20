/**
 * The statistics words of the reports, explained where they are used: a verdict page ends with the
 * words it used, each in a plain sentence, and points to the designer's guide for more.
 */

export const GLOSSARY = {
  interval:
    '**[a, b]** after a number is its 95 % interval: with the games played, the true value lies in it 19 times out of 20. More deals narrow it.',
  measurable:
    '**Measurable** change: the interval of the change excludes zero. *Not measurable* is not *no effect*: the change is smaller than these deals can show (the interval says how large it could still be).',
  paired:
    "**Paired**: both arms played the same deals (the same tile order, the same agents' random streams), so a difference is taken deal by deal and the luck of the draw cancels out.",
  pp: '**pp** (percentage points): the difference of two percentages (52 % → 55 % is +3 pp).',
  rescored:
    "**Rescored**: the baseline's games replayed move for move under the variant's rules — the rule's own effect, with the play held fixed.",
  noiseFloor:
    "**Noise floor**: the same arm played twice on each deal with the agents' random choices changed: how often the winner changes by chance alone.",
  independent:
    '**Independent games**: how often two unrelated games would have different winners. A played-out figure near it means the paired games no longer resemble each other; it measures chaos, not the rule.',
  jointTest:
    "**Joint seat test**: one test per arm of whether every seat wins its fair share (chi-square of the seats' wins); a seat is named only when its arm's test flags it.",
  holm: '**Holm**: an adjustment of p-values when several tests answer one question, so that none passes by luck alone.',
  skill:
    "**Skill depth**: how often the stronger level beats the weaker one under each arm's rules; a rule that narrows the gap rewards skill less.",
  expected:
    "**Expected total**: a player's score so far plus what the board promises it (open features, farmers), as the agents evaluate it.",
  level:
    '**Level**: the agent every seat plays — `random` (a floor, not a model of people), `greedy` (the best immediate move), `strong` (a learned evaluation with a look ahead).',
} as const;

export type GlossaryWord = keyof typeof GLOSSARY;

/** The words' explanations as one Markdown list, with the pointer to the guide. */
export function glossaryText(words: readonly GlossaryWord[]): string {
  return [
    '**Words on this page.**',
    words.map((w) => `- ${GLOSSARY[w]}`).join('\n'),
    'How to read a verdict, and how a study decides what it may conclude: `docs/designer-guide.md` in the carclab repository.',
  ].join('\n\n');
}
