import fs from 'node:fs';
import path from 'node:path';

/** statfs type numbers of filesystems kept in memory (linux/magic.h): their files do not survive a restart. */
const MEMORY_FILESYSTEMS = new Map<number, string>([
  [0x01021994, 'tmpfs'],
  [0x858458f6, 'ramfs'],
]);

/** The filesystem's type as the unsigned number linux/magic.h gives (32-bit systems report it signed). */
const statfsType = (p: string) => ({ type: Number(BigInt.asUintN(32, fs.statfsSync(p, { bigint: true }).type)) });

/**
 * The name of the memory filesystem `dir` (or the nearest directory above it that exists) is on, or
 * null when it is on a disk or cannot be told. What the server keeps there (the embedded database,
 * the keys it made, uploads, the click journal's waiting clicks) is gone after a restart of the
 * machine: npm start warns (server/index.ts).
 */
export function memoryFilesystemOf(dir: string, statfs: (p: string) => { type: number } = statfsType): string | null {
  let at = path.resolve(dir);
  for (;;) {
    try {
      return MEMORY_FILESYSTEMS.get(Number(statfs(at).type)) ?? null;
    } catch {
      const up = path.dirname(at);
      if (up === at) return null;
      at = up;
    }
  }
}
