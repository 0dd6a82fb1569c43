import { Alert, Form, Modal } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { errorMessage } from '../api/http';

/** What the dialog uses of a create or update mutation (useToastMutation's). */
interface DialogMutation<Variables> {
  mutateAsync: (variables: Variables) => Promise<unknown>;
  reset: () => void;
  isPending: boolean;
  error: Error | null;
}

interface EditDialogProps<Values, Body> {
  open: boolean;
  /** What is created or edited, capitalised: 'Category'. */
  noun: string;
  /** The id of what is edited; null to create a new one. */
  editingId: string | null;
  /** The form's values each time the dialog opens. */
  initialValues: Values;
  /** The request body the form's values make. */
  toBody: (values: Values) => Body;
  create: DialogMutation<Body>;
  update: DialogMutation<Body & { id: string }>;
  onClose: () => void;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * The add/edit dialog of a category or a place: the form starts from `initialValues` at every
 * opening; a failed create is toasted by its hook, a failed update shows in the dialog (spec §8).
 */
export function EditDialog<Values, Body>({
  open,
  noun,
  editingId,
  initialValues,
  toBody,
  create,
  update,
  onClose,
  children,
}: EditDialogProps<Values, Body>) {
  const [form] = Form.useForm<Values>();
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    create.reset();
    update.reset();
    form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [open, editingId]);

  async function onFinish(values: Values) {
    const body = toBody(values);
    try {
      if (editingId) await update.mutateAsync({ id: editingId, ...body });
      else await create.mutateAsync(body);
      form.resetFields();
      onClose();
    } catch {
      // Create failures are toasted by the hook; update failures show in the dialog.
    }
  }

  return (
    <Modal
      open={open}
      title={editingId ? `Edit ${noun}` : `Add ${noun}`}
      okText={saving ? 'Saving...' : editingId ? 'Update' : 'Create'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        {children}
      </Form>
      {update.error && (
        <Alert
          type="error"
          showIcon
          title={`Failed to update ${noun.toLowerCase()}: ${errorMessage(update.error, update.error.message)}`}
        />
      )}
    </Modal>
  );
}
