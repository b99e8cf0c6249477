import sharp from 'sharp';

/** Test helpers of the uploads API. */

const BOUNDARY = 'livent-test-boundary';

/** A multipart/form-data request body with one file part, and its content type. */
export function multipartFile(
  bytes: Buffer,
  filename = 'image.png',
  contentType = 'image/png',
  fieldname = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fieldname}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** A real PNG of one colour. */
export function testPng(width = 40, height = 30): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .png()
    .toBuffer();
}
