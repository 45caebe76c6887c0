import type { FastifyReply } from 'fastify';

/**
 * A file download as the contract sends it: application/octet-stream, an ASCII fallback name and the
 * real (Chinese) name per RFC 6266, never cached (exports hold personal data).
 */
export function sendDownload(reply: FastifyReply, bytes: Buffer | Uint8Array, fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '');
  return reply
    .header('Content-Type', 'application/octet-stream')
    .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('Cache-Control', 'no-store')
    .send(Buffer.from(bytes));
}
