import { Router } from 'express';

/** The operator console: behind an operator login, never public. */
export function consoleRouter(): Router {
  const r = Router();
  return r;
}
