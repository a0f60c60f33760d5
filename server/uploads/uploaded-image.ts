import { messages } from '../messages';

/** One file of an upload, before any check. */
export interface UploadedImage {
  /** As the client named it; only used in error messages. */
  filename: string;
  data: Buffer;
}

/** A client-chosen file name, made safe to quote in a message. */
export function shown(filename: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
  const clean = filename.replace(/[\u0000-\u001f"\\]/g, '').trim();
  return (clean || messages.unnamedFile).slice(0, 80);
}
