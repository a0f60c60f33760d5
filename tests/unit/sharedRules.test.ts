import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../client/client';
import { sessionFromToken } from '../../machines/auth/token';
import { isServerError, optionActorId, rowActorId, summaryOf } from '../../machines/options/options.rules';
import {
  byPositions,
  CATEGORY_POSITIONS_PREFIX,
  canMoveTo,
  moveTo,
  PRODUCT_POSITIONS_PREFIX,
  positionsKey,
  samePositions,
  withoutId,
} from '../../machines/reorder/reorder.rules';
import { confirmDeleteMachine, deleteError, isDeleting, outcomeIs } from '../../machines/shared/confirmDelete.machine';
import { serverMessage, statusOf } from '../../machines/shared/errors';
import { pending } from '../machines/helpers';
import { fakeToken } from '../ui/models/tokens';

/** The small pure rules the machines share: the token, API errors, option ids, display order, delete outcomes. */

const NOW = Date.parse('2030-01-01T00:00:00Z');

describe('sessionFromToken (spec 3: role and _id from the token)', () => {
  it('reads an admin’s and a manager’s role and id', () => {
    expect(sessionFromToken(fakeToken({ role: 'admin', _id: 'a1' }), NOW)).toEqual({ role: 'admin', _id: 'a1' });
    expect(sessionFromToken(fakeToken({ role: 'manager', _id: 'm1', exp: NOW / 1000 + 1 }), NOW)).toEqual({
      role: 'manager',
      _id: 'm1',
    });
  });

  it('no token, a malformed one, an unknown role, a missing or empty id: no session', () => {
    expect(sessionFromToken(null, NOW)).toBeNull();
    expect(sessionFromToken('', NOW)).toBeNull();
    expect(sessionFromToken('not-a-token', NOW)).toBeNull();
    expect(sessionFromToken(fakeToken({ role: 'cook', _id: 'a1' }), NOW)).toBeNull();
    expect(sessionFromToken(fakeToken({ role: 'admin' }), NOW)).toBeNull();
    expect(sessionFromToken(fakeToken({ role: 'admin', _id: '' }), NOW)).toBeNull();
    expect(sessionFromToken(fakeToken({ role: 'admin', _id: 7 }), NOW)).toBeNull();
  });

  it('expires at its exp second exactly, not a millisecond later', () => {
    expect(sessionFromToken(fakeToken({ role: 'admin', _id: 'a1', exp: NOW / 1000 }), NOW)).toBeNull();
    expect(sessionFromToken(fakeToken({ role: 'admin', _id: 'a1', exp: NOW / 1000 }), NOW - 1)).not.toBeNull();
    // An exp that is not a number is not an expiry.
    expect(sessionFromToken(fakeToken({ role: 'admin', _id: 'a1', exp: '0' }), NOW)).not.toBeNull();
  });
});

describe('API errors as the machines read them', () => {
  it('statusOf: the HTTP status; 0 for anything that is not an API error', () => {
    expect(statusOf(new ApiError(404, 'yo‘q'))).toBe(404);
    expect(statusOf(new Error('x'))).toBe(0);
    expect(statusOf(undefined)).toBe(0);
  });

  it('serverMessage: the server’s own text, none when the server was not reached', () => {
    expect(serverMessage(new ApiError(409, 'Bu nom band'))).toBe('Bu nom band');
    expect(serverMessage(new ApiError(0, 'offline'))).toBeNull();
    expect(serverMessage(new Error('Bu nom band'))).toBeNull();
  });

  it('isServerError: only an HTTP 500 is told (spec 8)', () => {
    expect(isServerError({ error: new ApiError(500, 'x') })).toBe(true);
    expect(isServerError({ error: new ApiError(404, 'x') })).toBe(false);
    expect(isServerError({})).toBe(false);
  });
});

describe('option ids', () => {
  it('a card’s summary keeps its id, name, product and choice counts (with `required`), not its rows', () => {
    expect(summaryOf({ _id: 'o1', name: 'Hajmi', product_id: 'p1', rows: [] } as never)).toEqual({
      _id: 'o1',
      name: 'Hajmi',
      product_id: 'p1',
      required: false,
      min_choices: 0,
      max_choices: 1,
    });
    // An answer read before the counts: `required` says the minimum.
    expect(summaryOf({ _id: 'o2', name: 'Porsiya', product_id: 'p1', required: true, rows: [] } as never)).toEqual({
      _id: 'o2',
      name: 'Porsiya',
      product_id: 'p1',
      required: true,
      min_choices: 1,
      max_choices: 1,
    });
    expect(
      summaryOf({
        _id: 'o3',
        name: "Qo'shimchalar",
        product_id: 'p1',
        required: true,
        min_choices: 2,
        max_choices: 3,
        rows: [],
      } as never),
    ).toEqual({ _id: 'o3', name: "Qo'shimchalar", product_id: 'p1', required: true, min_choices: 2, max_choices: 3 });
  });

  it('actor ids by kind, so an option and a row with the same id never collide', () => {
    expect(optionActorId({ _id: 'x' })).toBe('option-x');
    expect(rowActorId({ _id: 'x' })).toBe('row-x');
  });
});

describe('display order (spec 3, 4)', () => {
  it('the localStorage keys of a restaurant’s categories and a category’s products', () => {
    expect(positionsKey(CATEGORY_POSITIONS_PREFIX, 'r1')).toBe('categoryOrder_r1');
    expect(positionsKey(PRODUCT_POSITIONS_PREFIX, 'c1')).toBe('productOrder_c1');
  });

  it('samePositions: the same ids in the same places', () => {
    expect(samePositions(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(samePositions(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(samePositions(['a'], ['a', 'b'])).toBe(false);
    expect(samePositions([], [])).toBe(true);
  });

  it('canMoveTo: inside the list, to another place, within the page (10 a page)', () => {
    const ids = Array.from({ length: 12 }, (_, i) => `p${i}`);
    expect(canMoveTo(ids, 'p0', 9, 10)).toBe(true);
    expect(canMoveTo(ids, 'p10', 11, 10)).toBe(true);
    expect(canMoveTo(ids, 'p10', 9, 10)).toBe(false);
    expect(canMoveTo(ids, 'p3', 3, null)).toBe(false);
    expect(canMoveTo(ids, 'p3', 12, null)).toBe(false);
    expect(canMoveTo(ids, 'p3', 11, null)).toBe(true);
    expect(canMoveTo(ids, 'p3', 0, null)).toBe(true);
    expect(canMoveTo(ids, 'gone', 0, null)).toBe(false);
  });

  it('moveTo and withoutId', () => {
    expect(moveTo(['a', 'b', 'c'], 'a', 2)).toEqual(['b', 'c', 'a']);
    expect(withoutId(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });

  it('byPositions: known items in their stored positions, new ones after them as loaded', () => {
    const items = [{ _id: 'n1' }, { _id: 'a' }, { _id: 'n2' }, { _id: 'b' }];
    expect(byPositions(items, ['b', 'a']).map((x) => x._id)).toEqual(['b', 'a', 'n1', 'n2']);
  });
});

describe('confirm-delete outcomes', () => {
  it('outcomeIs matches the cycle’s result; deleteError is the failed call’s error only', () => {
    const error = new ApiError(500, 'x');
    expect(outcomeIs('deleted')({ event: { output: { result: 'deleted' } } })).toBe(true);
    expect(outcomeIs('failed')({ event: { output: { result: 'deleted' } } })).toBe(false);
    expect(deleteError({ result: 'failed', error })).toBe(error);
    expect(deleteError({ result: 'deleted' })).toBeUndefined();
  });

  it('isDeleting: only while the call runs (not while asking, not without a cycle)', () => {
    const asking = createActor(confirmDeleteMachine, { input: { target: { id: 'x' } } }).start();
    expect(isDeleting(asking.getSnapshot())).toBe(false);
    expect(isDeleting(undefined)).toBe(false);
    const running = createActor(confirmDeleteMachine.provide({ actors: { remove: pending().logic as never } }), {
      input: { target: { id: 'x' } },
    }).start();
    running.send({ type: 'confirm.yes' });
    expect(isDeleting(running.getSnapshot())).toBe(true);
  });
});
