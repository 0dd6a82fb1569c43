import { Form, Input, Select, TreeSelect } from 'antd';
import { useMemo } from 'react';
import {
  DEFAULT_LOCATION_TYPE,
  LOCATION_TYPES,
  type Location,
  type LocationInput,
  type LocationTreeNode,
  type LocationType,
} from '../../../api/locations';
import { EditDialog } from '../../../components/EditDialog';
import { useCreateLocation, useLocationTree, useUpdateLocation } from '../hooks';

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

interface ParentOption {
  value: string;
  title: string;
  disabled: boolean;
  children: ParentOption[];
}

// The server refuses a parent that would make a cycle: the location itself and everything below
// it are shown disabled rather than left out, so the tree still reads as the user knows it.
function toOptions(nodes: LocationTreeNode[], editingId: string | undefined, insideEdited = false): ParentOption[] {
  return nodes.map((node) => {
    const disabled = insideEdited || node.id === editingId;
    return {
      value: node.id,
      title: `${node.name} (${node.type})`,
      disabled,
      children: toOptions(node.children, editingId, disabled),
    };
  });
}

export function LocationDialog({ open, location, onClose }: LocationDialogProps) {
  const tree = useLocationTree(open);
  const parentOptions = useMemo(() => toOptions(tree.data ?? [], location?.id), [tree.data, location?.id]);
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
        <TreeSelect
          allowClear
          showSearch
          treeDefaultExpandAll
          loading={tree.isLoading}
          placeholder="None (top level)"
          treeData={parentOptions}
          treeNodeFilterProp="title"
        />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={3} placeholder="Optional description" maxLength={1000} />
      </Form.Item>
    </EditDialog>
  );
}
