import { useState } from 'react';
import { errorText } from '../../api/errors';
import { PageState } from '../../components/PageState';
import { usePageTitle } from '../../lib/page';
import { useListOperatorsQuery, useOperatorAuditQuery } from '../api/accountApi';
import { AuditView, type AuditFilters } from './AuditView';

const LIMIT = 50;

/** Admins: the audit log of every operator write (GET /operator/audit). */
export function AuditPage() {
  usePageTitle('Audit log');
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const query = useOperatorAuditQuery({ ...filters, page: String(page), limit: String(LIMIT) });
  const operators = useListOperatorsQuery();
  return (
    <PageState query={query} loadingLabel="Loading the audit log" retry="keeps-failure" failure={(e) => errorText(e) ?? 'The audit log could not be loaded.'}>
      {(data) => (
        <AuditView
          entries={data.entries}
          total={data.total}
          page={data.page}
          limit={data.limit}
          filters={filters}
          operators={(operators.data?.operators ?? []).map((o) => ({ id: o.operator_id, email: o.email }))}
          isFetching={query.isFetching}
          onFilter={(f) => {
            setFilters(f);
            setPage(1);
          }}
          onPage={setPage}
        />
      )}
    </PageState>
  );
}
