import { Input } from 'antd';
import { useState } from 'react';

interface ManualCodeEntryProps {
  onCode: (text: string) => void;
  loading?: boolean;
}

/** The fallback when the camera cannot read (or may not be used): type the label's code or the barcode. */
export function ManualCodeEntry({ onCode, loading }: ManualCodeEntryProps) {
  const [text, setText] = useState('');
  return (
    <Input.Search
      aria-label="Code"
      placeholder="Or type a label code, barcode or SKU"
      enterButton="Look up"
      size="large"
      allowClear
      value={text}
      loading={loading}
      onChange={(event) => setText(event.target.value)}
      onSearch={(value) => {
        if (!value.trim()) return;
        onCode(value);
        setText('');
      }}
    />
  );
}
