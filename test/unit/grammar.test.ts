import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { INITIAL, Registry, parseRawGrammar, type IGrammar } from 'vscode-textmate';
import { OnigScanner, OnigString, loadWASM } from 'vscode-oniguruma';
import { repoRoot } from '../helpers';

/** The TextMate grammars as VS Code runs them: vscode-textmate with the Oniguruma engine. */
async function loadGrammar(scopeName: string, file: string): Promise<IGrammar> {
  const registry = new Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new OnigScanner(patterns),
      createOnigString: (text: string) => new OnigString(text),
    }),
    loadGrammar: async (name) => (name === scopeName
      ? parseRawGrammar(readFileSync(join(repoRoot, 'syntaxes', file), 'utf8'), file)
      : null),
  });
  const grammar = await registry.loadGrammar(scopeName);
  assert.ok(grammar);
  return grammar;
}

/** Each token of each line with its most specific scope: `5P=constant.numeric.circles.mjdeck`. */
function scopes(grammar: IGrammar, text: string): string[] {
  let stack = INITIAL;
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const result = grammar.tokenizeLine(line, stack);
    for (const token of result.tokens) {
      const word = line.slice(token.startIndex, token.endIndex);
      if (word.trim() === '') continue;
      out.push(`${word.trim()}=${token.scopes[token.scopes.length - 1]}`);
    }
    stack = result.ruleStack;
  }
  return out;
}

describe('TextMate grammars', () => {
  before(async () => {
    const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    await loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  });

  test('mjdeck: each suit, the honours, the specials, comments and unknown tokens', async () => {
    const grammar = await loadGrammar('source.mjdeck', 'mjdeck.tmLanguage.json');
    assert.deepEqual(scopes(grammar, '5M\n5P\n5S\nE\nZ\nDOUBLE\nREVERSE\nPASS # skip\n5Q\n5p\nPASSS'), [
      '5M=constant.numeric.characters.mjdeck',
      '5P=constant.numeric.circles.mjdeck',
      '5S=constant.numeric.bamboo.mjdeck',
      'E=entity.name.type.honour.mjdeck',
      'Z=entity.name.type.honour.mjdeck',
      'DOUBLE=keyword.control.special.double.mjdeck',
      'REVERSE=keyword.control.special.reverse.mjdeck',
      'PASS=keyword.control.special.pass.mjdeck',
      '# skip=comment.line.number-sign.mjdeck',
      '5Q=invalid.illegal.unknown-tile.mjdeck',
      '5p=invalid.illegal.unknown-tile.mjdeck',
      'PASSS=invalid.illegal.unknown-tile.mjdeck',
    ]);
  });

  test('cirnodeck: header numbers, player names, card families, unknown cards', async () => {
    const grammar = await loadGrammar('source.cirnodeck', 'cirnodeck.tmLanguage.json');
    assert.deepEqual(scopes(grammar, '# game\n2 1 4\nCirno A99 B9 PASS\nReimu C2 D2 E49\nTURN DOUBLE A3 Cirno'), [
      '# game=comment.line.number-sign.cirnodeck',
      '2=constant.numeric.integer.cirnodeck',
      '1=constant.numeric.integer.cirnodeck',
      '4=constant.numeric.integer.cirnodeck',
      'Cirno=entity.name.player.cirnodeck',
      'A99=constant.numeric.add.cirnodeck',
      'B9=constant.numeric.subtract.cirnodeck',
      'PASS=keyword.control.escape.cirnodeck',
      'Reimu=entity.name.player.cirnodeck',
      'C2=constant.numeric.multiply.cirnodeck',
      'D2=constant.numeric.multiply.cirnodeck',
      'E49=constant.numeric.set.cirnodeck',
      'TURN=keyword.control.escape.cirnodeck',
      'DOUBLE=keyword.control.escape.cirnodeck',
      'A3=invalid.illegal.unknown-card.cirnodeck',
      'Cirno=invalid.illegal.unknown-card.cirnodeck',
    ]);
  });
});
