/**
 * Solutions that misbehave: argv[2] is sleep, crash, flood, fork, escape, escapeQuiet, terminal,
 * hold, hog, hogAtOnce or hogChild (each explained at its case).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readInput } from './stdin';

/** A process of its own session (so outside the solution's group) that sleeps for ten minutes. */
function escapee(stdio: 'ignore' | 'inherit'): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'], {
    detached: true, stdio: ['ignore', stdio, stdio],
  });
  child.unref();
  return child.pid!;
}

/** Allocates 3 GB in 64 MB blocks, each written so that it is resident, keeping them all. */
function hog(): void {
  const blocks: Buffer[] = [];
  for (let i = 0; i < 48; i++) blocks.push(Buffer.allocUnsafe(64 * 1024 * 1024).fill(i));
  process.stdout.write(`${blocks.length} blocks\n`);
}

switch (process.argv[2]) {
  case 'sleep':
    setTimeout(() => undefined, 60_000);
    break;
  case 'crash':
    process.stderr.write('reading the deck\nTypeError: tiles is undefined\n');
    process.exit(3);
    break;
  case 'flood': {
    const block = 'A IN 1M\n'.repeat(8192);
    const write = () => {
      while (process.stdout.write(block));
      process.stdout.once('drain', write);
    };
    write();
    break;
  }
  case 'fork': {
    // A child that would outlive its parent unless the whole group is killed; argv[3] gets its pid.
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    writeFileSync(process.argv[3], String(child.pid));
    setTimeout(() => undefined, 60_000);
    break;
  }
  case 'escape':
    // Leaves its group holding the output pipes, then exits with no output; argv[3] gets its pid.
    readInput();
    writeFileSync(process.argv[3], String(escapee('inherit')));
    break;
  case 'escapeQuiet':
    // Leaves its group with nothing of the run's, while the solution sleeps; argv[3] gets its pid.
    writeFileSync(process.argv[3], String(escapee('ignore')));
    setTimeout(() => undefined, 60_000);
    break;
  case 'terminal':
    // Terminal escapes on both outputs (set the clipboard, clear the screen, C1 CSI, RLO), exit argv[3].
    process.stdout.write('\x1b]52;c;aGk=\x07\x1b[2J\u009b\u202eA IN 8M\\\n');
    process.stderr.write('\x1b[31mred\tline\n');
    process.exitCode = Number(process.argv[3]);
    break;
  case 'hog':
    hog();
    break;
  case 'hogAtOnce':
    // 3 GB in one piece, then written.
    Buffer.allocUnsafe(3 * 1024 * 1024 * 1024).fill(1);
    break;
  case 'hogChild': {
    // A child does the allocating; the parent passes on how it ended.
    const child = spawnSync(process.execPath, [__filename, 'hog'], { stdio: ['ignore', 'inherit', 'inherit'] });
    process.exitCode = child.status ?? 1;
    break;
  }
  case 'hold': {
    // Writes argv[3]/PID.pid holding its deck's first line, then waits for argv[3]/release-LINE.
    const first = readInput().split('\n')[0];
    writeFileSync(join(process.argv[3], `${process.pid}.pid`), first);
    const release = join(process.argv[3], `release-${first}`);
    const poll = setInterval(() => {
      if (existsSync(release)) clearInterval(poll);
    }, 20);
    break;
  }
}
