import { MESSAGES } from '@arc/contract';
import { Button, Loader, LoadingOverlay, Portal, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../api/api-error.ts';
import { downloadStoredFile, type DownloadProgress } from '../api/files.ts';
import { MessageDialog } from './message-dialog.tsx';

/**
 * The loading overlay of a download. It covers the viewport, not the panel the button sits
 * in, so its spinner is in view wherever the agent scrolled — in a tall one-column panel on a phone the
 * panel's middle can be a screen or more away. `percent`: how much of a file of known size has arrived.
 */
export function DownloadOverlay({
  visible,
  label = 'Downloading',
  percent = null,
}: {
  visible: boolean;
  label?: string;
  percent?: number | null;
}) {
  // mounted only while on: a list of download buttons adds no empty portal per button
  if (!visible) return null;
  return (
    <Portal>
      <LoadingOverlay
        visible
        pos="fixed"
        zIndex={400}
        overlayProps={{ blur: 1 }}
        loaderProps={{
          'aria-label': label,
          // the percentage under the spinner while a file of known size arrives
          children: percent !== null && (
            <Stack align="center" gap="xs">
              <Loader />
              <Text fw={600}>{percent} %</Text>
            </Stack>
          ),
        }}
      />
    </Portal>
  );
}

export interface UseDownload {
  /**
   * Runs one download: the overlay is on while `task` runs (with the percentage `task` reports through its
   * argument, `api/files.ts`); a rejection opens "Download Failed" with its message. Resolves true when the file
   * was handed to the browser. A second call while one runs is ignored.
   */
  run: (task: (onProgress: DownloadProgress) => Promise<unknown>) => Promise<boolean>;
  /** `run(() => downloadStoredFile(file))`: the token → file flow of `POST /arc/downloadtoken` */
  downloadFile: (file: string) => Promise<boolean>;
  isDownloading: boolean;
  /** the overlay and the dialog: render it once, anywhere in the screen */
  element: ReactNode;
}

/** One download flow for every area: overlay while it runs, the spec's "Download Failed" dialog when it fails. */
export function useDownload(): UseDownload {
  const [isDownloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);

  // one download at a time, checked at once: a double-click starts one (docs/decisions/web-forms-and-navigation.md)
  const isRunning = useRef(false);
  const run = useCallback(async (task: (onProgress: DownloadProgress) => Promise<unknown>) => {
    if (isRunning.current) return false;
    isRunning.current = true;
    setDownloading(true);
    // a render per whole percent, not per chunk
    const onProgress = (fraction: number) => setPercent(Math.floor(fraction * 100));
    try {
      await task(onProgress);
      return true;
    } catch (err) {
      setFailure(errorMessage(err));
      return false;
    } finally {
      isRunning.current = false;
      setDownloading(false);
      setPercent(null);
    }
  }, []);
  const downloadFile = useCallback((file: string) => run((onProgress) => downloadStoredFile(file, onProgress)), [run]);

  const element = (
    <>
      <DownloadOverlay visible={isDownloading} percent={percent} />
      <MessageDialog opened={failure !== null} title={MESSAGES.downloadFailedTitle} onClose={() => setFailure(null)}>
        {failure ?? ''}
      </MessageDialog>
    </>
  );
  return { run, downloadFile, isDownloading, element };
}

export interface DownloadButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** the stored file's download identifier (`POST /arc/downloadtoken {file}`) */
  file: string;
  children: ReactNode;
  /** the accessible name when the text alone is ambiguous in a list ("Download Anti-kickback guide") */
  'aria-label'?: string;
  /** after the file was handed to the browser (tracking) */
  onDownloaded?: () => void;
}

/** A button that downloads one stored file with the shared overlay and "Download Failed" dialog. */
export function DownloadButton({ file, children, onDownloaded, ...buttonProps }: DownloadButtonProps) {
  const { downloadFile, isDownloading, element } = useDownload();
  return (
    <>
      <Button
        leftSection={<IconDownload size={16} aria-hidden="true" />}
        {...buttonProps}
        disabled={isDownloading || buttonProps.disabled}
        onClick={async () => {
          if (await downloadFile(file)) onDownloaded?.();
        }}
      >
        {children}
      </Button>
      {element}
    </>
  );
}
