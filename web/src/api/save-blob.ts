/**
 * Saves bytes the request layer fetched (a signed-in download: the bearer token cannot ride on a plain link)
 * under `name`, through a temporary object URL.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked on the next turn: some browsers start reading the URL only after the click's task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
