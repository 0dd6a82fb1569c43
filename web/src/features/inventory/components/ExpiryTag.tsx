import { Tag } from 'antd';
import { useInventorySettings } from '../hooks';
import { EXPIRY_TAG_STYLES, daysUntil, expiryLabel, expiryTone } from '../expiry';

/** 'Expires in 3 days' (orange within the warning days), 'Expired 2 days ago' (red); the date in its tooltip. */
export function ExpiryTag({ date }: { date: string }) {
  const settings = useInventorySettings();
  const daysLeft = daysUntil(date);
  return (
    <Tag
      title={date}
      data-testid="expiry-tag"
      // Wraps rather than spill out of a narrow card's value column ('Expired 12 days ago').
      style={{ ...EXPIRY_TAG_STYLES[expiryTone(daysLeft, settings.data?.expiryWarningDays)], marginInlineEnd: 0, whiteSpace: 'normal' }}
    >
      {expiryLabel(daysLeft)}
    </Tag>
  );
}
