import type { ImportStatus } from '../../../api/imports';
import { Tag } from 'antd';
import { STATUS_COLORS, STATUS_LABELS } from '../status';

export function ImportStatusTag({ status }: { status: ImportStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{STATUS_LABELS[status]}</Tag>;
}
