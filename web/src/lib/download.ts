/** Saves a blob as a file; false on failure or when there is no data (spec section 8). */
export function downloadBlob(blob: Blob | null | undefined, fileName: string): boolean {
  if (!blob || blob.size === 0) return false;
  try {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    return true;
  } catch (err) {
    console.warn('download failed', err);
    return false;
  }
}
