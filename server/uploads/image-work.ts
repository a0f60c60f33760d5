import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { HttpError } from '../errors';
import { messages } from '../messages';
import { WorkQueue, WorkQueueFull } from '../work-queue';

/**
 * How much of the machine image work may take. A sharp pipeline holds one thread of libuv's pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise) for as long as it runs, and that pool also runs scrypt (every login), gzip, file
 * reads (/uploads/*) and DNS lookups: two slow images used to hold all four and stall every tenant. So:
 * - one upload's images are re-encoded at a time, the steps of each one after the other: image work holds at most one
 *   pool thread, whatever the pool size, and the other three keep logins, menus and files answering;
 * - libvips gets at most half the cores for that one image (at least one), so the rest of the server keeps a core.
 *   sharp's own default is kept when lower: 1 thread on glibc Linux (less memory fragmentation), every core elsewhere.
 *   On this 2-core machine one thread decodes a 12 MP JPEG in ~0.3 s and the slowest allowed PNG in ~2 s;
 * - at most 8 uploads wait (each holds up to 10 × 5 MB of request body in memory); the next is refused at once with
 *   503 and Retry-After instead of queueing behind a flood;
 * - each image gets 10 s, about five times the slowest image the limits allow (dimensions.ts): past that libvips is
 *   told to stop, which frees its thread (a timer in JavaScript alone would leave the thread working).
 */
sharp.concurrency(Math.min(sharp.concurrency(), Math.max(1, Math.floor(availableParallelism() / 2))));

export const imageWork = new WorkQueue({ concurrency: 1, maxWaiting: 8 });
export const IMAGE_TIMEOUT_SECONDS = 10;
/** About what 8 waiting uploads of phone photos take. */
export const IMAGE_WORK_RETRY_AFTER = 10;

/**
 * 503 for image work refused now (queue full) or cut off (time limit): the server, not the request, is at its limit.
 * `retryAfter` is sent as the Retry-After header.
 */
export class ImageWorkRefused extends HttpError {
  readonly retryAfter = IMAGE_WORK_RETRY_AFTER;
  constructor(message: string) {
    super(503, message);
    this.name = 'ImageWorkRefused';
  }
}

/** Runs `task` in the image queue; a full queue is an ImageWorkRefused. */
export function runImageWork<T>(task: () => Promise<T>, queue: WorkQueue = imageWork): Promise<T> {
  return queue.run(task).catch((error: unknown) => {
    throw error instanceof WorkQueueFull ? new ImageWorkRefused(messages.imageWorkBusy) : error;
  });
}

/** sharp's error when `timeout({ seconds })` stopped a pipeline: "timeout: 53% complete". */
export function isSharpTimeout(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('timeout:');
}
