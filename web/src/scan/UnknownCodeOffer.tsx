import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../api/http';
import { setItemBarcodes } from '../api/codes';
import { listItems, type Item } from '../api/inventory';
import { queryKeys } from '../api/query-keys';
import { AddItemDialog } from '../features/inventory/components/AddItemDialog';
import { useWorkspaceAccess } from '../features/workspace/access';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { useOnceWrite } from './use-once';

interface UnknownCodeOfferProps {
  code: string;
  /** The item the code now belongs to (created with it, or attached to it). */
  onResolved: (item: Item) => void;
}

const BIG = { size: 'large', block: true, style: { height: 56 } } as const;

/** A product barcode no item carries yet: make an item of it, or add it to one that exists. */
export function UnknownCodeOffer({ code, onResolved }: UnknownCodeOfferProps) {
  const { canWrite } = useWorkspaceAccess();
  const [creating, setCreating] = useState(false);
  const [attaching, setAttaching] = useState(false);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Item | null>(null);
  const query = useDebouncedValue(search, 250);
  const filters = { search: query, limit: 20 };
  const matches = useQuery({
    queryKey: queryKeys.inventory.page(filters),
    queryFn: ({ signal }) => listItems(filters, signal),
    enabled: attaching,
  });
  const attach = useOnceWrite((item: Item, key: string) => setItemBarcodes(item.id, [...item.barcodes, code], key));

  async function onAttach() {
    if (!selected) return;
    try {
      const item = await attach.run(selected);
      if (item) onResolved(item);
    } catch {
      // Shown below (409: another item has it since).
    }
  }

  return (
    <Flex vertical gap={12} data-testid="unknown-code">
      <div>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          No item has this barcode
        </Typography.Title>
        <Typography.Text code style={{ fontSize: 16 }}>
          {code}
        </Typography.Text>
      </div>
      {!canWrite ? (
        <Typography.Text type="secondary">Someone who may edit items in this workspace can add it to an item.</Typography.Text>
      ) : (
        <>
          <Button {...BIG} type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
            Create item with this barcode
          </Button>
          <Button {...BIG} icon={<LinkOutlined aria-hidden />} onClick={() => setAttaching(true)} disabled={attaching}>
            Attach to an existing item
          </Button>
          {attaching && (
            <Flex vertical gap={8}>
              <Select
                showSearch={{ filterOption: false, onSearch: setSearch }}
                size="large"
                aria-label="Item to attach the barcode to"
                placeholder="Search items by name or SKU"
                loading={matches.isFetching}
                value={selected?.id}
                onChange={(id: string) => setSelected(matches.data?.items.find((item) => item.id === id) ?? null)}
                options={(matches.data?.items ?? []).map((item) => ({
                  value: item.id,
                  label: item.sku ? `${item.name} (${item.sku})` : item.name,
                }))}
                notFoundContent={matches.isFetching ? 'Searching…' : 'No items found'}
              />
              <Button {...BIG} type="primary" disabled={!selected} loading={attach.isPending} onClick={onAttach}>
                Attach {code}
                {selected ? ` to ${selected.name}` : ''}
              </Button>
              {attach.error && (
                <Alert type="error" showIcon title={errorMessage(attach.error, 'The barcode was not attached. Try again.')} />
              )}
            </Flex>
          )}
        </>
      )}
      <AddItemDialog
        open={creating}
        onClose={() => setCreating(false)}
        initialValues={{ barcodes: [code] }}
        onCreated={(item) => {
          setCreating(false);
          onResolved(item);
        }}
      />
    </Flex>
  );
}
