/**
 * Turns a link into the dark modules of a QR code, with `qrcode-generator` loaded on first use: the library is
 * only needed once a link has been generated, so it stays out of the screens' first chunk.
 */

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** One SVG path drawing every dark module as a 1 × 1 square, offset by the quiet zone. */
  path: string;
}

/** The quiet zone the QR standard asks for around the code, in modules. */
export const QR_QUIET_ZONE = 4;

export async function buildQrMatrix(text: string): Promise<QrMatrix> {
  const { default: qrcode } = await import('qrcode-generator');
  // Type 0 picks the smallest version that holds the text; M recovers from 15 % damage (printed codes).
  const code = qrcode(0, 'M');
  code.addData(text, 'Byte');
  code.make();
  const size = code.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (code.isDark(row, col)) parts.push(`M${col + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size, path: parts.join('') };
}

/** The QR code as a standalone SVG document, for the download. */
export function qrSvgDocument(matrix: QrMatrix, pixelsPerModule = 8): string {
  const side = matrix.size + QR_QUIET_ZONE * 2;
  const pixels = side * pixelsPerModule;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">`,
    `<rect width="${side}" height="${side}" fill="#ffffff"/>`,
    `<path d="${matrix.path}" fill="#000000"/>`,
    '</svg>',
  ].join('');
}
