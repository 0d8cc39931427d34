import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';

/** Rules the admin CLI checks before writing an account (SPEC §5's password rule). */
export const emailSchema = z
  .email('2004')
  .max(254)
  .transform((s) => s.toLowerCase());
export const passwordRule = z
  .string()
  .min(PASSWORD_MIN, '1002')
  .max(PASSWORD_MAX, '1002')
  .regex(/[a-z]/, '1002')
  .regex(/[A-Z]/, '1002')
  .regex(/\d/, '1002')
  .regex(/[^A-Za-z0-9]/, '1002');
