import { CameraOutlined } from '@ant-design/icons';
import type { CountLineView } from '../../../api/counts';
import type { ItemView } from '../../../api/inventory';
import { Alert, Button, Card, Flex, Input, InputNumber, List, Spin, Typography, type InputRef } from 'antd';
import { Suspense, useRef, useState } from 'react';
import { findItemsByCode } from '../../../api/counts';
import { errorMessage } from '../../../api/http';
import { parseScannedCode } from '../../../scan/codes';
import { LazyCameraScanner } from '../../../scan/LazyCameraScanner';
import { useRecordCount } from '../hooks';

interface CodeEntryProps {
  countId: string;
  /** The count's lines, for what the books say and what was counted of a found item. */
  lines: readonly CountLineView[];
}

/**
 * Find an item by a scanned or typed code (short code, barcode, SKU; else a name or SKU search) and
 * record how many were counted. After saving, the code field takes the focus again for the next scan.
 */
export function CodeEntry({ countId, lines }: CodeEntryProps) {
  const codeInput = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [searching, setSearching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [choices, setChoices] = useState<ItemView[]>([]);
  const [item, setItem] = useState<ItemView | null>(null);
  const [counted, setCounted] = useState<number | null>(null);
  const [scanning, setScanning] = useState(false);
  const record = useRecordCount();
  const line = item ? lines.find((l) => l.itemId === item.id) : undefined;

  const choose = (found: ItemView) => {
    setChoices([]);
    setItem(found);
    setCounted(lines.find((l) => l.itemId === found.id)?.counted ?? null);
  };

  const find = async (text: string) => {
    const wanted = text.trim();
    if (!wanted) return;
    setSearching(true);
    setProblem(null);
    setItem(null);
    try {
      const found = await findItemsByCode(wanted);
      if (found.length === 1) choose(found[0]);
      else if (found.length === 0) setProblem(`No item matches '${wanted}'`);
      else setChoices(found);
    } catch (error) {
      setProblem(errorMessage(error, 'The search failed; please try again'));
    } finally {
      setSearching(false);
    }
  };

  /** A code read by the camera: our item label's code or a product barcode (a place's label is no item). */
  const scanned = (text: string) => {
    const read = parseScannedCode(text);
    if (!read) return;
    if (read.kind === 'location') return setProblem("That is a place's label: scan an item");
    setCode(read.code);
    void find(read.code);
  };

  const save = async () => {
    if (!item || counted === null) return;
    await record.mutateAsync({ id: countId, itemId: item.id, counted });
    setItem(null);
    setCode('');
    codeInput.current?.focus();
  };

  return (
    <Card title="Record a count" size="small" style={{ marginBottom: 16 }}>
      <Input.Search
        ref={codeInput}
        aria-label="Item code"
        placeholder="Scan or type a code, barcode, SKU or name"
        enterButton="Find"
        value={code}
        loading={searching}
        onChange={(event) => setCode(event.target.value)}
        onSearch={(text) => void find(text)}
        autoFocus
      />
      <Button style={{ marginTop: 8 }} icon={<CameraOutlined />} aria-pressed={scanning} onClick={() => setScanning(!scanning)}>
        {scanning ? 'Stop scanning' : 'Scan'}
      </Button>
      {scanning && (
        <div style={{ marginTop: 8 }}>
          <Suspense fallback={<Spin />}>
            {/* The camera rests while a found item's quantity is entered. */}
            <LazyCameraScanner onCode={scanned} active={item === null && !searching} height={200} />
          </Suspense>
        </div>
      )}
      {problem && <Alert style={{ marginTop: 12 }} type="warning" showIcon title={problem} />}
      {choices.length > 0 && (
        <List
          style={{ marginTop: 12 }}
          size="small"
          header="Several items match: choose one"
          dataSource={choices}
          renderItem={(choice) => (
            <List.Item
              actions={[
                <Button key="choose" size="small" onClick={() => choose(choice)}>
                  Count
                </Button>,
              ]}
            >
              {choice.name} {choice.sku && <Typography.Text type="secondary">({choice.sku})</Typography.Text>}
            </List.Item>
          )}
        />
      )}
      {item && (
        <Flex vertical gap={8} style={{ marginTop: 12 }} data-testid="count-item">
          <Typography.Text strong>
            {item.name} {item.sku && <Typography.Text type="secondary">({item.sku})</Typography.Text>}
          </Typography.Text>
          <Typography.Text type="secondary">
            {line
              ? `Books: ${line.currentQuantity} here${line.counted !== null ? ` · counted ${line.counted} before` : ''}`
              : 'Not in this count yet'}
          </Typography.Text>
          <Flex gap={8} wrap>
            <InputNumber
              aria-label="Counted quantity"
              min={0}
              precision={0}
              inputMode="numeric"
              value={counted}
              onChange={(value) => setCounted(typeof value === 'number' ? value : null)}
              onPressEnter={() => void save().catch(() => undefined)}
              autoFocus
              style={{ width: 140 }}
            />
            <Button
              type="primary"
              disabled={counted === null}
              loading={record.isPending}
              onClick={() => void save().catch(() => undefined)}
            >
              Save count
            </Button>
            <Button onClick={() => setItem(null)}>Skip</Button>
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
