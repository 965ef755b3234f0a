import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { memoryFilesystemOf } from '../../../server/lib/memoryFilesystem';

/** npm start warns when DATA_DIR, UPLOAD_DIR or the click journal is kept in memory (server/index.ts). */
describe('a directory kept in memory', () => {
  const TMPFS = 0x01021994;
  const EXT4 = 0xef53;

  it('names tmpfs and ramfs, and nothing for a disk', () => {
    expect(memoryFilesystemOf('/data/click-journal', () => ({ type: TMPFS }))).toBe('tmpfs');
    expect(memoryFilesystemOf('/data/click-journal', () => ({ type: 0x858458f6 }))).toBe('ramfs');
    expect(memoryFilesystemOf('/data/click-journal', () => ({ type: EXT4 }))).toBeNull();
  });

  it('a directory not made yet is judged by the nearest one above it that exists', () => {
    const asked: string[] = [];
    const statfs = (p: string) => {
      asked.push(p);
      if (p !== '/run') throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return { type: TMPFS };
    };
    expect(memoryFilesystemOf('/run/portal/click-journal', statfs)).toBe('tmpfs');
    expect(asked).toEqual(['/run/portal/click-journal', '/run/portal', '/run']);
    expect(memoryFilesystemOf('/x/y', () => { throw new Error('EACCES'); })).toBeNull();
  });

  it.runIf(fs.existsSync('/dev/shm') && Number(fs.statfsSync('/dev/shm').type) === TMPFS)('reads the real filesystem: /dev/shm is tmpfs', () => {
    expect(memoryFilesystemOf('/dev/shm/portal-data/click-journal')).toBe('tmpfs');
  });
});
