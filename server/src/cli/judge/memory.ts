/**
 * The memory limit of a solution's run. Two mechanisms, because neither is enough alone:
 *
 * - The resident memory (VmRSS) of the run's processes, summed, sampled through /proc while it
 *   runs: past the limit the run is stopped, MLE. It is what contest judges measure, and it
 *   does not count the address space a runtime reserves but never touches (Node, Java and Go
 *   reserve gigabytes).
 * - A kernel backstop, so that a fast allocator cannot outrun the sampler and take the machine's
 *   memory: each process's private writable memory (RLIMIT_DATA, set by util-linux `prlimit`,
 *   inherited by every child) is capped at BACKSTOP_FACTOR times the limit. An allocation past it
 *   fails at once; a run that then fails saying so (`std::bad_alloc`, `MemoryError`, …) is MLE.
 *
 * Without /proc (macOS, Windows) nothing is sampled; without prlimit there is no backstop.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const MB = 1024 * 1024;
/** The backstop, as a multiple of the limit: room for the sampler to see the limit passed first. */
const BACKSTOP_FACTOR = 2;

/** What runtimes print when an allocation fails (C++, Python, Java, Go and Node, the C library, Java, Rust). */
const ALLOCATION_FAILED = new RegExp([
  'std::bad_alloc', 'MemoryError', 'OutOfMemoryError', '[Oo]ut of memory', 'Cannot allocate memory',
  'Not enough space', 'insufficient memory',
  'allocation failed', 'memory allocation of \\d+ bytes failed',
].join('|'));

let prlimitPath: string | null | undefined;

/** util-linux `prlimit`, looked up once: where it is not (macOS, Windows, busybox) there is no backstop. */
function prlimit(): string | null {
  if (prlimitPath !== undefined) return prlimitPath;
  prlimitPath = null;
  if (process.platform !== 'linux') return prlimitPath;
  const dirs = ['/usr/bin', '/bin', ...(process.env.PATH ?? '').split(delimiter).filter(Boolean)];
  prlimitPath = dirs.map((dir) => join(dir, 'prlimit')).find((file) => existsSync(file)) ?? null;
  return prlimitPath;
}

/**
 * The command line that runs `argv` under the backstop: prlimit sets the limit and execs the
 * program (no shell), so the program keeps the process id deck-sim spawned. `argv` itself where
 * there is no prlimit.
 */
export function withBackstop(argv: readonly string[], limitMb: number): { argv: string[]; backstop: boolean } {
  const tool = prlimit();
  if (tool === null) return { argv: [...argv], backstop: false };
  const bytes = backstopBytes(limitMb);
  return { argv: [tool, `--data=${bytes}:${bytes}`, '--', ...argv], backstop: true };
}

/** The backstop of a run whose limit is `limitMb`, in bytes. */
export function backstopBytes(limitMb: number): number {
  return limitMb * MB * BACKSTOP_FACTOR;
}

/** A program's stderr from the line that says an allocation failed, or undefined when none says so. */
export function allocationFailure(stderr: string): string | undefined {
  const match = ALLOCATION_FAILED.exec(stderr);
  return match ? stderr.slice(stderr.lastIndexOf('\n', match.index) + 1) : undefined;
}

/** kB of resident memory of process `pid`, or 0 when it is gone (or there is no /proc). */
function residentKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'latin1');
    const match = /\nVmRSS:\s*(\d+) kB/.exec(status);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** The processes now in group `pgid`, found through /proc (none where there is none). */
function groupMembers(pgid: number): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const members: number[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      // After "pid (name) ": state, ppid, pgrp. The name may hold spaces and parentheses.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pgid) members.push(Number(name));
    } catch {
      // It ended meanwhile.
    }
  }
  return members;
}

/** Ticks between two searches of /proc for the group's members: reading the known ones is cheap. */
const SEARCH_EVERY = 10;

let procReadable: boolean | undefined;

/**
 * Samples the resident memory of a run's process group: its leader every tick, the other members
 * found by a search of /proc every SEARCH_EVERY ticks. `sample()` gives the total in bytes (a
 * page two processes share counts in each, as their VmRSS does). Undefined where there is no /proc.
 */
export function groupMemory(pgid: number): { sample: () => number } | undefined {
  procReadable ??= existsSync('/proc/self/status');
  if (!procReadable) return undefined;
  let members = [pgid];
  let tick = 0;
  return {
    sample: () => {
      if (++tick % SEARCH_EVERY === 0) members = [pgid, ...groupMembers(pgid).filter((pid) => pid !== pgid)];
      return members.reduce((sum, pid) => sum + residentKb(pid), 0) * 1024;
    },
  };
}
