import type { InsightsFile } from '../../../client/insights';

/**
 * Saves a fetched file as the browser saves a download: a link to the blob, clicked, then let go. A link to the API
 * cannot be used directly: the report is behind the bearer token, which a link does not send.
 */
export function saveFile({ blob, fileName }: InsightsFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the blob's address is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
