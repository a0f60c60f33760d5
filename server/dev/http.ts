import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the two local stand-ins for services we cannot reach share (the iiko POS simulator, server/dev/pos; the
 * Telegram Bot API simulator, server/dev/telegram): answering JSON, and reading a request body up to a cap.
 */

/** Answers `body` as JSON, unless the caller is gone. Each service names its own Content-Type as the real one does. */
export function sendJson(response: ServerResponse, status: number, body: unknown, contentType: string): void {
  if (response.writableEnded || response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

/**
 * The body as text, or `tooLarge` past `maxBytes`. A body too large is still read to its end (and dropped), so the
 * refusal reaches the caller instead of a reset connection.
 */
export async function readBody(
  request: IncomingMessage,
  maxBytes: number,
): Promise<{ text: string; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= maxBytes) chunks.push(chunk as Buffer);
  }
  return size > maxBytes
    ? { text: '', tooLarge: true }
    : { text: Buffer.concat(chunks).toString('utf8'), tooLarge: false };
}
