import { reportCsvParts } from './reportCsv';

/** Writes the lines of the rows it is sent (no header): the second half of a long report's CSV. */
self.onmessage = (event: MessageEvent<{ type: string; rows: unknown[] }>) => {
  try {
    self.postMessage({ parts: reportCsvParts(event.data.type, event.data.rows, { header: false }) });
  } catch (err) {
    self.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
};
