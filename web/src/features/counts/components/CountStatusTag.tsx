import type { CountStatus } from '../../../api/counts';
import { Tag } from 'antd';
import { COUNT_STATUS_COLORS, COUNT_STATUS_LABELS } from '../format';

export const CountStatusTag = ({ status }: { status: CountStatus }) => (
  <Tag color={COUNT_STATUS_COLORS[status]}>{COUNT_STATUS_LABELS[status]}</Tag>
);
