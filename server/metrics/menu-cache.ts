import { Counter, Gauge, type Registry } from 'prom-client';
import type { MenuCacheMemory } from '../menu/cache-memory';

/**
 * The public menu caches (the pages, the public reads), read from their budget at each scrape: lookups that found an
 * entry and that did not (the hit ratio is hits / (hits + misses)), and the bytes each holds against MENU_CACHE_MB.
 */
export function menuCacheMetrics(registry: Registry, memory: () => MenuCacheMemory | undefined): void {
  new Counter({
    name: 'menyu_menu_cache_lookups_total',
    help: 'Lookups in the public menu caches since the start, by cache and result (hit, miss).',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { name, hits, misses } of memory()?.lookups() ?? []) {
        this.inc({ cache: name, result: 'hit' }, hits);
        this.inc({ cache: name, result: 'miss' }, misses);
      }
    },
  });
  new Gauge({
    name: 'menyu_menu_cache_bytes',
    help: 'Estimated bytes each public menu cache holds (all of them share MENU_CACHE_MB).',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      this.reset();
      for (const cache of memory()?.stats().caches ?? []) this.set({ cache: cache.name }, cache.bytes);
    },
  });
}
