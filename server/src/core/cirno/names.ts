/**
 * What a player name may be when the editor writes one (a rename): what the deck grammar reads
 * back as that same one name (scan.ts: no white space, no `#`), that a reader can see, and
 * that keeps transcript lines short.
 */
import { endsWord } from './scan';

/** Longest new name, in UTF-16 code units: far above any real name, far below a megabyte. */
export const MAX_NAME_LENGTH = 256;

/** Why a name cannot be written into a deck, and the character at fault. */
export type CirnoNameFault =
  | { fault: 'empty' }
  | { fault: 'tooLong'; length: number; max: number }
  | { fault: 'space'; char: string }
  | { fault: 'comment' }
  | { fault: 'control'; char: string }
  | { fault: 'invisible'; char: string }
  | { fault: 'loneSurrogate'; char: string };

const CONTROL = /^\p{Cc}$/u;
// Format characters (bidirectional overrides, zero-width spaces) and what Unicode says renders
// as nothing (fillers, variation selectors, tags): the grammar reads them, no one sees them.
const INVISIBLE = /^[\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;
const LONE_SURROGATE = /^\p{Cs}$/u;
// Invisible themselves, but part of an emoji when they follow one: the zero-width joiner,
// variation selectors, the tag characters of subdivision flags. After a letter they would
// make a name that looks like another.
const EMOJI_JOINER = /^(?:\u200D|\uFE0E|\uFE0F|[\u{E0020}-\u{E007F}])$/u;
const EMOJI = /^\p{Extended_Pictographic}$/u;

/** The first reason `name` cannot be a new player name; undefined when it can. */
export function cirnoNameFault(name: string): CirnoNameFault | undefined {
  if (name.length === 0) return { fault: 'empty' };
  if (name.length > MAX_NAME_LENGTH) return { fault: 'tooLong', length: name.length, max: MAX_NAME_LENGTH };
  let inEmoji = false;
  for (const char of name) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && endsWord(code)) {
      if (code === 35) return { fault: 'comment' };
      return { fault: 'space', char };
    }
    if (CONTROL.test(char)) return { fault: 'control', char };
    if (LONE_SURROGATE.test(char)) return { fault: 'loneSurrogate', char };
    const joins: boolean = inEmoji && EMOJI_JOINER.test(char);
    if (INVISIBLE.test(char) && !joins) return { fault: 'invisible', char };
    inEmoji = joins || EMOJI.test(char);
  }
  return undefined;
}
