import { Flex, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';

interface PreferenceRowProps {
  id: string;
  label: string;
  help: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  loading?: boolean;
  /** Why the switch is off or disabled here, or what happened when it was last used. */
  note?: ReactNode;
}

/** One notification preference: label and help on the left, its switch on the right, a note below. */
export function PreferenceRow({ id, label, help, checked, onChange, disabled, loading, note }: PreferenceRowProps) {
  const labelId = `pref-${id}`;
  const helpId = `pref-${id}-help`;
  return (
    <div>
      <Flex justify="space-between" align="center" gap={16}>
        <div>
          <Typography.Text strong id={labelId}>
            {label}
          </Typography.Text>
          <br />
          <Typography.Text type="secondary" id={helpId}>
            {help}
          </Typography.Text>
        </div>
        <Switch
          aria-labelledby={labelId}
          aria-describedby={helpId}
          checked={checked}
          disabled={disabled}
          loading={loading}
          onChange={onChange}
        />
      </Flex>
      {note && <div style={{ marginTop: 8 }}>{note}</div>}
    </div>
  );
}
