import { type Static, Type } from 'typebox';
import { Id, Text, Timestamp } from './common';
import { IsActiveFilter, Limit, Page, PageNumber, PageSize, Search, Total } from './list-query';

export const LOGIN_PATTERN = '^[a-zA-Z0-9._-]+$';

const Login = Text({
  minLength: 3,
  maxLength: 50,
  pattern: LOGIN_PATTERN,
  description: '3-50 characters: latin letters, digits, dot, underscore, hyphen; unique among all users',
});
const Password = Text({ minLength: 8, maxLength: 200, description: 'At least 8 characters' });

export const Manager = Type.Object({
  _id: Id,
  login: Type.String(),
  is_active: Type.Boolean({ description: 'An inactive manager cannot log in and their tokens stop working' }),
  restaurants_count: Type.Integer({ description: 'Restaurants assigned to this manager' }),
  createdAt: Timestamp,
});
export type ManagerView = Static<typeof Manager>;

export const ManagerAnswer = Type.Object({ data: Manager });
export const ManagersAnswer = Type.Object({
  data: Type.Array(Manager),
  total: Type.Optional(Total),
  page: Type.Optional(PageNumber),
  limit: Type.Optional(PageSize),
});
/** GET /admin/managers: without parameters every manager; with any of them one page. */
export const ManagerListQuery = Type.Object(
  {
    page: Type.Optional(Page),
    limit: Type.Optional(Limit),
    q: Type.Optional(Search),
    is_active: Type.Optional(IsActiveFilter),
  },
  { additionalProperties: false },
);

export const CreateManagerBody = Type.Object(
  { login: Login, password: Password, is_active: Type.Optional(Type.Boolean({ description: 'Default true' })) },
  { additionalProperties: false },
);
export type CreateManagerInput = Static<typeof CreateManagerBody>;

export const UpdateManagerBody = Type.Object(
  { login: Type.Optional(Login), password: Type.Optional(Password), is_active: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateManagerInput = Static<typeof UpdateManagerBody>;
