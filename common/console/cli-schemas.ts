import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { Code, codeMessage } from '../errors/codes';

/**
 * Rules the admin CLI checks before writing an account (the password: 8 to 15 characters mixing upper and
 * lower case letters, digits and symbols).
 */
export const emailSchema = z
  .email(codeMessage(Code.EmailFormat))
  .max(254)
  .transform((s) => s.toLowerCase());
const passwordRuleCode = codeMessage(Code.PasswordRule);
export const passwordRule = z
  .string()
  .min(PASSWORD_MIN, passwordRuleCode)
  .max(PASSWORD_MAX, passwordRuleCode)
  .regex(/[a-z]/, passwordRuleCode)
  .regex(/[A-Z]/, passwordRuleCode)
  .regex(/\d/, passwordRuleCode)
  .regex(/[^A-Za-z0-9]/, passwordRuleCode);
