import {
  EditOutlined,
  HistoryOutlined,
  InboxOutlined,
  MoreOutlined,
  PictureOutlined,
  PrinterOutlined,
  StopOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { Button, Card, Checkbox, Dropdown, Flex } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import type { Item } from '../../../api/inventory';
import { OneLine } from '../../../components/OneLine';
import { formatCurrency } from '../../../lib/format';
import { categoryName, heldStock, placeName, type CategoryNames, type LocationNames } from '../stock';
import { ExpiryTag } from './ExpiryTag';
import { StockBadge } from './StockBadge';

export interface ItemActions {
  onEditReorderLevel: (item: Item) => void;
  onEdit: (item: Item) => void;
  onStock: (item: Item) => void;
  onTransfer: (item: Item) => void;
  onHistory: (item: Item) => void;
  onArchive: (item: Item) => void;
  onPrintLabels: (item: Item) => void;
}

/** The actions behind an item's "More" button, on its card and its table row alike. */
export const moreActionItems = (
  item: Item,
  { onTransfer, onHistory, onPrintLabels, onArchive }: Pick<ItemActions, 'onTransfer' | 'onHistory' | 'onPrintLabels' | 'onArchive'>,
) => [
  { key: 'transfer', icon: <SwapOutlined />, label: 'Transfer', onClick: () => onTransfer(item) },
  { key: 'history', icon: <HistoryOutlined />, label: 'History', onClick: () => onHistory(item) },
  { key: 'labels', icon: <PrinterOutlined />, label: 'Print labels', onClick: () => onPrintLabels(item) },
  { type: 'divider' as const },
  { key: 'archive', icon: <StopOutlined />, label: 'Archive', danger: true, onClick: () => onArchive(item) },
];

interface ItemCardProps extends ItemActions {
  item: Item;
  locationNames: LocationNames;
  categoryNames: CategoryNames;
  /** A viewer's card: the history only, no edits or stock changes. */
  readOnly?: boolean;
  /** While the grid is in selection mode: whether this card is chosen, and how to change that. */
  selection?: { selected: boolean; onChange: (item: Item, selected: boolean) => void };
  /** A card in the first row: its picture loads at once, not when the browser gets to it (the page's largest paint). */
  firstRow?: boolean;
}

const COVER_HEIGHT = 140;
/** Lots on a card, earliest expiry first; the stock dialog's lot picker lists the rest. */
const MAX_LOTS_SHOWN = 3;
const valueStyle: CSSProperties = { margin: 0, textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' };
// A page holds dozens of cards: plain elements coloured by antd's CSS variables rather than a
// Typography or a theme.useToken() each, which cost the most of taking the page over
// (docs/web-performance.md, "Lighter first screens").
const secondary: CSSProperties = { color: 'var(--ant-color-text-description)', fontSize: 12 };
const section: CSSProperties = { marginTop: 8, borderTop: '1px solid var(--ant-color-border-secondary)', paddingTop: 8 };
const list: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt style={{ margin: 0, color: 'var(--ant-color-text-secondary)' }}>{term}</dt>
      <dd style={valueStyle}>{children}</dd>
    </>
  );
}

export function ItemCard({
  item,
  locationNames,
  categoryNames,
  onEditReorderLevel,
  onEdit,
  onStock,
  onTransfer,
  onHistory,
  onArchive,
  onPrintLabels,
  readOnly = false,
  selection,
  firstRow = false,
}: ItemCardProps) {
  const held = heldStock(item);
  const category = categoryName(item, categoryNames);

  const cover = item.imageUrl ? (
    <img
      src={item.imageUrl}
      alt={item.name}
      loading={firstRow ? 'eager' : 'lazy'}
      fetchPriority={firstRow ? 'high' : 'auto'}
      style={{ height: COVER_HEIGHT, objectFit: 'cover', width: '100%' }}
    />
  ) : (
    // Wrapped: the card's cover slot forces its direct child to display: block.
    <div data-testid="image-placeholder">
      <Flex
        align="center"
        justify="center"
        style={{ height: COVER_HEIGHT, background: 'var(--ant-color-fill-tertiary)', color: 'var(--ant-color-text-secondary)' }}
      >
        <PictureOutlined style={{ fontSize: 40 }} aria-hidden />
      </Flex>
    </div>
  );

  const menuItems = moreActionItems(item, { onTransfer, onHistory, onPrintLabels, onArchive });

  const actions = readOnly
    ? [
        <Button
          key="history"
          type="text"
          size="small"
          icon={<HistoryOutlined />}
          onClick={() => onHistory(item)}
          aria-label={`History of ${item.name}`}
        >
          History
        </Button>,
        <Button
          key="labels"
          type="text"
          size="small"
          icon={<PrinterOutlined />}
          onClick={() => onPrintLabels(item)}
          aria-label={`Print labels of ${item.name}`}
        >
          Labels
        </Button>,
      ]
    : [
        <Button key="edit" type="text" size="small" icon={<EditOutlined />} onClick={() => onEdit(item)} aria-label={`Edit ${item.name}`}>
          Edit
        </Button>,
        <Button
          key="stock"
          type="text"
          size="small"
          icon={<InboxOutlined />}
          onClick={() => onStock(item)}
          aria-label={`Update stock of ${item.name}`}
        >
          Stock
        </Button>,
        <Dropdown key="more" menu={{ items: menuItems }} trigger={['click']}>
          <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`More actions for ${item.name}`} />
        </Dropdown>,
      ];

  return (
    <Card
      data-testid="item-card"
      cover={cover}
      // A column, so the action bar lines up at the bottom of cards of different heights.
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { padding: 16, flex: 1 } }}
      actions={actions}
    >
      <Flex justify="space-between" align="flex-start" gap={8}>
        {selection && (
          <Checkbox
            checked={selection.selected}
            onChange={(event) => selection.onChange(item, event.target.checked)}
            aria-label={`Select ${item.name}`}
            style={{ marginTop: 2 }}
          />
        )}
        <OneLine
          as="h3"
          title={item.name}
          style={{
            margin: 0,
            fontSize: 16,
            lineHeight: 'var(--ant-line-height-heading-3)',
            fontWeight: 'var(--ant-font-weight-strong)',
            color: 'var(--ant-color-text-heading)',
          }}
        >
          {item.name}
        </OneLine>
        <StockBadge status={item.status} />
      </Flex>
      <div style={{ ...secondary, overflowWrap: 'anywhere' }}>
        SKU: {item.sku || '—'} · Code: <span data-testid="item-code">{item.code}</span>
      </div>
      {item.barcodes.length > 0 && (
        <OneLine title={item.barcodes.join(', ')} style={secondary}>
          Barcode: {item.barcodes.join(', ')}
        </OneLine>
      )}
      <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', margin: '12px 0 0', alignItems: 'center' }}>
        <Fact term="Current stock">
          <strong data-testid="current-stock" style={{ fontWeight: 'var(--ant-font-weight-strong)' }}>
            {item.currentStock}
          </strong>
        </Fact>
        <Fact term="Reorder level">
          <Flex justify="flex-end" align="center" gap={4}>
            <span data-testid="reorder-level">{item.reorderLevel}</span>
            {!readOnly && (
              <Button
                type="link"
                size="small"
                style={{ paddingInline: 4, height: 'auto' }}
                onClick={() => onEditReorderLevel(item)}
                aria-label={`Edit reorder level of ${item.name}`}
              >
                Edit
              </Button>
            )}
          </Flex>
        </Fact>
        <Fact term="Unit price">{formatCurrency(item.unitPrice)}</Fact>
        {category && <Fact term="Category">{category}</Fact>}
        {item.nearestExpiry && (
          <Fact term="Expiry">
            <ExpiryTag date={item.nearestExpiry} />
          </Fact>
        )}
      </dl>
      {held.length > 0 && (
        <div style={section}>
          <span style={secondary}>Stock by location</span>
          <ul style={list} aria-label={`Stock of ${item.name} by location`}>
            {held.map((entry) => (
              <li key={entry.locationId ?? 'unassigned'} data-testid="location-stock">
                <Flex justify="space-between" gap={8}>
                  <OneLine>{placeName(entry.locationId, entry.locationName, locationNames)}</OneLine>
                  <span>{entry.quantity}</span>
                </Flex>
              </li>
            ))}
          </ul>
        </div>
      )}
      {item.lots && item.lots.length > 0 && (
        <div style={section}>
          <span style={secondary}>Lots</span>
          <ul style={list} aria-label={`Lots of ${item.name}`}>
            {item.lots.slice(0, MAX_LOTS_SHOWN).map((lot) => (
              <li key={`${lot.locationId}:${lot.lot}:${lot.expiresOn}`} data-testid="lot-stock">
                <Flex justify="space-between" gap={8}>
                  <OneLine>
                    {[
                      lot.lot ?? 'No lot',
                      lot.expiresOn,
                      held.length > 1 ? placeName(lot.locationId, lot.locationName, locationNames) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </OneLine>
                  <span>{lot.quantity}</span>
                </Flex>
              </li>
            ))}
          </ul>
          {item.lots.length > MAX_LOTS_SHOWN && (
            <span style={secondary}>and {item.lots.length - MAX_LOTS_SHOWN} more (Update Stock lists them all)</span>
          )}
        </div>
      )}
    </Card>
  );
}
