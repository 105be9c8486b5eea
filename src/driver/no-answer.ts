/** Returned by a handler that deliberately leaves a CLI request unanswered (to test hang detection). */
export const NO_ANSWER: unique symbol = Symbol('clide.no-answer');
