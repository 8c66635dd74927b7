/** Renaming a ⑨ player: the only names a deck has. */
import { containsPosition, type Position, type Range, type TextEdit } from '../../core/common/problem';
import type { CirnoAnalysis } from '../../core/cirno';
import type { RenameResult } from '../service';

function playerAt(analysis: CirnoAnalysis, position: Position) {
  return analysis.deck?.players.find((p) => containsPosition(p.nameRange, position));
}

export function cirnoRenameTarget(
  analysis: CirnoAnalysis, position: Position,
): { range: Range; placeholder: string } | undefined {
  const player = playerAt(analysis, position);
  return player && { range: player.nameRange, placeholder: player.name };
}

/** A name is one token: no white space, and no `#`, which would start a comment. */
function nameProblem(name: string): string | undefined {
  if (name.length === 0) return 'A player name cannot be empty.';
  if (/[\s\uFEFF]/.test(name)) return `A player name is one word: ${JSON.stringify(name)} holds white space.`;
  if (name.includes('#')) return `A player name cannot hold '#', which starts a comment: ${JSON.stringify(name)}.`;
  return undefined;
}

export function cirnoRename(analysis: CirnoAnalysis, position: Position, newName: string): RenameResult {
  const player = playerAt(analysis, position);
  if (!player) return { error: 'Only a player name can be renamed.' };
  const problem = nameProblem(newName);
  if (problem) return { error: problem };
  const other = analysis.deck!.players.find((p) => p !== player && p.name === newName);
  if (other) {
    return { error: `${JSON.stringify(newName)} is already the name of the player on line ${other.line + 1}.` };
  }
  const edits: TextEdit[] = [{ range: player.nameRange, newText: newName }];
  return { edits };
}
