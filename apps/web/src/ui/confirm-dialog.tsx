import { Button, Group } from '@mantine/core';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** what the agent agrees to; a string is shown as a paragraph */
  children: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** default "OK" */
  confirmLabel?: string;
  /** default "Cancel" */
  cancelLabel?: string;
  /** a red confirm button for something that cannot be undone */
  isDanger?: boolean;
  /** the confirm button spins while the confirmed action runs */
  isLoading?: boolean;
}

/**
 * A yes/no question before an action (the prospects download notice, the supply order warning). Cancel is
 * focused first, so Enter never confirms by accident; Escape cancels. A click outside does nothing: the second
 * click of a double-click on the button that asked the question lands outside it, and must not answer it.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  onConfirm,
  onCancel,
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  isDanger = false,
  isLoading = false,
}: ConfirmDialogProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onCancel}
      title={title}
      closeOnClickOutside={false}
      actions={
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isLoading} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={isDanger ? 'red' : undefined} onClick={onConfirm} loading={isLoading}>
            {confirmLabel}
          </Button>
        </Group>
      }
    >
      {children}
    </Dialog>
  );
}

export type ConfirmOptions = Omit<ConfirmDialogProps, 'opened' | 'onConfirm' | 'onCancel' | 'isLoading'>;

/**
 * `await confirm({ title, children })` resolves true on OK and false on Cancel; render `dialog` once.
 *
 * ```tsx
 * const { confirm, dialog } = useConfirm();
 * const onDownload = async () => { if (await confirm({ title: 'Notice', children: NOTICE })) start(); };
 * return <>{dialog}<Button onClick={onDownload}>Download Excel File</Button></>;
 * ```
 */
export function useConfirm() {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const settle = useCallback((value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  }, []);

  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const dialog = (
    <ConfirmDialog
      opened={options !== null}
      title={options?.title ?? ''}
      confirmLabel={options?.confirmLabel}
      cancelLabel={options?.cancelLabel}
      isDanger={options?.isDanger}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    >
      {options?.children}
    </ConfirmDialog>
  );
  return { confirm, dialog };
}
