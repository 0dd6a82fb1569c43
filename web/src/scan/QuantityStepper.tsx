import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, InputNumber } from 'antd';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** 0 for a count (a place may hold none), 1 for a movement. */
  min?: number;
}

/** Big − and + around the number: thumbs, not a keyboard. */
export function QuantityStepper({ value, onChange, min = 0 }: QuantityStepperProps) {
  return (
    <Flex gap={8} align="center">
      <Button
        size="large"
        icon={<MinusOutlined />}
        aria-label="Less"
        onClick={() => onChange(Math.max(min, value - 1))}
        disabled={value <= min}
      />
      <InputNumber
        size="large"
        aria-label="Quantity"
        min={min}
        max={1_000_000}
        precision={0}
        value={value}
        controls={false}
        inputMode="numeric"
        onChange={(next) => onChange(typeof next === 'number' && Number.isFinite(next) ? Math.max(min, next) : min)}
        style={{ width: 96, textAlign: 'center' }}
      />
      <Button size="large" icon={<PlusOutlined />} aria-label="More" onClick={() => onChange(value + 1)} />
    </Flex>
  );
}
