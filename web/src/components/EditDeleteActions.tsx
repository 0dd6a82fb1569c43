import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';

/**
 * The Edit and Delete buttons of a record's card (categories, locations), labelled with its name for
 * assistive technology; none for a viewer (`readOnly`), who may not change the workspace's data.
 */
export function editDeleteActions<T extends { name: string }>(
  record: T,
  {
    deleting,
    onEdit,
    onDelete,
    readOnly,
  }: { deleting: boolean; onEdit: (record: T) => void; onDelete: (record: T) => void; readOnly: boolean },
): ReactNode[] | undefined {
  if (readOnly) return undefined;
  return [
    <Button key="edit" type="text" icon={<EditOutlined />} onClick={() => onEdit(record)} aria-label={`Edit ${record.name}`}>
      Edit
    </Button>,
    <Button
      key="delete"
      type="text"
      danger
      icon={<DeleteOutlined />}
      loading={deleting}
      onClick={() => onDelete(record)}
      aria-label={`Delete ${record.name}`}
    >
      Delete
    </Button>,
  ];
}
