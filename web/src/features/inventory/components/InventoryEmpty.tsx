import { AppstoreOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Typography } from 'antd';

/** spec §2 empty states: a filter hint, or the first-item prompt (without `onAdd`, for a viewer: no prompt). */
export function InventoryEmpty({ filtered, onAdd }: { filtered: boolean; onAdd?: () => void }) {
  return (
    <Empty
      data-testid="inventory-empty"
      image={<AppstoreOutlined style={{ fontSize: 48 }} aria-hidden />}
      description={
        <>
          <Typography.Title level={3} style={{ fontSize: 18, margin: '8px 0 4px' }}>
            No items found
          </Typography.Title>
          <Typography.Text type="secondary">
            {filtered
              ? 'Try adjusting your filters or search query'
              : onAdd
                ? 'Get started by adding your first inventory item'
                : 'Nothing has been added to this workspace yet'}
          </Typography.Text>
        </>
      }
    >
      {!filtered && onAdd && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          Add Your First Item
        </Button>
      )}
    </Empty>
  );
}
