import { AppError } from '../../http/errors.js';

/** A decision that the item's current state does not allow (409 `{ success:false, error }`). */
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
