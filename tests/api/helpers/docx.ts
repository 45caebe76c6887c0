import { inflateRawSync } from 'node:zlib';

/** The text of word/document.xml inside a .docx (a zip): read from its local file header. */
export function documentXml(buf: Buffer): string {
  const name = Buffer.from('word/document.xml');
  for (let at = buf.indexOf('PK\x03\x04', 0, 'latin1'); at >= 0; at = buf.indexOf('PK\x03\x04', at + 4, 'latin1')) {
    const method = buf.readUInt16LE(at + 8);
    const size = buf.readUInt32LE(at + 18);
    const nameLen = buf.readUInt16LE(at + 26);
    const extra = buf.readUInt16LE(at + 28);
    if (!buf.subarray(at + 30, at + 30 + nameLen).equals(name)) continue;
    const data = buf.subarray(at + 30 + nameLen + extra, at + 30 + nameLen + extra + size);
    return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
  }
  throw new Error('no word/document.xml');
}
