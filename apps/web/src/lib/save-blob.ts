/** Hands a blob to the browser as a download with the given file name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next task: some browsers start reading the blob only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
