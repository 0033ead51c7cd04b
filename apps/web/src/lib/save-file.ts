/**
 * Hands a file the app fetched (a PDF behind the sign-in) to the browser as a download: an object
 * URL on a temporary link, released once the browser has taken it.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the next task; a minute is generous for slow file dialogs.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
