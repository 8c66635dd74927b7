/** Solutions that fail without printing a wrong line: argv[2] is sleep, crash, flood or fork. */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

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
}
