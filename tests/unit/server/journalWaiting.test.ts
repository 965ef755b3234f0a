import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clicksWaitingInJournals } from '../../../server/modules/tracking/journal';

const root = mkdtempSync(path.join(tmpdir(), 'journal-waiting-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const NOW = 1_800_000_000_000;
const segment = (openedAt: number, seq = 0) => `${String(openedAt).padStart(15, '0')}-0123456789ab-${String(seq).padStart(9, '0')}.clicks`;

describe('clicks still waiting in the click journals', () => {
  it('are none when no journal exists, or when every segment is younger than the limit (the normal lag)', async () => {
    expect(await clicksWaitingInJournals(path.join(root, 'missing'), 2000, NOW)).toBe(false);
    mkdirSync(path.join(root, '0'));
    writeFileSync(path.join(root, '0', segment(NOW - 300)), '');
    expect(await clicksWaitingInJournals(root, 2000, NOW)).toBe(false);
  });

  it("are there when any process's directory holds a segment opened before the limit", async () => {
    mkdirSync(path.join(root, '1'));
    writeFileSync(path.join(root, '1', segment(NOW - 15_000, 3)), '');
    expect(await clicksWaitingInJournals(root, 2000, NOW)).toBe(true);
  });

  it('ignores what is not a segment of a process directory (set-aside segments, other files)', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'journal-waiting-other-'));
    try {
      mkdirSync(path.join(other, 'rejected'));
      writeFileSync(path.join(other, 'rejected', segment(NOW - 60_000)), '');
      mkdirSync(path.join(other, '0'));
      writeFileSync(path.join(other, '0', 'notes.txt'), '');
      expect(await clicksWaitingInJournals(other, 2000, NOW)).toBe(false);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
