import { Form, Input, Select } from 'antd';
import { DEFAULT_LOCATION_TYPE, LOCATION_TYPES, type Location, type LocationInput, type LocationType } from '../../../api/locations';
import { EditDialog } from '../../../components/EditDialog';
import { useCreateLocation, useUpdateLocation } from '../hooks';
import { ParentLocationPicker } from './ParentLocationPicker';

interface LocationDialogProps {
  open: boolean;
  /** Edit mode when given, create mode otherwise. */
  location: Location | null;
  onClose: () => void;
}

interface LocationFormValues {
  name: string;
  type: LocationType;
  description?: string;
  parentLocationId?: string | null;
}

export function LocationDialog({ open, location, onClose }: LocationDialogProps) {
  return (
    <EditDialog<LocationFormValues, LocationInput>
      open={open}
      noun="Location"
      editingId={location?.id ?? null}
      initialValues={{
        name: location?.name ?? '',
        type: location?.type ?? DEFAULT_LOCATION_TYPE,
        description: location?.description ?? '',
        parentLocationId: location?.parentLocationId ?? null,
      }}
      toBody={(values) => ({
        name: values.name.trim(),
        type: values.type,
        description: values.description?.trim() || null,
        parentLocationId: values.parentLocationId ?? null,
      })}
      create={useCreateLocation()}
      update={useUpdateLocation()}
      onClose={onClose}
    >
      <Form.Item
        label="Name"
        name="name"
        rules={[
          { required: true, whitespace: true, message: 'Location name is required' },
          { max: 100, message: 'Location name must be at most 100 characters' },
        ]}
      >
        <Input placeholder="e.g. Main Warehouse" />
      </Form.Item>
      <Form.Item label="Type" name="type" rules={[{ required: true }]}>
        <Select options={LOCATION_TYPES.map((type) => ({ value: type, label: type }))} />
      </Form.Item>
      <Form.Item label="Parent location" name="parentLocationId" extra="Leave empty for a top-level location.">
        <ParentLocationPicker editingId={location?.id} />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={3} placeholder="Optional description" maxLength={1000} />
      </Form.Item>
    </EditDialog>
  );
}
