import * as contract from '@arc/contract';
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/client.ts';
import { actOnStaffOrders, staffOrdersKey } from '../../api/staff-orders.ts';
import { useSubmit } from '../../api/use-submit.ts';

export interface StaffOrderActionModalProps {
  /** the action asked for; null: closed */
  kind: contract.OrderActionKind | null;
  /** the orders it is for, at the versions shown */
  orders: { id: number; version: number }[];
  onClose: () => void;
  onDone: (message: string) => void;
}

const INITIAL = {
  kind: 'sent' as contract.OrderActionKind,
  carrierOrderNum: '',
  shipper: 'UPS' as contract.Shipper,
  tracking: '',
  reason: '',
  text: '',
  isVisibleToAgent: false,
};

/**
 * Sent to carrier, Shipped, Cancelled or Note for the selected orders: the fields the action needs, checked with
 * the contract's schema; the server's refusal (an illegal move, "changed by someone else") shows in the dialog.
 */
export function StaffOrderActionModal({ kind, orders, onClose, onDone }: StaffOrderActionModalProps) {
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: INITIAL,
    validate: schemaResolver(contract.OrderActionSchema, { sync: true }),
  });
  const submit = useSubmit({
    mutationFn: (action: contract.OrderAction) => actOnStaffOrders(orders, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffOrdersKey }),
  });
  const close = () => {
    form.reset();
    submit.reset();
    onClose();
  };
  if (kind !== null && form.getValues().kind !== kind) form.setFieldValue('kind', kind);
  const label = kind ? contract.ORDER_ACTION_LABELS[kind] : '';
  const count = orders.length === 1 ? `order ${orders[0]!.id}` : `${orders.length} orders`;

  const onSubmit = form.onSubmit((values) => {
    submit.mutate(contract.OrderActionSchema.parse(values), {
      onSuccess: () => {
        close();
        onDone(`${label}: ${count} saved`);
      },
    });
  });

  return (
    <Modal
      opened={kind !== null}
      onClose={close}
      title={`${label} · ${count}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {kind === 'sent' && (
            <TextInput
              label="Carrier order number"
              required
              data-autofocus
              {...form.getInputProps('carrierOrderNum')}
            />
          )}
          {kind === 'shipped' && (
            <>
              <NativeSelect label="Shipper" data={contract.SHIPPERS} required {...form.getInputProps('shipper')} />
              <TextInput label="Tracking number" required data-autofocus {...form.getInputProps('tracking')} />
            </>
          )}
          {kind === 'cancelled' && (
            <Textarea
              label="Reason"
              description="The agent reads it."
              required
              autosize
              minRows={2}
              data-autofocus
              {...form.getInputProps('reason')}
            />
          )}
          {kind === 'note' && (
            <>
              <Textarea label="Note" required autosize minRows={2} data-autofocus {...form.getInputProps('text')} />
              <Checkbox
                label="Visible to the agent"
                {...form.getInputProps('isVisibleToAgent', { type: 'checkbox' })}
              />
            </>
          )}
          {submit.isError && (
            <Alert color="red" role="alert">
              {errorMessage(submit.error)}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="subtle" color="gray" onClick={close} disabled={submit.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={submit.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
