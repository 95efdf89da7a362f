import sharp from 'sharp';

/** Small real images for upload tests, made by sharp (no fixtures on disk). */

/** A JPEG carrying EXIF: a copyright line, a camera and a GPS position. */
export function jpegWithExif(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'secret-owner-copyright', Make: 'SecretCamera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 33/1 0/1' },
    })
    .toBuffer();
}

export function png(width = 32, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } } })
    .png()
    .toBuffer();
}
