import { Flex, Pagination, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { ScrollRegion } from './ScrollRegion';

interface WideTableProps<Row> extends Omit<TableProps<Row>, 'dataSource' | 'pagination'> {
  /** The scroll region's name for screen readers ("Users table"). */
  label: string;
  /** The width below which the table scrolls sideways. */
  minWidth: number;
  rows: readonly Row[];
  pageSize: number;
}

/**
 * A table wider than a phone, paged in the browser: it scrolls sideways in a ScrollRegion and its
 * pager sits below the region, in view. antd's own pager is part of the table, so inside the
 * region it sat at the right end of `minWidth`, off a phone's screen.
 */
export function WideTable<Row extends object>({ label, minWidth, rows, pageSize, ...table }: WideTableProps<Row>) {
  const [page, setPage] = useState(1);
  // Fewer rows than before (a search, a delete on the last page) keep the nearest page that exists.
  const current = Math.min(page, Math.max(1, Math.ceil(rows.length / pageSize)));
  return (
    <>
      <ScrollRegion label={label} minWidth={minWidth}>
        <Table<Row> {...table} dataSource={rows.slice((current - 1) * pageSize, current * pageSize)} pagination={false} />
      </ScrollRegion>
      {rows.length > pageSize && (
        <Flex justify="end" style={{ marginTop: 16 }}>
          <Pagination
            current={current}
            pageSize={pageSize}
            total={rows.length}
            showSizeChanger={false}
            showTotal={(count, [first, last]) => `${first}–${last} of ${count.toLocaleString('en-US')}`}
            onChange={setPage}
          />
        </Flex>
      )}
    </>
  );
}
