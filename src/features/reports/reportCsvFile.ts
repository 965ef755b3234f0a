import { reportCsvParts } from './reportCsv';

/** From this many rows, half the CSV is written in a worker, on another core, while this thread writes the other half. */
export const WORKER_FROM_ROWS = 10_000;

/**
 * The CSV file of a report (reportCsv.ts writes it). A long report (100,000 conversions) takes
 * papaparse most of a second or more on one core of a modest machine; split in two halves, one
 * written here and one in a worker, it is ready in about half the time (docs/benchmarks.md). Where
 * a worker cannot start, all of it is written here.
 */
export async function reportCsvFile(type: string, rows: readonly unknown[]): Promise<Blob> {
  const csv = { type: 'text/csv;charset=utf-8' };
  if (type === 'referrals' || rows.length < WORKER_FROM_ROWS || typeof Worker === 'undefined') return new Blob(reportCsvParts(type, rows), csv);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./reportCsvWorker.ts', import.meta.url), { type: 'module' });
  } catch {
    return new Blob(reportCsvParts(type, rows), csv);
  }
  const half = Math.ceil(rows.length / 2);
  try {
    const second = new Promise<string[]>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<{ parts?: string[]; error?: string }>) => (e.data.parts ? resolve(e.data.parts) : reject(new Error(e.data.error)));
      worker.onerror = (e) => reject(new Error(e.message || 'The CSV worker failed'));
    });
    worker.postMessage({ type, rows: rows.slice(half) });
    const first = reportCsvParts(type, rows.slice(0, half));
    // A worker that failed to load: the second half is written here after all.
    const rest = await second.catch(() => reportCsvParts(type, rows.slice(half), { header: false }));
    return new Blob([...first, '\r\n', ...rest], csv);
  } finally {
    worker.terminate();
  }
}
