import { fromPromise } from 'xstate';
import { updateRestaurant } from '../../client/restaurants';
import type { DigestChange } from './digestTime.rules';

export interface SaveDigestInput {
  /** The restaurant update names the restaurant by its slug. */
  slug: string;
  change: DigestChange;
}

export const digestTimeActors = {
  /** PUT /manager/restaurants/update?slug= with `digest_time` → the restaurant as stored. */
  saveDigest: fromPromise(({ input, signal }: { input: SaveDigestInput; signal: AbortSignal }) =>
    updateRestaurant(input.slug, input.change, { signal }),
  ),
};
