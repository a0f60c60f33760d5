// Preloaded into the end-to-end server process (node --import): its clock can be moved by a spec, so a journey can
// watch a menu follow the clock ("breakfast until 11:00") without waiting for the hour. Test support only: the
// product never loads it. The offset is read from E2E_CLOCK_FILE on SIGUSR2 and acknowledged in `<file>.ack`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.env.E2E_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  let offset = 0;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
  process.on('SIGUSR2', () => {
    const text = readFileSync(file, 'utf8').trim();
    offset = Number(text) || 0;
    writeFileSync(`${file}.ack`, text);
  });
}
