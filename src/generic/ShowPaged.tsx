import { useState } from 'react';
import { extraCall } from '../../resources/declaredCalls';
import type { ApiCall, CallColumnDecl, ResourceDecl } from '../../resources/types';
import { PagedTable } from './PagedTable';
import { usePagedCall } from './pagedCall';
import { ShowSections } from './ShowSection';

/** The rows of a paged call made with `search` (a record's key), as a table of the declared columns. */
export function CallTable({ call, search, columns }: { call: ApiCall; search: Record<string, unknown>; columns: readonly CallColumnDecl[] }) {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const { page, loading } = usePagedCall(call, search, pageNum, pageSize);
  const shown = columns.map((c) => ({ key: c.field, label: c.label, render: (r: Record<string, unknown>) => String(r[c.field] ?? c.empty ?? '') }));
  return (
    <PagedTable
      columns={shown}
      rows={page?.list}
      loading={loading}
      total={page?.totalRow ?? 0}
      pageNum={pageNum}
      pageSize={pageSize}
      onPage={setPageNum}
      onPageSize={(size) => {
        setPageSize(size);
        setPageNum(1);
      }}
    />
  );
}

/** The declaration's `showPaged` tables (答卷记录) under the show view, each by its call with the record's key. */
export function ShowPaged({ decl }: { decl: ResourceDecl }) {
  return (
    <ShowSections items={decl.showPaged} keyOf={(t) => t.call}>
      {(t, record) => <CallTable call={extraCall(decl, t.call)} search={{ [t.param]: record[t.key ?? decl.idField] ?? record.id }} columns={t.columns} />}
    </ShowSections>
  );
}
