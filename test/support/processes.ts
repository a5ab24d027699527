import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

import type { RunningServer } from './server';

/** PIDs whose parent is `pid` (a node-cluster primary's workers), read from /proc. */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * How many established connections to `server`'s port each of its workers holds, in the order of
 * `childrenOf`: the socket inodes in each worker's fds, matched against /proc/net/tcp. A
 * connection the primary accepted but has not handed to a worker yet counts for none of them.
 */
export function connectionsPerWorker(server: RunningServer): number[] {
  const port = Number(new URL(server.url).port);
  const established = new Set(
    readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter(
        (fields) => fields.length > 9 && fields[3] === '01' && parseInt(fields[1].split(':')[1], 16) === port,
      )
      .map((fields) => `socket:[${fields[9]}]`),
  );
  const isEstablished = (pid: number, fd: string) => {
    try {
      return established.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
    } catch {
      return false;
    }
  };
  return childrenOf(server.process.pid ?? 0).map(
    (pid) => readdirSync(`/proc/${pid}/fd`).filter((fd) => isEstablished(pid, fd)).length,
  );
}
