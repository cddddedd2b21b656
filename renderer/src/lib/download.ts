/**
 * Hands a text to the user as a file: a Blob link clicked for them, which the browser saves (Electron asks
 * where, as for any download). No Save dialog of our own, so it works the same in the app and in the e2e
 * harness.
 */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has what it needs once started; the URL can go after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
