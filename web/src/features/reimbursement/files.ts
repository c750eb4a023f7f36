/** A file's first bytes, to check its type by content; empty when it cannot be read. */
export const readHead = async (file: Blob, bytes: number): Promise<Uint8Array> => {
  try {
    return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
  } catch {
    return new Uint8Array();
  }
};
