/** Written by `npm run schemas:reconcile`. */
import type { Amendment } from '../amend.js';

export const sdkVersion = '';

export const sdkAmendments: readonly Amendment[] = [];
