import { WarningOutlined } from '@ant-design/icons';
import type { CountLineView } from '../../../api/counts';
import { Card, Flex, InputNumber, List, Segmented, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { formatCurrency } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-media-query';
import { signed } from '../format';
import { useRecordCount } from '../hooks';

type Filter = 'all' | 'counted' | 'uncounted' | 'variances';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'counted', label: 'Counted' },
  { value: 'uncounted', label: 'Not counted' },
  { value: 'variances', label: 'Variances' },
];
const KEEP: Record<Filter, (line: CountLineView) => boolean> = {
  all: () => true,
  counted: (line) => line.counted !== null,
  uncounted: (line) => line.counted === null,
  variances: (line) => (line.variance ?? 0) !== 0,
};

const varianceColor = (variance: number | null) => (variance === null || variance === 0 ? undefined : variance > 0 ? '#389e0d' : '#cf1322');

/** The counted quantity of a line, edited in place; saved on Enter or when the field is left. */
function CountedInput({ countId, line, editable }: { countId: string; line: CountLineView; editable: boolean }) {
  const record = useRecordCount();
  if (!editable) return <>{line.counted ?? '—'}</>;
  const save = (text: string) => {
    const counted = Number(text);
    if (text.trim() === '' || !Number.isInteger(counted) || counted < 0 || counted === line.counted) return;
    record.mutate({ id: countId, itemId: line.itemId, counted });
  };
  return (
    <InputNumber
      key={`${line.itemId}:${line.counted}`}
      aria-label={`Counted ${line.name}`}
      min={0}
      precision={0}
      inputMode="numeric"
      defaultValue={line.counted ?? undefined}
      placeholder="—"
      disabled={record.isPending}
      onBlur={(event) => save(event.target.value)}
      onPressEnter={(event) => save((event.target as HTMLInputElement).value)}
      style={{ width: 96 }}
    />
  );
}

const Moved = () => (
  <Tag color="warning" icon={<WarningOutlined />} style={{ alignSelf: 'flex-start', marginTop: 4 }}>
    Moved since counted
  </Tag>
);

interface CountLinesProps {
  countId: string;
  lines: readonly CountLineView[];
  editable: boolean;
}

/** Expected, counted, variance and its value per item: a table on a desktop, a list on a phone. */
export function CountLines({ countId, lines, editable }: CountLinesProps) {
  const isMobile = useIsMobile();
  const [filter, setFilter] = useState<Filter>('all');
  const shown = lines.filter(KEEP[filter]);
  const columns: ColumnsType<CountLineView> = [
    {
      title: 'Item',
      key: 'item',
      render: (_, line) => (
        <Flex vertical>
          <Typography.Text strong>{line.name}</Typography.Text>
          {line.sku && <Typography.Text type="secondary">{line.sku}</Typography.Text>}
          {line.changedSinceCounted && <Moved />}
        </Flex>
      ),
    },
    { title: 'Expected', key: 'expected', align: 'right', render: (_, line) => line.expected },
    {
      title: 'Counted',
      key: 'counted',
      align: 'right',
      render: (_, line) => <CountedInput countId={countId} line={line} editable={editable} />,
    },
    {
      title: 'Variance',
      key: 'variance',
      align: 'right',
      render: (_, line) => (
        <span style={{ color: varianceColor(line.variance) }}>{line.variance === null ? '—' : signed(line.variance)}</span>
      ),
    },
    {
      title: 'Value',
      key: 'value',
      align: 'right',
      render: (_, line) => (line.varianceValue === null ? '—' : formatCurrency(line.varianceValue)),
    },
    { title: 'Counted by', key: 'by', render: (_, line) => line.countedBy?.name ?? '—' },
  ];

  return (
    <Card
      title="Items"
      size="small"
      extra={<Segmented<Filter> size="small" options={FILTERS} value={filter} onChange={setFilter} />}
      styles={isMobile ? { header: { flexWrap: 'wrap', paddingBlock: 8 } } : undefined}
    >
      {isMobile ? (
        <List<CountLineView>
          dataSource={shown}
          locale={{ emptyText: 'No items' }}
          renderItem={(line) => (
            <List.Item key={line.itemId} data-testid="count-line">
              <Flex justify="space-between" align="center" gap={8} style={{ width: '100%' }}>
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong style={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {line.name}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {`Expected ${line.expected}`}
                    {line.variance !== null && (
                      <span
                        style={{ color: varianceColor(line.variance) }}
                      >{` · ${signed(line.variance)} · ${formatCurrency(line.varianceValue ?? 0)}`}</span>
                    )}
                  </Typography.Text>
                  {line.changedSinceCounted && <Moved />}
                </div>
                <CountedInput countId={countId} line={line} editable={editable} />
              </Flex>
            </List.Item>
          )}
        />
      ) : (
        <Table<CountLineView>
          rowKey="itemId"
          size="small"
          columns={columns}
          dataSource={shown}
          pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
          onRow={() => ({ 'data-testid': 'count-line' }) as React.HTMLAttributes<HTMLElement>}
        />
      )}
    </Card>
  );
}
