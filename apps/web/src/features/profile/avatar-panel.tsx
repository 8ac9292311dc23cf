import { PROFILE_MESSAGES, type Agent } from '@arc/contract';
import { Alert, Avatar, Button, Center, FileButton, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { errorMessage } from '../../api/client.ts';
import { useUpdateAvatar } from '../../api/profile-updates.ts';
import { MessageDialog } from '../../ui/message-dialog.tsx';
import { cropImage, loadImage } from './crop-image.ts';

// the cropper (and react-easy-crop) loads only when a picture is chosen
const AvatarCropper = lazy(() => import('./avatar-cropper.tsx'));

type Dialog = { title: string; message: string } | null;

/** The chosen file as a data: URL, which the page's CSP lets an <img> and a canvas read. */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/**
 * Spec part 1 §2, §4: view mode shows the picture and Change Picture; choosing a file opens crop mode; Save or
 * Cancel returns to view mode. A file that is not an image never reaches crop mode.
 */
export function AvatarPanel({ agent }: { agent: Agent }) {
  const [source, setSource] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const upload = useUpdateAvatar(({ src, area, rotation }: { src: string; area: Area; rotation: number }) =>
    cropImage(src, area, rotation),
  );

  async function onChoose(file: File | null) {
    setFileError(null);
    if (!file) return;
    try {
      if (!file.type.startsWith('image/')) throw new Error('not an image');
      const url = await readAsDataUrl(file);
      // a file that only claims to be an image does not decode
      await loadImage(url);
      setSource(url);
    } catch {
      setFileError(PROFILE_MESSAGES.notAnImage);
    }
  }

  async function onSave(area: Area, rotation: number) {
    if (!source) return;
    try {
      await upload.mutateAsync({ src: source, area, rotation });
      setSource(null);
      setDialog({ title: PROFILE_MESSAGES.avatarUpdatedTitle, message: PROFILE_MESSAGES.avatarUpdated });
    } catch (err) {
      setDialog({ title: PROFILE_MESSAGES.avatarFailedTitle, message: errorMessage(err) });
    }
  }

  return (
    <Paper p="lg" withBorder>
      <Stack gap="md">
        <Title order={2} size="h4">
          Profile Picture
        </Title>
        {source ? (
          <Suspense
            fallback={
              <Center mih={300}>
                <Loader aria-label="Loading the cropper" />
              </Center>
            }
          >
            <AvatarCropper
              src={source}
              isSaving={upload.isPending}
              onCancel={() => setSource(null)}
              onSave={(area, rotation) => void onSave(area, rotation)}
            />
          </Suspense>
        ) : (
          <Stack align="center" gap="sm">
            <Avatar
              src={agent.avatar}
              alt={agent.avatar ? `Picture of ${agent.firstName} ${agent.lastName}` : undefined}
              size={160}
              radius={160}
              color="brand"
              data-testid="profile-avatar"
            >
              <Text fz={48} fw={600} aria-hidden="true">
                {`${agent.firstName.charAt(0)}${agent.lastName.charAt(0)}`.toUpperCase()}
              </Text>
            </Avatar>
            <FileButton onChange={(file) => void onChoose(file)} accept="image/*">
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconPhotoUp size={18} aria-hidden="true" />}>
                  Change Picture
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed" ta="center">
              JPEG, PNG, GIF or WebP. You can crop and rotate it before it is saved.
            </Text>
            {fileError && (
              <Alert color="red" role="alert" w="100%">
                {fileError}
              </Alert>
            )}
          </Stack>
        )}
      </Stack>
      <MessageDialog opened={dialog !== null} title={dialog?.title ?? ''} onClose={() => setDialog(null)}>
        {dialog?.message ?? ''}
      </MessageDialog>
    </Paper>
  );
}
