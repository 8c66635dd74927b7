/** A command line split into words the way a POSIX shell would, without running a shell. */
import { UsageError } from '../args';

/**
 * Splits on unquoted white space. 'single quotes' keep everything; "double quotes" keep all
 * but \" \\ \$ \` and a backslash-newline; an unquoted backslash keeps the next character.
 * Nothing is expanded: no variables, globs or redirections (they stay literal words).
 */
export function splitCommand(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) throw new UsageError(`unterminated ' in --solution: ${command}`);
      word += command.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < command.length && command[j] !== '"'; j++) {
        if (command[j] === '\\' && j + 1 < command.length && '"\\$`\n'.includes(command[j + 1])) {
          j++;
          if (command[j] !== '\n') word += command[j];
        } else {
          word += command[j];
        }
      }
      if (j >= command.length) throw new UsageError(`unterminated " in --solution: ${command}`);
      i = j;
      inWord = true;
    } else if (c === '\\') {
      if (i + 1 < command.length && command[i + 1] !== '\n') word += command[i + 1];
      i++;
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  if (words.length === 0) throw new UsageError('--solution is empty: give the command that runs your solution');
  return words;
}
