import { Alert, Loader, Stack, Text } from '@mantine/core';
import { GlobalWorkerOptions, getDocument, VerbosityLevel, type PDFDocumentProxy } from 'pdfjs-dist';
// the worker as a file of its own, served from our origin (the CSP's script-src 'self' covers it)
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages past this many are not drawn at once: the staff member downloads a longer file. */
const MAX_PAGES = 20;

export interface StaffPdfViewerProps {
  /** the PDF's bytes (copied here: PDF.js hands its buffer to the worker) */
  bytes: ArrayBuffer;
  name: string;
}

/**
 * An enrollment's PDF drawn in the page with PDF.js (issue 32): each page a canvas as wide as the panel. This module
 * and PDF.js (with its worker) load only when a PDF is opened (React.lazy in the queue page), never with the queue.
 * Warnings are kept out of the console (a PDF without embedded fonts would log one per font).
 */
export function StaffPdfViewer({ bytes, name }: StaffPdfViewerProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ pages: number; drawn: number } | { error: string } | null>(null);

  useEffect(() => {
    let isCancelled = false;
    let document: PDFDocumentProxy | undefined;
    const task = getDocument({
      data: new Uint8Array(bytes.slice(0)),
      verbosity: VerbosityLevel.ERRORS,
    });
    const draw = async () => {
      document = await task.promise;
      const target = container.current;
      if (isCancelled || !target) return;
      target.replaceChildren();
      const count = Math.min(document.numPages, MAX_PAGES);
      setState({ pages: document.numPages, drawn: 0 });
      const width = target.clientWidth || 600;
      const ratio = window.devicePixelRatio || 1;
      for (let n = 1; n <= count; n++) {
        const page = await document.getPage(n);
        if (isCancelled) return;
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (width / base.width) * ratio });
        const canvas = window.document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = '100%';
        canvas.style.display = 'block';
        canvas.style.border = '1px solid var(--mantine-color-gray-4)';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `${name}, page ${n} of ${document.numPages}`);
        target.append(canvas);
        await page.render({ canvas, viewport }).promise;
        if (!isCancelled) setState({ pages: document.numPages, drawn: n });
      }
    };
    draw().catch((err: unknown) => {
      if (!isCancelled) setState({ error: err instanceof Error ? err.message : String(err) });
    });
    return () => {
      isCancelled = true;
      void task.destroy();
    };
  }, [bytes, name]);

  return (
    <Stack gap="xs">
      {state === null && <Loader size="sm" aria-label="Opening the PDF" />}
      {state && 'error' in state && (
        <Alert color="red" role="alert" title="The PDF could not be shown">
          {state.error}. Download it to read it.
        </Alert>
      )}
      {state && 'pages' in state && state.pages > MAX_PAGES && (
        <Text size="sm" c="dimmed">
          The first {MAX_PAGES} of {state.pages} pages are shown; download the file for the rest.
        </Text>
      )}
      <Stack gap="sm" ref={container} aria-label={`${name} (PDF)`} role="group" />
    </Stack>
  );
}
