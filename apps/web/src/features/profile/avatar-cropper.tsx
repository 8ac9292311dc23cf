import { AVATAR_CROP } from '@arc/contract';
import { Box, Button, Group, Slider, Stack, Text } from '@mantine/core';
import { IconRotate2, IconRotateClockwise2 } from '@tabler/icons-react';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';

export interface AvatarCropperProps {
  /** an object URL of the chosen picture */
  src: string;
  isSaving: boolean;
  onCancel: () => void;
  onSave: (area: Area, rotation: number) => void;
}

/** The crop area starts at 80 % of the picture's shorter side (spec part 1 §9: auto-crop area 0.8). */
const INITIAL_ZOOM = 1 / AVATAR_CROP.autoCropArea;

/**
 * Crop mode of the avatar panel (loaded only on /profile): a square crop over the picture, drag to move, zoom
 * with the slider or the wheel, rotate in 90° steps. The container is at least 300 × 300 (spec part 1 §9).
 */
export default function AvatarCropper({ src, isSaving, onCancel, onSave }: AvatarCropperProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(INITIAL_ZOOM);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  const turn = (step: number) => setRotation((r) => (r + step + 360) % 360);

  return (
    <Stack gap="sm">
      <Box
        pos="relative"
        miw={AVATAR_CROP.minContainerWidth}
        mih={AVATAR_CROP.minContainerHeight}
        h={AVATAR_CROP.minContainerHeight}
        bg="dark.7"
        style={{ borderRadius: 8, overflow: 'hidden' }}
        data-testid="avatar-crop-area"
      >
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          rotation={rotation}
          aspect={1}
          cropShape="round"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          mediaProps={{ alt: 'Chosen picture' }}
        />
      </Box>
      <div>
        <Text size="sm" mb={4} aria-hidden="true">
          Zoom
        </Text>
        <Slider value={zoom} min={1} max={3} step={0.05} onChange={setZoom} label={null} thumbLabel="Zoom" />
      </div>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRotate2 size={16} aria-hidden="true" />}
            onClick={() => turn(-AVATAR_CROP.rotateStep)}
          >
            Rotate left
          </Button>
          <Button
            variant="default"
            leftSection={<IconRotateClockwise2 size={16} aria-hidden="true" />}
            onClick={() => turn(AVATAR_CROP.rotateStep)}
          >
            Rotate right
          </Button>
        </Group>
        <Group gap="xs">
          <Button variant="subtle" color="gray" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button onClick={() => area && onSave(area, rotation)} disabled={!area} loading={isSaving}>
            Save
          </Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" aria-live="polite">
        Rotation: {rotation}°
      </Text>
    </Stack>
  );
}
