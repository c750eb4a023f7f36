/** A chosen file's content as base64 (no data: prefix), as the contract's ClaimDocumentInput sends it. */
export const readAsBase64 = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('A document could not be read. Remove it and choose it again.'));
    reader.readAsDataURL(file);
  });

/** The claim's documents to send: name and base64 content. */
export const documentInputs = (files: readonly File[]) => Promise.all(files.map(async (f) => ({ name: f.name.slice(0, 200), data: await readAsBase64(f) })));

/** A file's first bytes, to check its type by content; empty when it cannot be read. */
export const readHead = async (file: Blob, bytes: number): Promise<Uint8Array> => {
  try {
    return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
  } catch {
    return new Uint8Array();
  }
};
