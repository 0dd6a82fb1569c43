import { EnvironmentOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { editDeleteActions } from '../../../components/EditDeleteActions';
import type { Location } from '../../../api/locations';

interface LocationCardProps {
  location: Location;
  parentName: string | undefined;
  deleting: boolean;
  onEdit: (location: Location) => void;
  onDelete: (location: Location) => void;
  onPrintLabel: (location: Location) => void;
  /** A viewer's card: no edit or delete. */
  readOnly?: boolean;
}

export function LocationCard({ location, parentName, deleting, onEdit, onDelete, onPrintLabel, readOnly = false }: LocationCardProps) {
  // Anyone may print (a read); the label action sits with the edit and delete ones.
  const printLabel = (
    <Button
      key="label"
      type="text"
      icon={<PrinterOutlined />}
      onClick={() => onPrintLabel(location)}
      aria-label={`Print label of ${location.name}`}
    >
      Label
    </Button>
  );
  return (
    <Card
      data-testid="location-card"
      actions={[printLabel, ...(editDeleteActions(location, { deleting, onEdit, onDelete, readOnly }) ?? [])]}
    >
      <Flex gap={12} align="flex-start">
        <EnvironmentOutlined style={{ fontSize: 24, marginTop: 4 }} aria-hidden />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis={{ tooltip: location.name }}>
            {location.name}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {parentName ? `Inside ${parentName}` : 'Top level'}
          </Typography.Text>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 8px', minHeight: 44 }}>
            {location.description || 'No description'}
          </Typography.Paragraph>
          <Flex gap={4} wrap>
            <Tag>{location.type}</Tag>
            <Tag color="blue">
              {location.itemCount} {location.itemCount === 1 ? 'item' : 'items'}
            </Tag>
          </Flex>
        </div>
      </Flex>
    </Card>
  );
}
