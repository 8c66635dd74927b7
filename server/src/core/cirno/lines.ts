/**
 * The judge's transcript lines, spelled once: the renderer writes them as bytes from these
 * pieces, and `cirnoEventLine` builds one as a string.
 */
export const roundLine = (round: number): string => `Round ${round}:`;

/** `NAME used ` + `CARD,now p=` + p + `.` */
export const usedPiece = (name: string): string => `${name} used `;
export const cardPiece = (card: string): string => `${card},now p=`;
export const PLAY_END = '.';

export const playLine = (name: string, card: string, p: number): string =>
  `${usedPiece(name)}${cardPiece(card)}${p}${PLAY_END}`;

export const lostLine = (name: string): string => `${name} lost the game.`;
