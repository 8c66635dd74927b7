// What the walk-through expects of a Cirno deck (.cirnodeck): its fixtures and every text shown.
/** @type {import('./expected.mjs').DeckSpec} */
export const CIRNO = {
  name: 'cirno',
  language: 'Cirno Deck', // language id cirnodeck
  workspaceFiles: ['broken.cirnodeck', 'sample.cirnodeck'],
  broken: {
    // sample.cirnodeck with `A19` -> `A3` on line 2 and the pile's C2 as `c2` on line 6
    file: 'broken.cirnodeck',
    problems: [
      { line: 2, severity: 'error', message: "Unknown card 'A3'. Did you mean A1, A2, A5?" },
      { line: 6, severity: 'warning', message: "Card names are uppercase: 'c2' is read as C2." },
    ],
    exactProblems: true,
    quickFix: {
      line: 6,
      title: 'Change to C2',
      lineBefore: 'c2',
      lineAfter: 'C2',
      resolves: { line: 6, severity: 'warning' },
    },
  },
  valid: {
    file: 'sample.cirnodeck', // = /work/shared/conformance/cirno/sample-2.in
    transcript: 'sample-cirno.expected.txt', // = sample-2.ans
    header: /^sample\.cirnodeck: 2 rounds played, 23 of 25 pile cards drawn$/,
    outputOnSave: true,
    outline: [
      { name: 'Header', detail: '3 players · 2 rounds · 25 cards' },
      { name: 'Players', detail: '3 of 3' },
      { name: 'Pile', detail: '25 cards' },
    ],
    hovers: [
      // The final hand is a picture of its cards (their names are its alt text).
      { line: 2, expect: ['Cirno — player 1 of 3 · 6 plays · never lost', 'Final hand:'], whole: true },
      // The decision first, and the whole hover within VS Code's default hover height.
      {
        line: 5,
        expect: ['pile card 1 of 25', /Why Cirno played it · transcript line 8:[^]*drawn by Cirno in round 1, turn 1/,
          'p 74 → 83'],
        whole: true,
      },
    ],
  },
};
