/**
 * The Neovim config docs/cli.md gives, in a real Neovim (Debian's `neovim`, which the e2e's
 * Debian packages install): what a user following the docs gets, read from Neovim's own state.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../helpers';
import { inNeovim } from './neovim';

const example = (name: string) => ({ name, text: readFileSync(join(repoRoot, 'examples', name), 'utf8') });
const mahjong = example('sample.mjdeck');
const cirno = example('sample.cirnodeck');

describe('Neovim with the config of docs/cli.md', () => {
  test('a broken deck: the filetype, and the diagnostics with their lines and messages', async () => {
    const text = mahjong.text.split('\n');
    text[2] = '5Q';
    const run = await inNeovim({ name: 'broken.mjdeck', text: text.join('\n') }, `
      local found = wait('diagnostics', function()
        local d = vim.diagnostic.get(deck)
        return #d > 0 and d or nil
      end)
      out.diagnostics = vim.tbl_map(function(d)
        return (d.lnum + 1) .. ':' .. (d.col + 1) .. ' ' .. d.severity .. ' ' .. d.message
      end, found)
    `);
    assert.equal(run.filetype, 'mjdeck');
    assert.deepEqual(run.diagnostics, [
      "3:1 1 Unknown tile '5Q'. Did you mean 5M, 5P, 5S?",
      `${text.length}:1 1 Missing: 8M ×1.`,
    ]);
  });

  test('K on a tile shows the hover as text: the tile, its path, the hand it leaves, no data: link', async () => {
    const run = await inNeovim(mahjong, `
      vim.api.nvim_win_set_cursor(0, { 55, 0 })
      vim.cmd('normal K')
      out.hover = float_lines()
    `);
    assert.equal(run.filetype, 'mjdeck');
    assert.deepEqual(run.hover, [
      '**N** — North Wind · tile 53 of 148',
      '',
      '- drawn by A on turn 1 · transcript line 53',
      '- ponged by A from the hand · transcript line 65',
      '',
      "A's hand then: `3M 3M 6M 7M 8M 3P 2S 3S N N` · Z Z Z · winning distance 2",
    ]);
  });

  test('a ⑨ hover names the cards of the Why table', async () => {
    const run = await inNeovim(cirno, `
      vim.api.nvim_win_set_cursor(0, { 7, 0 })
      vim.cmd('normal K')
      out.hover = float_lines()
    `);
    assert.equal(run.filetype, 'cirnodeck');
    const hover = run.hover as string[];
    assert.deepEqual(hover.slice(0, 3), ['**A9** — adds 9 to p · pile card 1 of 25', '', hover[2]]);
    assert.match(hover[2], /^\*\*Why Cirno played it\*\* · transcript line 8: at p = 74/);
    assert.ok(hover.includes('| card | PASS | **A9** | B1 |'), hover.join('\n'));
    assert.doesNotMatch(hover.join('\n'), /data:|!\[/);
  });

  test('completion offers the cards a deck is short of, through Neovim\'s client', async () => {
    const run = await inNeovim(cirno, `
      local params = { textDocument = vim.lsp.util.make_text_document_params(), position = { line = 6, character = 0 } }
      local _, answer = next(vim.lsp.buf_request_sync(deck, 'textDocument/completion', params, ${30_000}))
      out.items = vim.tbl_map(function(item) return item.label .. ': ' .. item.detail end, answer.result.items)
    `);
    assert.deepEqual((run.items as string[]).slice(0, 3), ['A1: adds 1 to p', 'A2: adds 2 to p', 'A5: adds 5 to p']);
    assert.equal((run.items as string[]).length, 18);
  });

  test('rename a player, then format the deck', async () => {
    const run = await inNeovim(cirno, `
      vim.api.nvim_win_set_cursor(0, { 5, 1 })
      vim.lsp.buf.rename('Sakuya')
      wait('the rename', function() return lines(deck)[5]:find('^Sakuya') end)
      if vim.lsp.buf.format then vim.lsp.buf.format({ async = false }) else vim.lsp.buf.formatting_sync() end
      out.text = lines(deck)
    `);
    assert.deepEqual((run.text as string[]).slice(2), [
      '3 2 25',
      'Cirno  A9     A19 B1',
      'Sakuya TURN   A9  C2',
      'Marisa DOUBLE D2  D2',
      'A9 B9 C2 PASS PASS A9 A1 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99',
      'A99 A99 A99 A99 A99',
    ]);
  });

  test('the outline: sections, players and rounds at their lines', async () => {
    const run = await inNeovim(cirno, `
      local win = vim.api.nvim_get_current_win()
      vim.lsp.buf.document_symbol()
      -- Neovim lists the symbols in the quickfix list (0.7) or the window's location list.
      local items = wait('the outline', function()
        local list = #vim.fn.getqflist() > 0 and vim.fn.getqflist() or vim.fn.getloclist(win)
        return #list > 0 and list or nil
      end)
      out.outline = vim.tbl_map(function(i) return i.lnum .. ':' .. i.col .. ' ' .. i.text end, items)
    `);
    assert.deepEqual(run.outline, [
      '3:1 [Constant] Header', '4:1 [Namespace] Players', '4:1 [Object] Cirno', '5:1 [Object] Reimu',
      '6:1 [Object] Marisa', '7:1 [Namespace] Pile', '7:1 [Array] Round 1', '7:74 [Array] Round 2',
      '7:90 [Array] Never drawn',
    ]);
  });

  test(':DeckSimulate shows the judge\'s transcript; :DeckReplay every step with its Why', async () => {
    const run = await inNeovim(cirno, `
      vim.cmd('DeckSimulate')
      out.simulate = lines()
      vim.cmd('close')
      vim.cmd('DeckReplay')
      out.replay = lines()
    `);
    const transcript = execFileSync(process.execPath, [join(repoRoot, 'bin', 'deck-sim.js'), 'simulate',
      join(repoRoot, 'examples', cirno.name)], { encoding: 'utf8' });
    assert.deepEqual(run.simulate, [
      'sample.cirnodeck: 2 rounds played, 23 of 25 pile cards drawn', ...transcript.trimEnd().split('\n'),
    ]);
    const replay = run.replay as string[];
    assert.deepEqual(replay.slice(0, 4), [
      'sample.cirnodeck: 2 rounds played, 23 of 25 pile cards drawn',
      '1. Round 1:',
      '2. Cirno used A19,now p=19.',
      '   Played by Cirno at p = 0: the card giving the largest p that does not lose (ties: C, A, B, D, E).',
    ]);
    assert.equal(replay.at(-1), '44. Marisa draws A99 (pile card 23 of 25) for a new hand');
  });
});
