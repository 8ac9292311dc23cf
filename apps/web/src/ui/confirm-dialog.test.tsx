import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ConfirmDialog, useConfirm } from './confirm-dialog.tsx';
import { MessageDialog } from './message-dialog.tsx';

function Asker({ onAnswer }: { onAnswer: (answer: boolean) => void }) {
  const { confirm, dialog } = useConfirm();
  return (
    <>
      {dialog}
      <Button
        onClick={async () =>
          onAnswer(
            await confirm({ title: 'Notice', children: 'Data accuracy is not guaranteed.', confirmLabel: 'Download' }),
          )
        }
      >
        Download Excel File
      </Button>
    </>
  );
}

describe('useConfirm / ConfirmDialog', () => {
  it('resolves true on the confirm button', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    renderWithProviders(<Asker onAnswer={onAnswer} />);
    await user.click(screen.getByRole('button', { name: 'Download Excel File' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notice' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('Data accuracy is not guaranteed.');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stays open on a click outside it (the second click of a double-click on the asking button)', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    renderWithProviders(<Asker onAnswer={onAnswer} />);
    await user.click(screen.getByRole('button', { name: 'Download Excel File' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notice' }, { timeout: 10_000 });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    await user.click(overlay!);
    expect(dialog).toBeInTheDocument();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('resolves false on Cancel and on Escape, and focuses Cancel first', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    renderWithProviders(<Asker onAnswer={onAnswer} />);
    await user.click(screen.getByRole('button', { name: 'Download Excel File' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notice' }, { timeout: 10_000 });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(false));

    await user.click(screen.getByRole('button', { name: 'Download Excel File' }));
    await screen.findByRole('dialog', { name: 'Notice' }, { timeout: 10_000 });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onAnswer).toHaveBeenCalledTimes(2));
    expect(onAnswer).toHaveBeenLastCalledWith(false);
  });

  it('a danger confirm spins while its action runs', () => {
    renderWithProviders(
      <ConfirmDialog opened title="Send Order" onConfirm={() => {}} onCancel={() => {}} isDanger isLoading>
        Orders are sent only if you are Ready to Sell.
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Send Order' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});

describe('MessageDialog', () => {
  it('shows the title and message and closes with Close', async () => {
    const user = userEvent.setup();
    function Host() {
      const [isOpen, setOpen] = useState(true);
      return (
        <MessageDialog opened={isOpen} title="Error" onClose={() => setOpen(false)}>
          Problem getting dashboard files
        </MessageDialog>
      );
    }
    renderWithProviders(<Host />);
    // its code loads when it is first asked for (docs/decisions/web-loading-and-budget.md)
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Problem getting dashboard files');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
