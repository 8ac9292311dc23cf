import { AVATAR_SIZE } from '@arc/contract';

/** A rectangle in the rotated picture's pixels, as react-easy-crop reports it. */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Loads a picture; rejects when the browser cannot decode it (a file that only claims to be an image). */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('not an image'));
    image.src = src;
  });
}

/** The size of the box a `width` × `height` picture needs once turned by `degrees`. */
function rotatedSize(width: number, height: number, degrees: number) {
  const radians = (degrees * Math.PI) / 180;
  return {
    width: Math.abs(Math.cos(radians) * width) + Math.abs(Math.sin(radians) * height),
    height: Math.abs(Math.sin(radians) * width) + Math.abs(Math.cos(radians) * height),
  };
}

/**
 * Draws the chosen square of the picture, turned by `rotation` degrees, into a JPEG of at most AVATAR_SIZE
 * pixels a side: what is uploaded is what the cropper showed, and small (the server re-encodes it anyway).
 */
export async function cropImage(src: string, area: PixelArea, rotation: number): Promise<Blob> {
  const image = await loadImage(src);
  const box = rotatedSize(image.naturalWidth, image.naturalHeight, rotation);
  const rotated = document.createElement('canvas');
  rotated.width = Math.round(box.width);
  rotated.height = Math.round(box.height);
  const context = rotated.getContext('2d');
  if (!context) throw new Error('canvas unavailable');
  context.translate(rotated.width / 2, rotated.height / 2);
  context.rotate((rotation * Math.PI) / 180);
  context.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);

  const scale = Math.min(1, AVATAR_SIZE / Math.max(area.width, area.height));
  const output = document.createElement('canvas');
  output.width = Math.max(1, Math.round(area.width * scale));
  output.height = Math.max(1, Math.round(area.height * scale));
  const out = output.getContext('2d');
  if (!out) throw new Error('canvas unavailable');
  out.fillStyle = '#ffffff';
  out.fillRect(0, 0, output.width, output.height);
  out.drawImage(rotated, area.x, area.y, area.width, area.height, 0, 0, output.width, output.height);
  return new Promise((resolve, reject) => {
    output.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('could not encode'))), 'image/jpeg', 0.92);
  });
}
