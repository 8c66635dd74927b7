/** Renaming a ⑨ player: the only names a deck has. */
import { containsPosition, type Position, type Range, type TextEdit } from '../../core/problem';
import { cirnoNameFault, type CirnoAnalysis } from '../../core/cirno';
import type { RenameResult } from '../gameService';

function playerAt(analysis: CirnoAnalysis, position: Position) {
  return analysis.deck?.players.find((p) => containsPosition(p.nameRange, position));
}

export function cirnoRenameTarget(
  analysis: CirnoAnalysis, position: Position,
): { range: Range; placeholder: string } | undefined {
  const player = playerAt(analysis, position);
  return player && { range: player.nameRange, placeholder: player.name };
}

/** A character as a JavaScript escape: `\u202E`, `\u{E0001}`. */
function escaped(char: string): string {
  const code = char.codePointAt(0)!;
  const hex = code.toString(16).toUpperCase();
  return code > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
}

/** Characters a message shows as escapes: white space but a plain space, controls, what renders as nothing. */
const UNSEEN = /^[\p{Z}\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}]$/u;
/** Names in messages: longer ones are cut. */
const SHOWN_CHARS = 40;

/** A name as messages quote it: what cannot be seen escaped, a long one cut. */
function shown(name: string): string {
  const chars = [...name].slice(0, SHOWN_CHARS + 1)
    .map((char) => (char !== ' ' && UNSEEN.test(char) ? escaped(char) : char));
  const text = chars.length > SHOWN_CHARS ? `${chars.slice(0, SHOWN_CHARS).join('')}…` : chars.join('');
  return `"${text.replace(/"/g, '\\"')}"`;
}

/** Why a new name is refused: the ⑨ grammar would not read it back as this one name, or no one could see it. */
function nameProblem(name: string): string | undefined {
  const fault = cirnoNameFault(name);
  switch (fault?.fault) {
    case undefined: return undefined;
    case 'empty': return 'A player name cannot be empty.';
    case 'tooLong': return `A player name is at most ${fault.max} characters long, not ${fault.length}.`;
    case 'space': {
      const which = fault.char === ' ' ? '' : ` (${escaped(fault.char)})`;
      return `A player name is one word: ${shown(name)} holds white space${which}.`;
    }
    case 'comment': return `A player name cannot hold '#', which starts a comment: ${shown(name)}.`;
    case 'control': return `A player name cannot hold the control character ${escaped(fault.char)}: ${shown(name)}.`;
    case 'invisible':
      return `A player name cannot hold ${escaped(fault.char)}, a character no one can see: ${shown(name)}.`;
    case 'loneSurrogate':
      return `A player name cannot hold ${escaped(fault.char)}, half of a character (a lone surrogate): `
        + `${shown(name)}.`;
  }
}

export function cirnoRename(analysis: CirnoAnalysis, position: Position, newName: string): RenameResult {
  const player = playerAt(analysis, position);
  if (!player) return { error: 'Only a player name can be renamed.' };
  const problem = nameProblem(newName);
  if (problem) return { error: problem };
  const other = analysis.deck!.players.find((p) => p !== player && p.name === newName);
  if (other) {
    return { error: `${shown(newName)} is already the name of the player on line ${other.line + 1}.` };
  }
  const edits: TextEdit[] = [{ range: player.nameRange, newText: newName }];
  return { edits };
}
