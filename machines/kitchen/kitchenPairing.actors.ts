import { fromPromise } from 'xstate';
import { pairKitchen } from '../../client/kitchen';
import { kitchenDisplayMachine } from './kitchenDisplay.machine';

/** The pairing call (POST /kitchen/pair, throws the client's ApiError) and the display the paired device runs. */
export const kitchenPairingActors = {
  pair: fromPromise(({ input, signal }: { input: { code: string }; signal: AbortSignal }) =>
    pairKitchen(input.code, { signal }),
  ),
  kitchenDisplay: kitchenDisplayMachine,
};
