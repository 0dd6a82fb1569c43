import { Alert, Button, Flex, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../api/http';
import { recordMovementOnce, transferStockOnce } from '../api/codes';
import type { Item, MovementType } from '../api/inventory';
import { NO_NAMES, heldStock, placeName } from '../features/inventory/stock';
import { useWorkspaceAccess } from '../features/workspace/access';
import { ItemStockList } from './ItemStockList';
import { QuantityStepper } from './QuantityStepper';
import { DEFAULT_SCAN_REASON, useHereLocation, useScanReason } from './scan-session';
import { useOnceWrite } from './use-once';

interface ScanSheetProps {
  item: Item;
  /** What was scanned or typed to get here, shown so the person sees the read was this one. */
  scannedText?: string;
}

type Intent = { kind: MovementType; quantity: number } | { kind: 'move'; quantity: number; from: string | null };

const BIG = { size: 'large', block: true, style: { height: 56, fontSize: 18 } } as const;

/** The scanned item: its stock per place and big one-tap movements at 'here'. Key it by the item's id. */
export function ScanSheet({ item, scannedText }: ScanSheetProps) {
  const access = useWorkspaceAccess();
  const here = useHereLocation();
  const hereId = here?.id ?? null;
  const [reason, setReason] = useScanReason();
  const [quantity, setQuantity] = useState(1);
  const [moveFrom, setMoveFrom] = useState<string | null | undefined>(undefined);
  const [outcome, setOutcome] = useState<string | null>(null);
  const hereName = placeName(hereId, here?.name ?? null, NO_NAMES);
  const sources = heldStock(item).filter((entry) => entry.locationId !== hereId);
  const from =
    moveFrom !== undefined && sources.some((entry) => entry.locationId === moveFrom) ? moveFrom : (sources[0]?.locationId ?? undefined);

  const book = useOnceWrite((intent: Intent, key: string) => {
    const why = reason.trim() || DEFAULT_SCAN_REASON;
    if (intent.kind === 'move') {
      return transferStockOnce(item.id, { fromLocationId: intent.from, toLocationId: hereId, quantity: intent.quantity, reason: why }, key);
    }
    return recordMovementOnce(item.id, { movementType: intent.kind, quantity: intent.quantity, reason: why, locationId: hereId }, key);
  });

  async function run(intent: Intent, done: string) {
    setOutcome(null);
    try {
      const result = await book.run(intent);
      if (result) {
        navigator.vibrate?.(30);
        setOutcome(`${done}: now ${result.item.currentStock} in total`);
      }
    } catch {
      // Shown from book.error below.
    }
  }

  return (
    <Flex vertical gap={16} data-testid="scan-sheet">
      <div>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
          {item.name}
        </Typography.Title>
        <Space size={4} wrap style={{ marginTop: 4 }}>
          <Tag title="Label code">{item.code}</Tag>
          {item.sku && <Tag>SKU {item.sku}</Tag>}
          {item.barcodes.map((barcode) => (
            <Tag key={barcode}>{barcode}</Tag>
          ))}
        </Space>
        {scannedText && (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 12 }} data-testid="scan-read">
            Scanned {scannedText}
          </Typography.Paragraph>
        )}
      </div>

      <ItemStockList item={item} hereId={hereId} />

      {!access.canWrite ? (
        <Alert type="info" showIcon title="Your role in this workspace lets you look up stock, not change it." />
      ) : (
        <>
          <Typography.Text>
            At <strong data-testid="scan-here">{hereName}</strong>
            {!here && <Typography.Text type="secondary"> (scan a location label to work at a place)</Typography.Text>}
          </Typography.Text>
          <Flex gap={12} wrap align="center" justify="space-between">
            <QuantityStepper value={quantity} onChange={setQuantity} min={0} />
            <Input
              aria-label="Reason"
              placeholder={DEFAULT_SCAN_REASON}
              value={reason}
              maxLength={200}
              onChange={(event) => setReason(event.target.value)}
              style={{ flex: '1 1 120px', minWidth: 120 }}
              size="large"
            />
          </Flex>
          <Flex gap={12}>
            <Button
              {...BIG}
              type="primary"
              disabled={quantity < 1}
              onClick={() => run({ kind: 'in', quantity }, `Added ${quantity} at ${hereName}`)}
            >
              +{quantity}
            </Button>
            <Button {...BIG} disabled={quantity < 1} onClick={() => run({ kind: 'out', quantity }, `Removed ${quantity} at ${hereName}`)}>
              -{quantity}
            </Button>
          </Flex>
          <Flex gap={12}>
            <Button {...BIG} onClick={() => run({ kind: 'adjustment', quantity }, `Counted ${quantity} at ${hereName}`)}>
              Set count
            </Button>
            <Button
              {...BIG}
              disabled={!here || from === undefined || quantity < 1}
              onClick={() => from !== undefined && run({ kind: 'move', quantity, from }, `Moved ${quantity} to ${hereName}`)}
            >
              Move here
            </Button>
          </Flex>
          {here && sources.length > 0 && (
            <Select
              aria-label="Move from"
              value={from === undefined ? undefined : (from ?? '')}
              onChange={(value: string) => setMoveFrom(value === '' ? null : value)}
              options={sources.map((entry) => ({
                value: entry.locationId ?? '',
                label: `From ${placeName(entry.locationId, entry.locationName, NO_NAMES)} (${entry.quantity})`,
              }))}
            />
          )}
          {book.isPending && <Typography.Text type="secondary">Booking…</Typography.Text>}
          {outcome && !book.isPending && <Alert type="success" showIcon title={outcome} role="status" data-testid="scan-outcome" />}
          {book.error && !book.isPending && (
            <Alert type="error" showIcon title={errorMessage(book.error, 'The movement was not booked. Try again.')} />
          )}
        </>
      )}
    </Flex>
  );
}
