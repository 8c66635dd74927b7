/**
 * What a solution may leave running outside its own process group (a child that called setsid or
 * setpgid), found through /proc: descendants of the group's members, and processes that carry the
 * run's mark in their environment. Where there is no /proc both lists are empty.
 */
import { readdirSync, readFileSync } from 'node:fs';

interface ProcessEntry {
  pid: number;
  ppid: number;
  pgrp: number;
}

function processIds(): number[] {
  try {
    return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return [];
  }
}

function processes(): ProcessEntry[] {
  const found: ProcessEntry[] = [];
  for (const pid of processIds()) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After "pid (name) ": state, ppid, pgrp. The name may hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      found.push({ pid, ppid: Number(fields[1]), pgrp: Number(fields[2]) });
    } catch {
      // It ended meanwhile.
    }
  }
  return found;
}

/** The processes outside group `pgid` that descend from one of its members, as of now. */
export function descendantsOutsideGroup(pgid: number): number[] {
  const all = processes();
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of all) children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry]);
  const queue = all.filter((entry) => entry.pgrp === pgid);
  const seen = new Set(queue.map((entry) => entry.pid));
  const outside: number[] = [];
  while (queue.length > 0) {
    for (const child of children.get(queue.pop()!.pid) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      queue.push(child);
      if (child.pgrp !== pgid) outside.push(child.pid);
    }
  }
  return outside;
}

/**
 * The processes other than this one whose environment, as they were started, holds one of
 * `entries` (`NAME=VALUE`): each run's value is unique, and everything a solution starts
 * inherits it unless it builds a new environment.
 */
export function processesWithEnvironment(entries: ReadonlySet<string>): number[] {
  if (entries.size === 0) return [];
  return processIds().filter((pid) => {
    if (pid === process.pid) return false;
    try {
      return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').some((entry) => entries.has(entry));
    } catch {
      return false; // ended, or another user's
    }
  });
}
