import { object, string } from 'yup';

export const adminLoginBody = object({
  account: string().trim().required().max(50),
  password: string().required().max(128),
});
