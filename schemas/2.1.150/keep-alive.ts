/** `type: "keep_alive"`: accepted in both directions; carries nothing. The CLI answers nothing. */
import { z } from 'zod';

export const keepAlive = z.looseObject({ type: z.literal('keep_alive') });
