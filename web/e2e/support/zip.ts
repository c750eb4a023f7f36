import { inflateRawSync } from 'node:zlib';

/** The files of a zip archive (an XLSX is one), read from its local headers: enough to check what a test wrote. */
export const unzip = (archive: Buffer): Map<string, string> => {
  const files = new Map<string, string>();
  let at = 0;
  while (archive.readUInt32LE(at) === 0x04034b50) {
    const method = archive.readUInt16LE(at + 8);
    const compressed = archive.readUInt32LE(at + 18);
    const nameLength = archive.readUInt16LE(at + 26);
    const extraLength = archive.readUInt16LE(at + 28);
    const name = archive.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength + extraLength;
    const data = archive.subarray(start, start + compressed);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at = start + compressed;
  }
  return files;
};
