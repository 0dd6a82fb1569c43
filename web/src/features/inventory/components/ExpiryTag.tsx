import { Tag } from 'antd';
import { useInventorySettings } from '../hooks';
import { EXPIRY_TAG_COLORS, daysUntil, expiryLabel, expiryTone } from '../expiry';

/** 'Expires in 3 days' (orange within the warning days), 'Expired 2 days ago' (red); the date in its tooltip. */
export function ExpiryTag({ date }: { date: string }) {
  const settings = useInventorySettings();
  const daysLeft = daysUntil(date);
  return (
    <Tag
      color={EXPIRY_TAG_COLORS[expiryTone(daysLeft, settings.data?.expiryWarningDays)]}
      title={date}
      data-testid="expiry-tag"
      style={{ marginInlineEnd: 0 }}
    >
      {expiryLabel(daysLeft)}
    </Tag>
  );
}
