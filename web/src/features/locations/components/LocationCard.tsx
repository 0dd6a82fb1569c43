import { EnvironmentOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import type { Location } from '../../../api/locations';
import { editDeleteActions } from '../../../components/EditDeleteActions';
import { NamedCard } from '../../../components/NamedCard';

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
    <NamedCard
      testId="location-card"
      icon={<EnvironmentOutlined style={{ fontSize: 24, marginTop: 4 }} aria-hidden />}
      name={location.name}
      subtitle={parentName ? `Inside ${parentName}` : 'Top level'}
      description={location.description}
      itemCount={location.itemCount}
      tags={<Tag>{location.type}</Tag>}
      actions={[printLabel, ...(editDeleteActions(location, { deleting, onEdit, onDelete, readOnly }) ?? [])]}
    />
  );
}
