import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { ReportTotals } from '../../api/contract/reports';
import type { DayRange } from '../../shared/dates';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import type { SortDescriptor } from '../../ui/Table';
import { reportCsvName, type ReportType } from './reportTypes';
import { sorted } from './reportTables';

/**
 * CSV (spec 001 section 4): conversions and reversals are prepared first; the others download at once,
 * as the table shows them (its sort, its Totals row).
 */
export function CsvButton({ type, range, rows, sort, totals }: { type: ReportType; range: DayRange; rows: readonly unknown[]; sort?: SortDescriptor; totals?: ReportTotals }) {
  const [prepared, setPrepared] = useState<{ url: string } | 'preparing' | null>(null);
  const name = reportCsvName(type, range);
  const prepares = type === 'conversions' || type === 'reversals';
  // The writer of the long reports is fetched with them, not when 'Prepare CSV' is pressed.
  useEffect(() => {
    if (prepares) void import('./reportCsv');
  }, [prepares]);
  const download = (url: string) => {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
  };
  // The CSV writer (papaparse) loads with the first CSV.
  const blobUrl = async () => {
    const { reportCsvParts } = await import('./reportCsv');
    const ordered = sort ? sorted(rows, sort) : rows;
    return URL.createObjectURL(new Blob(reportCsvParts(type, ordered, { totals }), { type: 'text/csv;charset=utf-8' }));
  };
  if (prepares) {
    if (prepared && prepared !== 'preparing') {
      return (
        <CsvRow>
          <Link href={prepared.url} download={name}>
            Download CSV
          </Link>
        </CsvRow>
      );
    }
    return (
      <CsvRow>
        <Button
          variant="secondary"
          isDisabled={prepared === 'preparing'}
          onPress={() => {
            setPrepared('preparing');
            // 'Preparing CSV...' paints before the rows are written.
            void blobUrl().then(
              (url) => setPrepared({ url }),
              () => setPrepared(null),
            );
          }}
        >
          {prepared === 'preparing' ? 'Preparing CSV...' : 'Prepare CSV'}
        </Button>
      </CsvRow>
    );
  }
  return (
    <CsvRow>
      <Button variant="secondary" onPress={() => void blobUrl().then(download)}>
        Download CSV
      </Button>
    </CsvRow>
  );
}

const CsvRow = styled.div`
  display: flex;
  justify-content: flex-end;
`;
