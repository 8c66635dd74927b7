/**
 * Debian's Neovim, headless, with exactly the init.lua block docs/cli.md gives (read from the
 * docs on every run, so a snippet that stops working fails its suite), `deck-sim` on the PATH
 * as the docs ask, and a fresh home. Each run opens one deck, runs Lua steps that wait on
 * Neovim's own state (never a fixed time) and hands back what they put in `out`.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../helpers';

/** The one limit on every wait of a run (server start, diagnostics, a float, an edit). */
export const LIMIT_MS = 60_000;

/** The Lua block under docs/cli.md's `### Neovim` heading. */
export function documentedConfig(): string {
  const docs = readFileSync(join(repoRoot, 'docs', 'cli.md'), 'utf8');
  const section = docs.indexOf('\n### Neovim\n');
  if (section < 0) throw new Error('docs/cli.md has no "### Neovim" section');
  const block = /```lua\n([\s\S]*?)```/.exec(docs.slice(section));
  if (!block) throw new Error('docs/cli.md\'s Neovim section has no ```lua block');
  return block[1];
}

/** What every run's steps can use: `out`, `wait(what, ready)`, `lines(buf)`, `float_lines()`. */
const PRELUDE = `
out = {}
local deadline = vim.loop.now() + ${LIMIT_MS}
function wait(what, ready)
  local value
  local ok = vim.wait(math.max(0, deadline - vim.loop.now()), function()
    value = ready()
    return value ~= nil and value ~= false
  end, 20)
  if not ok then error('timed out after ${LIMIT_MS} ms waiting for ' .. what, 2) end
  return value
end
function lines(buf) return vim.api.nvim_buf_get_lines(buf or 0, 0, -1, false) end
function float_lines()
  local win = wait('a floating window', function()
    for _, w in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(w).relative ~= '' then return w end
    end
  end)
  return lines(vim.api.nvim_win_get_buf(win))
end
deck = vim.api.nvim_get_current_buf()
out.version = vim.version().major .. '.' .. vim.version().minor .. '.' .. vim.version().patch
out.filetype = vim.bo.filetype
wait('the deck-sim client', function() return #vim.lsp.buf_get_clients(deck) > 0 end)
`;

const EPILOGUE = `
vim.fn.writefile({ vim.fn.json_encode(out) }, 'out.json')
`;

export interface NeovimRun {
  /** `0.7.2` */
  version: string;
  filetype: string;
  [key: string]: unknown;
}

/**
 * Opens `deck` (a file name and its text) in Neovim with the documented config, runs `steps`
 * (Lua) after the client has attached, and returns `out`. A failed step rejects with its error.
 */
export async function inNeovim(deck: { name: string; text: string }, steps: string): Promise<NeovimRun> {
  const dir = mkdtempSync(join(tmpdir(), 'deck-sim-nvim-'));
  try {
    const bin = join(dir, 'bin');
    const home = join(dir, 'home');
    mkdirSync(bin);
    mkdirSync(home);
    // `deck-sim` on the PATH, as the docs ask the user to put it there.
    writeFileSync(join(bin, 'deck-sim'),
      `#!/bin/sh\nexec '${process.execPath}' '${join(repoRoot, 'bin', 'deck-sim.js')}' "$@"\n`);
    chmodSync(join(bin, 'deck-sim'), 0o755);
    writeFileSync(join(dir, 'init.lua'), documentedConfig());
    writeFileSync(join(dir, deck.name), deck.text);
    writeFileSync(join(dir, 'steps.lua'), [
      'local ok, err = pcall(function()', PRELUDE, steps, 'end)',
      "if not ok then out = { error = tostring(err) } end", EPILOGUE, "vim.cmd('qa!')",
    ].join('\n'));
    const env = {
      ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'),
      XDG_STATE_HOME: join(home, 'state'), XDG_CACHE_HOME: join(home, 'cache'),
    };
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const args = ['--headless', '-n', '-i', 'NONE', '-u', 'init.lua', deck.name, '-c', 'luafile steps.lua'];
      const nvim = spawn('nvim', args,
        { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      nvim.stdout.on('data', () => undefined);
      nvim.stderr.on('data', (chunk) => { stderr += chunk; });
      // Only if Neovim itself hangs before the steps' own limit can end it.
      const backstop = setTimeout(() => nvim.kill('SIGKILL'), LIMIT_MS + 30_000);
      nvim.on('error', (error) => { clearTimeout(backstop); reject(error); });
      nvim.on('exit', (code) => { clearTimeout(backstop); resolve({ code, stderr }); });
    });
    let out: Record<string, unknown>;
    try {
      out = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as Record<string, unknown>;
    } catch {
      throw new Error(`Neovim wrote no result (exit ${result.code}): ${result.stderr}`);
    }
    if (typeof out.error === 'string') throw new Error(`in Neovim: ${out.error}\n${result.stderr}`);
    return out as NeovimRun;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
