/** First contact: the help texts, the version, and where a usage error sends the user. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { COMMAND_NAMES, USAGE, commandHelp, loadCommand } from '../../server/src/cli/main';
import { formatCommandHelp } from '../../server/src/cli/help';
import { CLI_REFERENCE, generatedCliReference } from '../../scripts/generate-cli-reference';
import { repoRoot } from '../helpers';
import { cli } from './harness';

const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

describe('deck-sim --help, -h and help: the overall usage on stdout, status 0', () => {
  for (const args of [['--help'], ['-h'], ['help'], ['help', '--help']]) {
    test(`deck-sim ${args.join(' ')}`, async () => {
      assert.deepEqual(await cli(args), { status: 0, stdout: USAGE, stderr: '' });
    });
  }

  test('it names every command with its summary and where each one\'s help is', () => {
    const lines = USAGE.split('\n');
    const listed = lines.slice(lines.indexOf('Commands:') + 1).filter((line) => /^ {2}\w/.test(line));
    assert.deepEqual(listed.map((line) => line.trim().split(' ')[0]), COMMAND_NAMES);
    assert.equal(lines.at(-2), "Run 'deck-sim COMMAND --help' for a command's usage and options.");
    assert.ok(lines.every((line) => line.length <= 80), 'a line wider than 80 columns');
  });
});

describe('deck-sim COMMAND --help: its own usage on stdout, status 0', () => {
  for (const name of COMMAND_NAMES) {
    test(`${name} --help, ${name} -h and help ${name}`, async () => {
      const help = commandHelp(name)!;
      for (const args of [[name, '--help'], [name, '-h'], ['help', name]]) {
        assert.deepEqual(await cli(args), { status: 0, stdout: help, stderr: '' }, args.join(' '));
      }
      assert.match(help, new RegExp(`\nUsage: deck-sim ${name} `));
      assert.ok(help.split('\n').every((line) => line.length <= 80), 'a line wider than 80 columns');
    });
  }

  test('check --help, exactly', async () => {
    assert.deepEqual(await cli(['check', '--help']), {
      status: 0,
      stdout: [
        'List every problem as FILE:LINE:COL: severity: message.',
        '',
        'Usage: deck-sim check [--format F] [--jobs N] FILE|DIR...|-',
        '',
        'Options:',
        '  --format F  read every deck as F: mjdeck or cirnodeck (default: from each file',
        '              name)',
        '  --jobs N    decks run at once, 1 to 256 (default: the number of cores)',
        '  -h, --help  print this help',
        '',
        'The problems go to stderr, in input order, then a count of decks and problems;',
        'stdout stays empty. Exit status 1 when a deck has errors (warnings pass).',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  test('--help wins over what the command would need, and over what follows it', async () => {
    const help = commandHelp('judge')!;
    assert.deepEqual(await cli(['judge', '--help']), { status: 0, stdout: help, stderr: '' });
    assert.deepEqual(await cli(['judge', 'x.mjdeck', '--help', '--bogus']), { status: 0, stdout: help, stderr: '' });
    assert.deepEqual(await cli(['simulate', '--', '--help']), {
      status: 2,
      stdout: '',
      stderr: "deck-sim: cannot tell the format of '--help' from its extension: "
        + "use --format mjdeck or --format cirnodeck\nRun 'deck-sim simulate --help' for usage.\n",
    });
  });

  test('a long usage wraps between bracketed groups, never inside one', () => {
    const help = formatCommandHelp('audit', 'Audit.', {
      usage: ['[--json] [--solution CMD]... [--wrong CMD]... [--augment DIR [--force]] [--seed S] [--jobs N] '
        + 'DECK|DIR...'],
      options: [['--json', 'one JSON object']],
    });
    assert.equal(help, [
      'Audit.',
      '',
      'Usage: deck-sim audit [--json] [--solution CMD]... [--wrong CMD]...',
      '                      [--augment DIR [--force]] [--seed S] [--jobs N]',
      '                      DECK|DIR...',
      '',
      'Options:',
      '  --json      one JSON object',
      '  -h, --help  print this help',
      '',
    ].join('\n'));
  });

  test('each command\'s help lists exactly the options it takes', () => {
    for (const name of COMMAND_NAMES) {
      const command = loadCommand(name);
      if (!command) continue;
      const listed = command.help.options.map(([option]) => option.split(' ')[0]);
      assert.deepEqual([...listed].sort(), Object.keys(command.options).sort(), name);
      for (const form of command.help.usage) {
        for (const option of form.match(/--[\w-]+/g) ?? []) assert.ok(listed.includes(option), `${name}: ${option}`);
      }
    }
  });
});

describe('deck-sim --version: the version of package.json', () => {
  test('in process', async () => {
    assert.deepEqual(await cli(['--version']), { status: 0, stdout: `deck-sim ${version}\n`, stderr: '' });
  });

  test('the installed bin and the bundle', () => {
    for (const program of [join(repoRoot, 'bin', 'deck-sim.js'), join(repoRoot, 'dist', 'cli.js')]) {
      const result = spawnSync(process.execPath, [program, '--version'], { encoding: 'utf8' });
      assert.deepEqual([result.status, result.stdout, result.stderr], [0, `deck-sim ${version}\n`, ''], program);
    }
  });
});

describe('a usage error: one line, then where the usage is, status 2', () => {
  test('simulate --help was an unknown option; now a wrong one points to simulate\'s help', async () => {
    assert.deepEqual(await cli(['simulate', '--bogus', 'x.mjdeck']), {
      status: 2, stdout: '', stderr: "deck-sim: unknown option '--bogus'\nRun 'deck-sim simulate --help' for usage.\n",
    });
  });

  test('without a command, the overall usage', async () => {
    assert.deepEqual(await cli([]), {
      status: 2, stdout: '', stderr: "deck-sim: no command given\nRun 'deck-sim --help' for usage.\n",
    });
  });

  test('through the real process, in the bundle too', () => {
    for (const program of [join(repoRoot, 'bin', 'deck-sim.js'), join(repoRoot, 'dist', 'cli.js')]) {
      const result = spawnSync(process.execPath, [program, 'check'], { encoding: 'utf8' });
      assert.deepEqual([result.status, result.stdout, result.stderr], [2, '',
        "deck-sim: no deck file given (use - for stdin)\nRun 'deck-sim check --help' for usage.\n"], program);
    }
  });
});

describe('docs/cli.md', () => {
  test('its help texts are deck-sim\'s (`npm run generate` writes them)', () => {
    const text = readFileSync(join(repoRoot, CLI_REFERENCE), 'utf8');
    assert.equal(generatedCliReference(text), text, `${CLI_REFERENCE} is stale: run \`npm run generate\``);
  });
});
