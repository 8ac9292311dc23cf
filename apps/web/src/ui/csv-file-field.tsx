import { Button, FileButton, Group, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { formatBytes } from '../api/staff-import-kinds.ts';

/**
 * The back office's CSV file picker (imports, commission statements): a labelled Choose button, the chosen file's
 * name and size, and, past `maxBytes`, the message that it is over the limit (the caller keeps its actions off).
 */
export function CsvFileField({
  label,
  file,
  maxBytes,
  onChange,
}: {
  label: string;
  file: File | null;
  maxBytes: number;
  onChange: (file: File | null) => void;
}) {
  const labelId = useId();
  return (
    <div>
      <Text fw={700} size="sm" mb={4} id={labelId}>
        {label}
      </Text>
      <Group gap="sm">
        <FileButton accept=".csv,text/csv" onChange={onChange}>
          {(props) => (
            <Button variant="default" aria-describedby={labelId} {...props}>
              {file ? 'Choose another file' : 'Choose a file'}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c={file ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {file ? `${file.name} · ${formatBytes(file.size)}` : 'No file chosen'}
        </Text>
      </Group>
      {file !== null && file.size > maxBytes && (
        <Text size="sm" c="red.8" mt={4} role="alert">
          This file is over the limit of {formatBytes(maxBytes)}.
        </Text>
      )}
    </div>
  );
}
