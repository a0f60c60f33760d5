import { build } from 'vite';
import { isBuildNoise } from './panel-build';

/**
 * The process scripts/panel-build.ts runs: `vite build` of `<root>` into `<outDir>` that writes only warnings and
 * errors (Vite's progress and file list are info), without Rolldown's plugin timings. Exits 1 when the build fails.
 */
const [root, outDir] = process.argv.slice(2);

try {
  await build({
    root,
    logLevel: 'warn',
    clearScreen: false,
    build: {
      outDir,
      emptyOutDir: true,
      rolldownOptions: {
        onLog: (level, log, handler) => {
          if (!isBuildNoise(log)) handler(level, log);
        },
      },
    },
  });
} catch (error) {
  // Vite has said "Build failed"; the reason (file, line and frame when it knows them) is the error itself.
  const { message, frame } = error as { message?: string; frame?: string };
  console.error([message ?? String(error), frame].filter(Boolean).join('\n'));
  process.exit(1);
}
