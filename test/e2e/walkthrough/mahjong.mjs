// What the walk-through expects of a Mahjong deck (.mjdeck): its fixtures and every text shown.
/** @type {import('./expected.mjs').DeckSpec} */
export const MAHJONG = {
  name: 'mahjong',
  language: 'Mahjong Deck', // status bar language label (language id mjdeck)
  // Files from test/e2e/fixtures/ copied into the user's workspace folder.
  workspaceFiles: ['broken.mjdeck', 'sample.mjdeck'],
  broken: {
    file: 'broken.mjdeck', // sample.mjdeck with line 3 `E` -> `5Q`, line 7 `5P` -> `5p`
    problems: [
      { line: 3, severity: 'error', message: "Unknown tile '5Q'" },
      { line: 7, severity: 'warning', message: '5p' },
    ],
    // true: no other problem rows may be listed for this file.
    exactProblems: false,
    quickFix: {
      line: 7,
      title: 'Change to 5P',
      lineBefore: '5p',
      lineAfter: '5P',
      // After the fix the problem on this line must be gone from the Problems panel.
      resolves: { line: 7, severity: 'warning' },
    },
  },
  valid: {
    file: 'sample.mjdeck', // = /work/shared/conformance/mahjong/official-01.in
    transcript: 'sample.expected.txt', // = official-01.ans, the judge's exact transcript
    // First line of the Output channel, then exactly the transcript.
    header: /^sample\.mjdeck: A wins by RON after \d+ events$/,
    // Saving the deck (Ctrl+S) writes the Output channel (false: only the commands do; the
    // save step then just saves and shows the transcript).
    outputOnSave: true,
    // The Outline view (Explorer), its sections with their details.
    outline: [
      { name: 'Deal', detail: '52 tiles' },
      { name: 'Wall', detail: '11 drawn' },
      { name: 'Never drawn', detail: '85 tiles' },
    ],
    hovers: [
      { line: 3, expect: ['tile 3 of 148', 'dealt to C'] },
      { line: 53, expect: ['tile 53 of 148', 'drawn by A'] },
      { line: 100, expect: ['tile 100 of 148', 'never drawn'] },
    ],
    // "Open Replay" with the cursor on `cursorLine`: the webview beside the editor shows
    // `first`; each key (pressed in the webview) leads to its counter and caption; then the
    // cursor on `follow.line` in the editor moves the replay to that tile's draw.
    replay: {
      cursorLine: 1,
      first: { counter: 'Step 1 of 84', caption: 'Transcript line 1: A IN 8M' },
      keys: [
        { key: 'End', counter: 'Step 84 of 84', caption: 'Transcript line 84: A WIN' },
        { key: 'Home', counter: 'Step 1 of 84', caption: 'Transcript line 1: A IN 8M' },
        { key: 'ArrowRight', counter: 'Step 2 of 84', caption: 'Transcript line 2: B IN Z' },
        { key: 'ArrowRight', counter: 'Step 3 of 84', caption: 'Transcript line 3: C IN E' },
        { key: 'ArrowLeft', counter: 'Step 2 of 84', caption: 'Transcript line 2: B IN Z' },
      ],
      follow: { line: 54, counter: 'Step 55 of 84', caption: 'Transcript line 55: C IN Z' },
      // Three steps on, C's discard: the Why section explains it and marks Z in its table.
      why: {
        keys: ['ArrowRight', 'ArrowRight', 'ArrowRight'],
        counter: 'Step 58 of 84',
        caption: 'Transcript line 58: C OUT Z',
        summary: 'Discarded by C: every choice leaves distance 4 or 5; 5P, 6P, 6S, E, N and Z leave 4; '
          + 'Z comes first in the discard order (Z F B N W S E 9S … 1M).',
        chosen: ['Z', '4'],
      },
    },
  },
};
