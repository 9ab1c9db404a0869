import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';

/** Quiet zone drawn around the image, in CSS pixels: a scanner needs light around the code. */
const QUIET_ZONE = 24;

/**
 * What a phone's camera reads from a QR code image on the page: the image is drawn on a canvas with a
 * light border, and its pixels are decoded by jsQR (a decoder of its own, not the encoder the API uses).
 * Answers null when no code is found.
 */
export async function readQrCode(image: Locator): Promise<string | null> {
  const { width, height, pixels } = await image.evaluate(async (element, margin) => {
    const img = element as HTMLImageElement;
    await img.decode();
    const size = { width: img.width + 2 * margin, height: img.height + 2 * margin };
    const canvas = document.createElement('canvas');
    Object.assign(canvas, size);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(img, margin, margin, img.width, img.height);
    return { ...size, pixels: Array.from(context.getImageData(0, 0, size.width, size.height).data) };
  }, QUIET_ZONE);
  return jsQR(Uint8ClampedArray.from(pixels), width, height)?.data ?? null;
}
