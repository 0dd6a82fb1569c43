import { EnvironmentOutlined } from '@ant-design/icons';
import { Flex, Tag, theme, Typography } from 'antd';
import type { Item } from '../api/inventory';
import { NO_NAMES, heldStock, placeName } from '../features/inventory/stock';

interface ItemStockListProps {
  item: Item;
  hereId: string | null;
}

/** Stock per place, 'here' marked (and listed even when it holds none, so a count there reads 0). */
export function ItemStockList({ item, hereId }: ItemStockListProps) {
  const { token } = theme.useToken();
  const held = heldStock(item);
  const rows =
    hereId !== null && !held.some((entry) => entry.locationId === hereId)
      ? [...held, { locationId: hereId, locationName: null, quantity: 0 }]
      : held;
  return (
    <div>
      <Flex justify="space-between" align="baseline">
        <Typography.Text strong>Stock</Typography.Text>
        <Typography.Text>
          Total <strong data-testid="scan-total-stock">{item.currentStock}</strong>
        </Typography.Text>
      </Flex>
      {rows.length === 0 ? (
        <Typography.Text type="secondary">None in stock anywhere.</Typography.Text>
      ) : (
        <ul aria-label="Stock per location" style={{ listStyle: 'none', margin: '4px 0 0', padding: 0 }}>
          {rows.map((entry) => {
            const isHere = entry.locationId !== null && entry.locationId === hereId;
            return (
              <li
                key={entry.locationId ?? 'unassigned'}
                style={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  padding: '6px 8px',
                  borderRadius: token.borderRadius,
                  background: isHere ? token.colorPrimaryBg : undefined,
                }}
              >
                <span>
                  {isHere && <EnvironmentOutlined aria-hidden style={{ marginInlineEnd: 6 }} />}
                  {placeName(entry.locationId, entry.locationName, NO_NAMES)}
                  {isHere && (
                    <Tag color="blue" style={{ marginInlineStart: 8 }}>
                      here
                    </Tag>
                  )}
                </span>
                <strong>{entry.quantity}</strong>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
