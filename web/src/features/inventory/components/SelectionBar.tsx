import { PrinterOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';

interface SelectionBarProps {
  count: number;
  onSelectPage: () => void;
  onClear: () => void;
  onPrintLabels: () => void;
  onDone: () => void;
}

/** The Inventory screen's selection mode: what is chosen (across pages) and what to do with it. */
export function SelectionBar({ count, onSelectPage, onClear, onPrintLabels, onDone }: SelectionBarProps) {
  const { token } = theme.useToken();
  return (
    <Flex
      role="toolbar"
      aria-label="Selected items"
      align="center"
      gap={8}
      wrap
      style={{
        marginBottom: 16,
        padding: '8px 12px',
        borderRadius: token.borderRadiusLG,
        background: token.colorFillQuaternary,
        border: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Typography.Text strong style={{ marginRight: 'auto' }} data-testid="selected-count">
        {count} selected
      </Typography.Text>
      <Button size="small" onClick={onSelectPage}>
        Select page
      </Button>
      <Button size="small" onClick={onClear} disabled={count === 0}>
        Clear
      </Button>
      <Button size="small" type="primary" icon={<PrinterOutlined />} onClick={onPrintLabels} disabled={count === 0}>
        Print labels ({count})
      </Button>
      <Button size="small" onClick={onDone}>
        Done
      </Button>
    </Flex>
  );
}
