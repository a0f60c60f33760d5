import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { UploadInput } from '../../machines/upload/upload.actors';
import { uploadMachine } from '../../machines/upload/upload.machine';
import { selectError, selectFileName, selectPercent } from '../../machines/upload/upload.selectors';
import { flush, pending, rejecting } from './helpers';

const file = new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' });

function start(upload: unknown) {
  const uploaded = vi.fn();
  const machine = uploadMachine.provide({
    actors: { upload: upload as never },
    actions: { uploaded: (_, params) => uploaded(params) },
  });
  return { actor: createActor(machine, { input: { restaurantId: 'r1', kind: 'logotype' } }).start(), uploaded };
}

describe('upload machine', () => {
  it('reports progress from the request, then the stored URL', async () => {
    let release!: () => void;
    const inputs: UploadInput[] = [];
    const logic = fromPromise<{ url: string }, UploadInput>(async ({ input }) => {
      inputs.push(input);
      input.reportTo.send({ type: 'upload.progress', loaded: 50, total: 200 });
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { url: '/uploads/abc.webp' };
    });
    const { actor, uploaded } = start(logic);
    actor.send({ type: 'upload.start', file });
    await flush();
    expect(inputs[0]).toMatchObject({ restaurantId: 'r1', kind: 'logotype', file });
    expect(selectPercent(actor.getSnapshot())).toBe(25);
    release();
    await flush();
    expect(actor.getSnapshot().matches('done')).toBe(true);
    expect(selectPercent(actor.getSnapshot())).toBe(100);
    expect(uploaded).toHaveBeenCalledWith({ url: '/uploads/abc.webp' });
  });

  it("shows the server's reason when the file is refused", async () => {
    const { actor } = start(rejecting(400, 'Faqat JPEG, PNG yoki WebP rasm').logic);
    actor.send({ type: 'upload.start', file });
    await flush();
    expect(selectError(actor.getSnapshot())).toBe('Faqat JPEG, PNG yoki WebP rasm');
  });

  it('cancelling aborts the request', () => {
    const hanging = pending();
    const { actor } = start(hanging.logic);
    actor.send({ type: 'upload.start', file });
    actor.send({ type: 'upload.cancel' });
    expect(hanging.probe.aborted).toBe(1);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it("keeps the chosen file's name for the picker, the newest choice, until a cancel", async () => {
    const hanging = pending();
    const { actor } = start(hanging.logic);
    expect(selectFileName(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'upload.start', file });
    expect(selectFileName(actor.getSnapshot())).toBe('logo.png');
    actor.send({ type: 'upload.cancel' });
    expect(selectFileName(actor.getSnapshot())).toBeNull();

    const { actor: failing } = start(rejecting(400, 'Faqat JPEG, PNG yoki WebP rasm').logic);
    failing.send({ type: 'upload.start', file });
    await flush();
    expect(failing.getSnapshot().matches('failed')).toBe(true);
    expect(selectFileName(failing.getSnapshot())).toBe('logo.png');
    failing.send({ type: 'upload.start', file: new File(['x'], 'yangi-logo.webp', { type: 'image/webp' }) });
    expect(selectFileName(failing.getSnapshot())).toBe('yangi-logo.webp');
  });
});
