import { describe, expect, it } from 'vitest';
import { buildQrMatrix, QR_QUIET_ZONE, qrSvgDocument } from './qr-svg';

describe('buildQrMatrix', () => {
  it('draws a QR code big enough for the link, with the finder patterns in three corners', async () => {
    const link =
      'http://localhost:3333/redirect?source=22261&publisher=1700000000000&sub=5001_noid_noid&clickid=noid&url=https%3A%2F%2Fwww.nautica.com';
    const matrix = await buildQrMatrix(link);
    // Version 6 (41 modules) is the smallest holding ~130 bytes at level M.
    expect(matrix.size).toBeGreaterThanOrEqual(41);
    expect((matrix.size - 17) % 4).toBe(0);
    const origin = QR_QUIET_ZONE;
    const far = QR_QUIET_ZONE + matrix.size - 1;
    for (const [x, y] of [
      [origin, origin],
      [far, origin],
      [origin, far],
    ]) {
      expect(matrix.path).toContain(`M${x} ${y}h1v1h-1z`);
    }
  });

  it('gives the same code for the same text and another for another text', async () => {
    const first = await buildQrMatrix('https://example.test/a');
    expect((await buildQrMatrix('https://example.test/a')).path).toBe(first.path);
    expect((await buildQrMatrix('https://example.test/b')).path).not.toBe(first.path);
  });

  it('writes a standalone SVG document with a white background and the quiet zone', async () => {
    const matrix = await buildQrMatrix('https://example.test/a');
    const side = matrix.size + QR_QUIET_ZONE * 2;
    const svg = qrSvgDocument(matrix);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain(`viewBox="0 0 ${side} ${side}"`);
    expect(svg).toContain('<rect width="' + String(side));
  });
});
