import { UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Flex, Skeleton, Tag, Timeline, Typography } from 'antd';
import type { Item, ItemMovement } from '../../../api/inventory';
import { errorMessage } from '../../../api/http';
import { useIsMobile } from '../../../lib/use-media-query';
import { mayUndo, useWorkspaceAccess } from '../../workspace/access';
import { useItemMovements, useUndoMovement } from '../hooks';
import { MOVEMENT_LABELS, placeName, type LocationNames } from '../stock';

interface HistoryDrawerProps {
  open: boolean;
  item: Item | null;
  locationNames: LocationNames;
  onClose: () => void;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const COLORS: Partial<Record<ItemMovement['movementType'], string>> = {
  in: 'green',
  out: 'red',
  adjustment: 'blue',
  transfer: 'blue',
  undo: 'gray',
};

// Undos are compensations themselves, relocations follow a deleted place: the server refuses both.
const undoable = (movement: ItemMovement) =>
  !movement.undoneBy && movement.movementType !== 'undo' && movement.movementType !== 'relocation';

const signed = (delta: number) => (delta > 0 ? `+${delta}` : String(delta));

/** The item's timeline (newest first): who did what, with an Undo per movement the user may still undo. */
export function HistoryDrawer({ open, item, locationNames, onClose }: HistoryDrawerProps) {
  const isMobile = useIsMobile();
  const movements = useItemMovements(open && item ? item.id : null);
  const undo = useUndoMovement();
  // A member undoes their own movements; owners and admins anyone's; a viewer none.
  const access = useWorkspaceAccess();

  const where = (movement: ItemMovement) => {
    const source = placeName(movement.locationId, movement.locationName, locationNames);
    if (movement.movementType !== 'transfer') return source;
    return `${source} → ${placeName(movement.toLocationId, movement.toLocationName, locationNames)}`;
  };

  const entry = (movement: ItemMovement) => (
    <div data-testid="movement" data-movement-type={movement.movementType}>
      <Flex align="center" gap={8} wrap>
        <Typography.Text strong>{MOVEMENT_LABELS[movement.movementType]}</Typography.Text>
        <Typography.Text>
          {movement.movementType === 'adjustment' ? `to ${movement.quantity}` : `${movement.quantity}`}
          {movement.delta !== 0 && ` (${signed(movement.delta)})`}
        </Typography.Text>
        {movement.undoneBy && <Tag>Undone</Tag>}
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
        Stock after: {movement.stockAfter} · {where(movement)}
      </Typography.Text>
      {movement.lots && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }} data-testid="movement-lots">
          {movement.lots
            .map((lot) => `${lot.quantity} × ${[lot.lot ?? 'no lot', lot.expiresOn && `exp. ${lot.expiresOn}`].filter(Boolean).join(' ')}`)
            .join(', ')}
        </Typography.Text>
      )}
      <Typography.Text style={{ display: 'block', fontSize: 13 }}>{movement.reason}</Typography.Text>
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {movement.userName && `by ${movement.userName} · `}
          {dateFormat.format(new Date(movement.createdAt))}
        </Typography.Text>
        {undoable(movement) && item && mayUndo(access, access.userId, movement.userId) && (
          <Button
            size="small"
            icon={<UndoOutlined />}
            loading={undo.isPending && undo.variables?.movementId === movement.id}
            disabled={undo.isPending}
            onClick={() => undo.mutate({ id: item.id, movementId: movement.id })}
            aria-label={`Undo ${MOVEMENT_LABELS[movement.movementType].toLowerCase()} of ${movement.quantity}`}
          >
            Undo
          </Button>
        )}
      </Flex>
    </div>
  );

  return (
    <Drawer open={open} onClose={onClose} title={`History - ${item?.name ?? ''}`} size={isMobile ? '100%' : 480}>
      {movements.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : movements.isError ? (
        <Alert type="error" showIcon title={errorMessage(movements.error, 'Failed to load the history')} />
      ) : (movements.data ?? []).length === 0 ? (
        <Empty description="No movements yet" />
      ) : (
        <Timeline
          items={(movements.data ?? []).map((movement) => ({
            key: movement.id,
            color: COLORS[movement.movementType] ?? 'gray',
            content: entry(movement),
          }))}
        />
      )}
    </Drawer>
  );
}
