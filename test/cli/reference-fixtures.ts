/**
 * References of the toy game (test/toyGame.ts) in Python and C++, a few decks, and a stand-in
 * mutator listing hand-picked mutants of them, for the reference audit's tests.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ListedMutant, MutantLister } from '../../server/src/cli/mutation/referenceAudit';

export const PYTHON_REFERENCE = `import sys


def main():
    target = 0
    players = []
    cards = []
    for line in sys.stdin.read().split('\\n'):
        words = line.split()
        if not words or words[0].startswith('#'):
            continue
        if words[0] == 'target':
            target = int(words[1])
        elif words[0] == 'players':
            players = words[1:]
        elif words[0] == 'cards':
            cards = [int(w) for w in words[1:]]
    start = 0 * 2
    sums = [0] * len(players)
    for i, card in enumerate(cards):
        p = (i + start) % len(players)
        sums[p] += card
        print(players[p], 'DRAW', card, 'SUM', sums[p])
        if sums[p] >= target:
            print(players[p], 'WINS')
            return
    print('NO WINNER')


main()
`;

export const CPP_REFERENCE = `#include <iostream>
#include <sstream>
#include <string>
#include <vector>
using namespace std;

int main() {
  int target = 0;
  vector<string> players;
  vector<int> cards;
  string line;
  while (getline(cin, line)) {
    istringstream in(line);
    string word;
    if (!(in >> word) || word[0] == '#') continue;
    if (word == "target") in >> target;
    else if (word == "players") { string name; while (in >> name) players.push_back(name); }
    else if (word == "cards") { int card; while (in >> card) cards.push_back(card); }
  }
  const int start = 0 * 2;
  vector<int> sums(players.size(), 0);
  for (size_t i = 0; i < cards.size(); i++) {
    size_t p = (i + start) % players.size();
    sums[p] += cards[i];
    cout << players[p] << " DRAW " << cards[i] << " SUM " << sums[p] << "\\n";
    if (sums[p] >= target) { cout << players[p] << " WINS\\n"; return 0; }
  }
  cout << "NO WINNER\\n";
}
`;

/** Three decks of two players or one: only a one-player deck landing on its target tells `>=` from `>`. */
export const DECKS: Record<string, string> = {
  'dry.sumdeck': 'target 50\nplayers A\ncards 1 2\n',
  'exact.sumdeck': 'target 5\nplayers A\ncards 5 9\n',
  'race.sumdeck': '# a race to 10\ntarget 10\nplayers A B\ncards 3 5 2 7 1\n',
};

export function writeDecks(dir: string): { name: string; text: string }[] {
  return Object.entries(DECKS).map(([file, text]) => {
    writeFileSync(join(dir, file), text);
    return { name: join(dir, file), text };
  });
}

/** A hand-picked mutant: `original`, within the first occurrence of `find`, replaced. */
export interface HandMutant { find: string; original: string; replacement: string; operator: string }

/** The same mutants for both references: each `find` occurs in both. */
export const HAND_MUTANTS: HandMutant[] = [
  // `0 * 2` → `1 * 2`: the first player is the third: the same on two-player decks, survives them.
  { find: '0 * 2', original: '0', replacement: '1', operator: 'constant-plus-one' },
  // `0 * 2` → `0 + 2`: the same program as the one above (the compiler folds both to 2): a duplicate.
  { find: '0 * 2', original: '*', replacement: '+', operator: 'arithmetic' },
  // `0 * 2` → `0 * 3`: still 0, the reference's own program: equivalent.
  { find: '0 * 2', original: '2', replacement: '3', operator: 'constant-plus-one' },
  // A sum must pass the target: killed by the one-player deck landing on it.
  { find: '>= target', original: '>=', replacement: '>', operator: 'relational' },
  // Not a program at all: build failed.
  { find: 'sums[p] += ', original: '+=', replacement: '+==', operator: 'arithmetic' },
];

function located(source: string, mutant: HandMutant): ListedMutant {
  const context = source.indexOf(mutant.find);
  if (context < 0) throw new Error(`'${mutant.find}' is not in the source`);
  const at = context + mutant.find.indexOf(mutant.original);
  const before = source.slice(0, at);
  const line = before.split('\n').length;
  const column = at - before.lastIndexOf('\n');
  return {
    id: `${line}:${column}:${mutant.operator}`, line, column, operator: mutant.operator, original: mutant.original,
    replacement: mutant.replacement, start: at, end: at + mutant.original.length,
  };
}

/** A stand-in for the mutator: the hand-picked mutants, in source order. */
export function handLister(mutants: readonly HandMutant[] = HAND_MUTANTS): MutantLister {
  return {
    list: (source) => mutants.map((mutant) => located(source, mutant)).sort((a, b) => a.start - b.start),
    apply: (source, mutant) => source.slice(0, mutant.start) + mutant.replacement + source.slice(mutant.end),
  };
}

/** A shorter Python reference of the toy game, for the whole audit through the CLI with the real mutator. */
export const SHORT_PYTHON_REFERENCE = `import sys

words = sys.stdin.read().split()
target = int(words[1])
players = words[3:words.index('cards')]
cards = [int(w) for w in words[words.index('cards') + 1:]]
sums = [0] * len(players)
for i, card in enumerate(cards):
    p = i % len(players)
    sums[p] += card
    print(players[p], 'DRAW', card, 'SUM', sums[p])
    if sums[p] >= target:
        print(players[p], 'WINS')
        break
else:
    print('NO WINNER')
`;
