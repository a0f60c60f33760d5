import { Type } from 'typebox';
import { Text } from './common';

export const LoginBody = Type.Object(
  {
    login: Text({ minLength: 1, maxLength: 100 }),
    password: Text({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export const LoginAnswer = Type.Object({ data: Type.Object({ accessToken: Type.String() }) });
export const Role = Type.Union([Type.Literal('admin'), Type.Literal('manager')]);
export const Profile = Type.Object({
  _id: Type.String(),
  login: Type.String(),
  role: Role,
  is_active: Type.Boolean(),
});
export const ProfileAnswer = Type.Object({ data: Profile });

export const ChangePasswordBody = Type.Object(
  {
    current_password: Text({ minLength: 1, maxLength: 200, description: 'The password used now' }),
    new_password: Text({ minLength: 8, maxLength: 200, description: 'At least 8 characters' }),
  },
  { additionalProperties: false },
);
